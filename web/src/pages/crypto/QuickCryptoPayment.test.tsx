import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, renderPage, requestBody } from '../../test/render';
import { CryptoWalletPage } from './CryptoWalletPage';
import { charge, cryptoApi } from './cryptoTestApi';

const chargePath = '/api/crypto/coinbase/charge';
const pollPath = '/api/crypto/coinbase/charge/ch-1';

const renderWallet = () => renderPage(<CryptoWalletPage timing={{ chargePollMs: 30 }} />, { path: '/crypto-wallet' });

const paymentStatus = () => screen.getByTestId('payment-status').textContent;

// Heavy antd forms: slow when the machine is shared with the end-to-end stack.
describe('Quick Crypto Payment', { timeout: 45_000 }, () => {
  it('offers the five currencies with their network fees and starts at $500', async () => {
    cryptoApi({});
    renderWallet();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Crypto Wallet');
    expect(screen.getByText('Manage your cryptocurrency portfolio, send payments, and create escrows')).toBeTruthy();
    for (const tab of ['Portfolio', 'Send', 'Receive', 'Escrow'])
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    const card = within(screen.getByText('Quick Crypto Payment').closest('.ant-card') as HTMLElement);
    for (const fee of [
      'network fee about 0.0005 BTC, Bitcoin network',
      'network fee about 0.01 MATIC, Polygon',
      'network fee about 0.00001 XRP, XRP Ledger',
    ]) {
      expect(card.getByText(fee)).toBeTruthy();
    }
    expect(card.getAllByText('network fee about 0.005 ETH, Ethereum')).toHaveLength(2); // ETH and USDC
    expect((card.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('500.00');
    expect(paymentStatus()).toBe('Pending');
  });

  it('creates a charge, shows where to pay and confirms once Coinbase reports COMPLETED', async () => {
    const fetchMock = cryptoApi({
      [`POST ${chargePath}`]: { status: 201, body: charge() },
      [`GET ${pollPath}`]: [
        { body: charge({ status: 'PENDING' }) },
        { body: charge({ status: 'COMPLETED', state: 'completed', completedAt: '2026-11-22T05:20:00.000Z' }) },
      ],
    });
    const { user } = renderWallet();
    await user.click(screen.getByRole('radio', { name: /USD Coin/ }));
    await user.click(screen.getByRole('radio', { name: /Bitcoin/ }));
    await user.click(screen.getByRole('button', { name: 'Create Payment' }));

    expect(await screen.findByText('Payment Created')).toBeTruthy();
    expect(requestBody(callsTo(fetchMock, chargePath, 'POST')[0])).toEqual({
      amount: 500,
      currency: 'USD',
      description: 'Quick crypto payment',
      metadata: { preferredCurrency: 'BTC' },
    });
    expect(paymentStatus()).toBe('Processing');
    expect(screen.getByText(/for \$500\.00$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the Coinbase payment page' }).getAttribute('href')).toBe(
      'https://commerce.coinbase.com/pay/ABCD1234',
    );
    const qr = screen.getByTestId('address-qr');
    expect(qr.querySelector('svg')).not.toBeNull();
    expect(within(qr).getByText('bc1qexampleaddress0000000000000000000000')).toBeTruthy();

    expect(await screen.findByText('Payment Confirmed')).toBeTruthy();
    expect(paymentStatus()).toBe('Confirmed');
    expect(callsTo(fetchMock, pollPath).length).toBeGreaterThanOrEqual(2);
    // Polling stops once the charge has settled.
    const polls = callsTo(fetchMock, pollPath).length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(callsTo(fetchMock, pollPath).length).toBe(polls);
    expect(screen.getAllByText('Payment Confirmed')).toHaveLength(1);
  });

  it('shows Failed when the charge expires, and Try Again returns to Pending', async () => {
    cryptoApi({
      [`POST ${chargePath}`]: { status: 201, body: charge() },
      [`GET ${pollPath}`]: { body: charge({ status: 'EXPIRED', state: 'failed' }) },
    });
    const { user } = renderWallet();
    await user.click(screen.getByRole('button', { name: 'Create Payment' }));

    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Charge ABCD1234 expired before it was paid.')).toBeTruthy();
    expect(paymentStatus()).toBe('Failed');

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(paymentStatus()).toBe('Pending');
    expect(screen.getByRole('button', { name: 'Create Payment' })).toBeTruthy();
  });

  it('shows the spec toast when the charge cannot be created', async () => {
    cryptoApi({
      [`POST ${chargePath}`]: {
        status: 503,
        body: {
          error: 'SERVICE_UNAVAILABLE',
          message: 'Unable to connect to Coinbase. Please check your API settings.',
        },
      },
    });
    const { user } = renderWallet();
    await user.click(screen.getByRole('button', { name: 'Create Payment' }));

    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getAllByText('Failed to create crypto payment. Please try again.').length).toBeGreaterThan(0);
    expect(paymentStatus()).toBe('Failed');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(paymentStatus()).toBe('Pending');
  });

  it('stops checking after the polling window and lets the user check again', async () => {
    const fetchMock = cryptoApi({
      [`POST ${chargePath}`]: { status: 201, body: charge() },
      [`GET ${pollPath}`]: [{ body: charge() }, { body: charge() }, { body: charge() }],
    });
    const { user } = renderPage(<CryptoWalletPage timing={{ chargePollMs: 30, chargePollLimitMs: 200 }} />, {
      path: '/crypto-wallet',
    });
    await user.click(screen.getByRole('button', { name: 'Create Payment' }));
    expect(
      await screen.findByText('We stopped checking after 30 minutes. Check again once you have paid.'),
    ).toBeTruthy();
    const polls = callsTo(fetchMock, pollPath).length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(callsTo(fetchMock, pollPath).length).toBe(polls);

    await user.click(screen.getByRole('button', { name: 'Check Again' }));
    await expect.poll(() => callsTo(fetchMock, pollPath).length).toBe(polls + 1);
    expect(paymentStatus()).toBe('Processing');
  });

  it('checks the amount before creating a charge', async () => {
    const fetchMock = cryptoApi({});
    const { user } = renderWallet();
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.click(screen.getByRole('button', { name: 'Create Payment' }));
    expect(await screen.findByText('Enter an amount')).toBeTruthy();
    expect(callsTo(fetchMock, chargePath, 'POST')).toHaveLength(0);
  });
});
