import { investmentMessages, kycRequiredMessage, tokenizationPaths } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fillIn, requestBody } from '../../test/render';
import {
  investment,
  property,
  propertyId,
  tokenContract,
  tokenizationApi,
  unverifiedKyc,
  validDeclaration,
  walletAddress,
} from '../../test/tokenization';
import { currentUrl, renderTokenization, stepState } from './testSupport';

// Stripe.js is never fetched in tests: loadStripe and Elements are replaced.
const stripeMocks = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardPayment: vi.fn(),
  card: { kind: 'card-element' },
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeMocks.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: () => <div data-testid="card-element" />,
  useElements: () => ({ getElement: () => stripeMocks.card }),
}));

const deployed = property({ tokenizationStatus: 'deployed', status: 'tokenized', contract: tokenContract() });
const propertyPath = `GET ${tokenizationPaths.property(propertyId)}`;
const investPath = tokenizationPaths.investments(propertyId);
const url = `/tokenization?property=${propertyId}&step=investment`;

type User = ReturnType<typeof renderTokenization>['user'];

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const investButton = () => screen.getByRole('button', { name: /^Invest/ }) as HTMLButtonElement;

async function fillInvestment(user: User, amount = '5000') {
  await fillIn(user, field('Investment Amount (NZD)'), amount);
  await fillIn(user, field('Wallet Address'), walletAddress);
}

describe('Investment Portal', { timeout: 45_000 }, () => {
  beforeEach(() => {
    stripeMocks.loadStripe.mockReset();
    stripeMocks.confirmCardPayment.mockReset();
    stripeMocks.loadStripe.mockResolvedValue({ confirmCardPayment: stripeMocks.confirmCardPayment });
  });

  it('blocks investing until the identity is verified, with the way to verify it', async () => {
    tokenizationApi({ [propertyPath]: { body: deployed }, 'GET /api/kyc/status': { body: unverifiedKyc } });
    const { user } = renderTokenization(url);
    const alert = (await screen.findByText('Please complete KYC verification first')).closest('.ant-alert');
    expect(
      within(alert as HTMLElement)
        .getByRole('link', { name: 'Verify identity' })
        .getAttribute('href'),
    ).toBe('/settings?tab=verification');
    await fillInvestment(user);
    expect(investButton().disabled).toBe(true);
    expect(stepState('Investment Portal')).toBe('Active');
    expect(screen.getByText('3 of 4 stages complete')).toBeTruthy();
  });

  it('shows and enforces the minimum of ten times the token price', async () => {
    tokenizationApi({ [propertyPath]: { body: deployed } });
    const { user } = renderTokenization(url);
    await screen.findByText('Identity verified');
    // NZ$500 a token: at least NZ$5,000; the default NZ$1,000 is below it.
    expect(field('Investment Amount (NZD)').value).toBe('1000.00');
    expect(screen.getByText('Minimum NZ$5,000.00: ten times the token price.')).toBeTruthy();
    expect(investButton().disabled).toBe(true);

    await fillInvestment(user, '4999');
    expect(await screen.findByText('The minimum investment is $5,000.00 (ten times the token price).')).toBeTruthy();
    expect(investButton().disabled).toBe(true);

    await fillIn(user, field('Investment Amount (NZD)'), '5000');
    await waitFor(() => expect(investButton().disabled).toBe(false));
    // NZD by card: 2.5% on top.
    expect(investButton().textContent).toBe('Invest NZ$5,125.00');
  });

  it('offers the payment methods with their fee and settlement, Algorand disabled', async () => {
    tokenizationApi({ [propertyPath]: { body: deployed } });
    renderTokenization(url);
    await screen.findByText('Identity verified');
    expect(
      (screen.getByRole('radio', { name: /^NZD fee 2\.5%, settles in 1-2 business days/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByRole('radio', { name: /^Polygon MATIC fee 0\.5%, settles instantly/ })).toBeTruthy();
    const algo = screen.getByRole('radio', {
      name: /^Algorand ALGO fee 0\.3%, settles instantly \(No Algorand adapter yet\)/,
    });
    expect((algo as HTMLInputElement).disabled).toBe(true);
  });

  it('asks for the wholesale declaration first when there is none, and saves it', async () => {
    const fetchMock = tokenizationApi({
      [propertyPath]: { body: deployed },
      [`GET ${tokenizationPaths.wholesaleDeclaration}`]: {
        status: 404,
        body: { error: 'NOT_FOUND', message: 'No declaration.' },
      },
      [`PUT ${tokenizationPaths.wholesaleDeclaration}`]: { body: validDeclaration },
    });
    const { user } = renderTokenization(url);
    expect(
      await screen.findByText('Investment is restricted to wholesale investors: declare your wholesale status first.'),
    ).toBeTruthy();
    await fillInvestment(user);
    expect(investButton().disabled).toBe(true);

    await user.click(screen.getByRole('combobox', { name: 'Wholesale investor basis' }));
    await user.click((await screen.findAllByTitle('Investment business (clause 37)')).at(-1)!);
    await fillIn(user, field('Certificate confirmed by'), 'Mere Tāwhai');
    await user.click(screen.getByRole('combobox', { name: 'Their profession' }));
    await user.click((await screen.findAllByTitle('Chartered accountant')).at(-1)!);
    await fillIn(user, field('Certificate signed on'), '2026-09-01');
    await user.click(screen.getByRole('button', { name: 'Save Declaration' }));
    expect(await screen.findByText('Confirm the declaration to continue.')).toBeTruthy();
    expect(callsTo(fetchMock, tokenizationPaths.wholesaleDeclaration, 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /I declare that I am a wholesale investor/ }));
    await user.click(screen.getByRole('button', { name: 'Save Declaration' }));
    expect(await screen.findByText('Wholesale investor')).toBeTruthy();
    expect(requestBody(callsTo(fetchMock, tokenizationPaths.wholesaleDeclaration, 'PUT')[0])).toEqual({
      basis: 'investment_business',
      certifierName: 'Mere Tāwhai',
      certifierProfession: 'chartered_accountant',
      signedOn: '2026-09-01',
      acknowledged: true,
    });
    await waitFor(() => expect(investButton().disabled).toBe(false));
  });

  it('pays by card with Stripe, follows the mint and shows the completion screen', async () => {
    stripeMocks.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const created = investment();
    const completed = investment({
      status: 'completed',
      payment: null,
      transactionHash: '0x3f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0',
    });
    let mintReads = 0;
    const fetchMock = tokenizationApi({
      [propertyPath]: { body: deployed },
      [`POST ${investPath}`]: { status: 201, body: created },
      // Awaiting the payment until Stripe confirmed it, then minting once, then completed.
      [`GET ${tokenizationPaths.investment(created.id)}`]: () => {
        if (stripeMocks.confirmCardPayment.mock.calls.length === 0) return { body: created };
        mintReads += 1;
        return { body: mintReads === 1 ? investment({ status: 'minting', payment: null }) : completed };
      },
    });
    const { user } = renderTokenization(url);
    await screen.findByText('Identity verified');
    await fillInvestment(user);
    await user.click(investButton());

    await waitFor(() => expect(callsTo(fetchMock, investPath, 'POST')).toHaveLength(1));
    expect(requestBody(callsTo(fetchMock, investPath, 'POST')[0])).toEqual({
      amount: 5000,
      paymentMethod: 'nzd',
      walletAddress,
    });
    const pay = await screen.findByRole('button', { name: 'Pay NZ$5,125.00' });
    expect(currentUrl()).toBe(`/tokenization?property=${propertyId}&step=investment&investment=${created.id}`);
    expect(screen.getByText('Awaiting payment')).toBeTruthy();
    await user.click(pay);
    expect(stripeMocks.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripeMocks.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', {
      payment_method: { card: stripeMocks.card },
    });

    expect(await screen.findByText('Tokenization Complete')).toBeTruthy();
    expect(screen.getByText('10')).toBeTruthy();
    expect(screen.getByText(completed.transactionHash!)).toBeTruthy();
    expect(screen.getByText(tokenContract().contractAddress!)).toBeTruthy();
    expect(currentUrl()).toBe(`/tokenization?property=${propertyId}&step=complete&investment=${created.id}`);
    for (const step of ['Property Submission', 'Compliance Verification', 'Smart Contract', 'Investment Portal'])
      expect(stepState(step)).toBe('Complete');
    expect(screen.getByText('4 of 4 stages complete')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Tokenize Another Property' }));
    expect(await screen.findByRole('button', { name: 'Submit Property' })).toBeTruthy();
    expect(currentUrl()).toBe('/tokenization');
  });

  it('opens the crypto charge page for MATIC', async () => {
    const created = investment({
      paymentMethod: 'matic',
      fee: '25.00',
      payment: { kind: 'crypto', hostedUrl: 'https://commerce.coinbase.com/pay/ABCD1234', chargeId: 'ch-1' },
    });
    tokenizationApi({
      [propertyPath]: { body: deployed },
      [`POST ${investPath}`]: { status: 201, body: created },
      [`GET ${tokenizationPaths.investment(created.id)}`]: { body: created },
    });
    const { user } = renderTokenization(url);
    await screen.findByText('Identity verified');
    await fillInvestment(user);
    await user.click(screen.getByRole('radio', { name: /^Polygon MATIC/ }));
    await user.click(investButton());
    const link = await screen.findByRole('link', { name: 'Open the payment page' });
    expect(link.getAttribute('href')).toBe('https://commerce.coinbase.com/pay/ABCD1234');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Awaiting payment')).toBeTruthy();
  });

  it('shows the KYC alert when the server answers KYC_REQUIRED', async () => {
    const message = kycRequiredMessage('investment');
    tokenizationApi({
      [propertyPath]: { body: deployed },
      [`POST ${investPath}`]: { status: 403, body: { error: 'KYC_REQUIRED', message } },
    });
    const { user } = renderTokenization(url);
    await screen.findByText('Identity verified');
    await fillInvestment(user);
    await user.click(investButton());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start verification' }).getAttribute('href')).toBe(
      '/settings?tab=verification',
    );
  });

  it('shows a failed investment with its reason and lets the user try again', async () => {
    const failed = investment({ status: 'failed', payment: null, error: 'The card payment was declined.' });
    tokenizationApi({
      [propertyPath]: { body: deployed },
      [`GET ${tokenizationPaths.investment(failed.id)}`]: { body: failed },
    });
    const { user } = renderTokenization(`${url}&investment=${failed.id}`);
    expect(await screen.findByText('The card payment was declined.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: /^Invest/ })).toBeTruthy();
    expect(currentUrl()).toBe(`/tokenization?property=${propertyId}&step=investment`);
  });

  it('lists the investments awaiting payment with when they lapse; Resume shows the same card payment again', async () => {
    const awaiting = investment();
    const fetchMock = tokenizationApi({
      [propertyPath]: { body: deployed },
      [`GET ${tokenizationPaths.myInvestments}`]: { body: { investments: [awaiting] } },
      [`GET ${tokenizationPaths.investment(awaiting.id)}`]: { body: awaiting },
    });
    const { user } = renderTokenization(url);

    const row = await screen.findByRole('group', { name: `Investment ${awaiting.id}` });
    expect(within(row).getByText(/^Pay by .* or this reservation lapses\.$/)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Resume payment' }));

    expect(currentUrl()).toBe(`/tokenization?property=${propertyId}&step=investment&investment=${awaiting.id}`);
    expect(await screen.findByRole('button', { name: 'Pay NZ$5,125.00' })).toBeTruthy();
    expect(stripeMocks.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(callsTo(fetchMock, tokenizationPaths.cancelInvestment(awaiting.id), 'POST')).toHaveLength(0);
  });

  it('cancels an investment awaiting payment once the investor confirms, and shows why it ended', async () => {
    const awaiting = investment();
    const cancelled = investment({ status: 'failed', payment: null, payBy: null, error: investmentMessages.cancelled });
    const fetchMock = tokenizationApi({
      [propertyPath]: { body: deployed },
      [`GET ${tokenizationPaths.investment(awaiting.id)}`]: { body: awaiting },
      [`POST ${tokenizationPaths.cancelInvestment(awaiting.id)}`]: { body: cancelled },
    });
    const { user } = renderTokenization(`${url}&investment=${awaiting.id}`);

    expect(await screen.findByText(/^Pay by .* or this reservation lapses/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel investment' }));
    // Nothing is cancelled before the confirmation.
    expect(callsTo(fetchMock, tokenizationPaths.cancelInvestment(awaiting.id), 'POST')).toHaveLength(0);
    await screen.findByText('Cancel this investment?');
    // The confirmation's own button (the popover is rendered last in the page).
    await user.click(screen.getAllByRole('button', { name: 'Cancel investment' }).at(-1)!);

    expect(await screen.findByText(investmentMessages.cancelled)).toBeTruthy();
    expect(callsTo(fetchMock, tokenizationPaths.cancelInvestment(awaiting.id), 'POST')).toHaveLength(1);
  });
});
