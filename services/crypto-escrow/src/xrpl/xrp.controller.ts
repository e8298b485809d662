import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  cancelEscrowRequestSchema,
  createEscrowRequestSchema,
  finishEscrowRequestSchema,
  xrpPaymentRequestSchema,
  type Escrow,
  type EscrowActionResult,
  type EscrowCondition,
  type EscrowList,
  type XrpAccount,
  type XrpPaymentResult,
  type XrpWallet,
} from '@app/contracts';
import { CurrentUser, RequestId, ZodValidationPipe, type AuthUser } from '@app/platform';
import { EscrowsService, type CancelEscrow, type CreateEscrow, type FinishEscrow } from './escrows.service';
import { XrpWalletService, type XrpPayment } from './xrp-wallet.service';

@Controller('api/crypto/xrp')
export class XrpController {
  constructor(
    private readonly wallets: XrpWalletService,
    private readonly escrows: EscrowsService,
  ) {}

  @Post('wallet/generate')
  generate(): XrpWallet {
    return this.wallets.generate();
  }

  @Post('condition')
  condition(): EscrowCondition {
    return this.wallets.condition();
  }

  @Get('account/:address')
  account(@Param('address') address: string): Promise<XrpAccount> {
    return this.wallets.account(address);
  }

  @Post('payment')
  @HttpCode(200)
  pay(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(xrpPaymentRequestSchema)) body: XrpPayment,
  ): Promise<XrpPaymentResult> {
    return this.wallets.pay(user.id, body);
  }

  @Post('escrow/create')
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createEscrowRequestSchema)) body: CreateEscrow,
  ): Promise<Escrow> {
    return this.escrows.create(user.id, body);
  }

  @Post('escrow/finish')
  @HttpCode(200)
  finish(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(finishEscrowRequestSchema)) body: FinishEscrow,
    @RequestId() requestId: string | undefined,
  ): Promise<EscrowActionResult> {
    return this.escrows.finish(user.id, body, requestId);
  }

  @Post('escrow/cancel')
  @HttpCode(200)
  cancel(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(cancelEscrowRequestSchema)) body: CancelEscrow,
    @RequestId() requestId: string | undefined,
  ): Promise<EscrowActionResult> {
    return this.escrows.cancel(user.id, body, requestId);
  }

  @Get('escrows')
  mine(@CurrentUser() user: AuthUser): Promise<{ escrows: Escrow[] }> {
    return this.escrows.mine(user.id);
  }

  @Get('escrows/:address')
  onLedger(@CurrentUser() user: AuthUser, @Param('address') address: string): Promise<EscrowList> {
    return this.escrows.onLedger(user.id, address);
  }
}
