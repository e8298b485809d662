import type { InvestmentView, WholesaleDeclarationView } from '@app/contracts';
import type { Investment } from './investment.entity';
import type { WholesaleDeclaration } from './wholesale-declaration.entity';

/** When an investment awaiting payment lapses: its creation plus the payment window. */
export const payByOf = (investment: Pick<Investment, 'createdAt'>, windowMinutes: number): Date =>
  new Date(investment.createdAt.getTime() + windowMinutes * 60_000);

export const investmentView = (investment: Investment, windowMinutes: number): InvestmentView => ({
  id: investment.reference,
  propertyId: investment.propertyId,
  amount: investment.amount,
  currency: investment.currency,
  paymentMethod: investment.paymentMethod,
  fee: investment.fee,
  tokensReceived: investment.tokens,
  tokenPrice: investment.tokenPrice,
  walletAddress: investment.walletAddress,
  status: investment.status,
  payment: investment.status === 'awaiting_payment' ? investment.payment : null,
  payBy: investment.status === 'awaiting_payment' ? payByOf(investment, windowMinutes).toISOString() : null,
  transactionHash: investment.transactionHash,
  lockedUntil: investment.unlockedAt ? null : (investment.lockedUntil?.toISOString() ?? null),
  error: investment.error,
  timestamp: investment.createdAt.toISOString(),
});

export const declarationView = (declaration: WholesaleDeclaration, today: string): WholesaleDeclarationView => ({
  basis: declaration.basis,
  certifierName: declaration.certifierName,
  certifierProfession: declaration.certifierProfession,
  signedOn: declaration.signedOn,
  declaredAt: declaration.declaredAt.toISOString(),
  expiresOn: declaration.expiresOn,
  valid: declaration.expiresOn >= today,
});
