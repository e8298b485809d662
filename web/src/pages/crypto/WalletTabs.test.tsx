import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fillIn, renderPage, requestBody } from '../../test/render';
import { CryptoWalletPage } from './CryptoWalletPage';
import { account, cryptoApi, destination, generatedWallet, walletAddress, walletSeed } from './cryptoTestApi';

const generatePath = '/api/crypto/xrp/wallet/generate';
const accountPath = `/api/crypto/xrp/account/${walletAddress}`;
const paymentPath = '/api/crypto/xrp/payment';

const renderWallet = () => renderPage(<CryptoWalletPage />, { path: '/crypto-wallet' });

type User = ReturnType<typeof renderWallet>['user'];

async function generate(user: User) {
  await user.click(screen.getByRole('button', { name: 'Generate XRP Wallet' }));
  await screen.findByTestId('seed-notice');
}

// Heavy antd forms: slow when the machine is shared with the end-to-end stack.
describe('Crypto Wallet portfolio', { timeout: 45_000 }, () => {
  it('generates a wallet, shows its seed once and keeps it out of storage', async () => {
    const fetchMock = cryptoApi({
      [`POST ${generatePath}`]: { body: generatedWallet },
      [`GET ${accountPath}`]: { body: account },
    });
    const { user } = renderWallet();
    expect(screen.getByText('No wallet in this session')).toBeTruthy();
    await generate(user);

    expect(screen.getByText('Save your seed now')).toBeTruthy();
    expect(screen.getByTestId('wallet-seed').textContent).toBe(walletSeed);
    expect(await screen.findByText('1,250.5 XRP')).toBeTruthy();
    expect(screen.getByLabelText('USD value: price not available').textContent).toBe('—');
    expect(screen.getByText("10 XRP of the balance is the ledger's reserve and cannot be sent.")).toBeTruthy();
    expect(JSON.stringify({ ...localStorage })).not.toContain(walletSeed);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(walletSeed);
    expect(document.cookie).not.toContain(walletSeed);

    await user.click(screen.getByRole('button', { name: 'I Have Saved My Seed' }));
    expect(screen.queryByTestId('seed-notice')).toBeNull();
    expect(document.body.textContent).not.toContain(walletSeed);
    expect(callsTo(fetchMock, generatePath, 'POST')).toHaveLength(1);
  });

  it('says when the new address is not activated on the ledger', async () => {
    cryptoApi({
      [`POST ${generatePath}`]: { body: generatedWallet },
      [`GET ${accountPath}`]: { body: { ...account, balanceXrp: '0', funded: false } },
    });
    const { user } = renderWallet();
    await generate(user);
    expect(await screen.findByText('0 XRP (not activated)')).toBeTruthy();
    expect(screen.getByText('This address is not activated on the ledger yet')).toBeTruthy();
  });

  it('shows the spec toast when the wallet cannot be generated', async () => {
    cryptoApi({ [`POST ${generatePath}`]: { status: 503, body: { error: 'SERVICE_UNAVAILABLE', message: 'down' } } });
    const { user } = renderWallet();
    await user.click(screen.getByRole('button', { name: 'Generate XRP Wallet' }));
    expect(await screen.findByText('Wallet Generation Failed')).toBeTruthy();
    expect(screen.getByText('Failed to create XRP wallet. Please try again.')).toBeTruthy();
    expect(screen.getByText('No wallet in this session')).toBeTruthy();
  });

  it('shows Connection Failed when the ledger balance cannot be read', async () => {
    cryptoApi({
      [`POST ${generatePath}`]: { body: generatedWallet },
      [`GET ${accountPath}`]: { status: 503, body: { error: 'SERVICE_UNAVAILABLE', message: 'ledger down' } },
    });
    const { user } = renderWallet();
    await generate(user);
    expect(await screen.findByText('Connection Failed')).toBeTruthy();
    expect(screen.getByTestId('xrp-balance').textContent).toBe('Unavailable');
  });
});

describe('Crypto Wallet receive', { timeout: 45_000 }, () => {
  it('shows the address as text and QR code', async () => {
    cryptoApi({ [`POST ${generatePath}`]: { body: generatedWallet }, [`GET ${accountPath}`]: { body: account } });
    const { user } = renderWallet();
    await generate(user);
    await user.click(screen.getByRole('tab', { name: 'Receive' }));
    const receive = within(screen.getByRole('tabpanel'));
    expect(receive.getByText(walletAddress)).toBeTruthy();
    expect(receive.getByTestId('address-qr').querySelector('svg')).not.toBeNull();
    expect(receive.getByRole('button', { name: 'Copy xrp address' })).toBeTruthy();
  });
});

describe('Crypto Wallet send', { timeout: 45_000 }, () => {
  const openSend = async (user: User) => {
    await user.click(screen.getByRole('tab', { name: 'Send' }));
    return within(screen.getByRole('tabpanel'));
  };

  it('keeps Send disabled until both fields are filled and asks for the missing one on Enter', async () => {
    const fetchMock = cryptoApi({
      [`POST ${generatePath}`]: { body: generatedWallet },
      [`GET ${accountPath}`]: { body: account },
    });
    const { user } = renderWallet();
    await generate(user);
    const send = await openSend(user);
    const button = send.getByRole('button', { name: 'Send XRP' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    await fillIn(user, send.getByLabelText('Amount (XRP)'), '25');
    expect(button.disabled).toBe(true);
    await user.type(send.getByLabelText('Amount (XRP)'), '{Enter}');
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please enter amount and destination address.')).toBeTruthy();
    expect(callsTo(fetchMock, paymentPath, 'POST')).toHaveLength(0);

    await fillIn(user, send.getByLabelText('Destination Address'), destination);
    expect(button.disabled).toBe(false);
    expect(send.getByText('about 0.00001 XRP')).toBeTruthy();
    expect(send.getByText('25.00001 XRP')).toBeTruthy();
  });

  it('sends XRP signed with the session seed and records it', async () => {
    const fetchMock = cryptoApi({
      [`POST ${generatePath}`]: { body: generatedWallet },
      [`GET ${accountPath}`]: { body: account },
      [`POST ${paymentPath}`]: { body: { hash: 'HASH1', result: 'tesSUCCESS', ledgerIndex: 7 } },
    });
    const { user } = renderWallet();
    await generate(user);
    const send = await openSend(user);
    await fillIn(user, send.getByLabelText('Amount (XRP)'), '25.5');
    await fillIn(user, send.getByLabelText('Destination Address'), destination);
    await user.click(send.getByRole('button', { name: 'Send XRP' }));

    expect(await screen.findByText('Payment Sent')).toBeTruthy();
    expect(requestBody(callsTo(fetchMock, paymentPath, 'POST')[0])).toEqual({
      senderSeed: walletSeed,
      destinationAddress: destination,
      amount: '25.5',
    });
    expect(send.getByText('HASH1')).toBeTruthy();
    // The balance is read again after the payment.
    await expect.poll(() => callsTo(fetchMock, accountPath).length).toBeGreaterThanOrEqual(2);
  });

  it("explains a payment refused for KYC with the server's message and the way to verify", async () => {
    const message =
      'Please complete KYC verification first: verify your identity under Settings → Verification before sending XRP over the KYC threshold.';
    cryptoApi({
      [`POST ${generatePath}`]: { body: generatedWallet },
      [`GET ${accountPath}`]: { body: account },
      [`POST ${paymentPath}`]: { status: 403, body: { error: 'KYC_REQUIRED', message } },
    });
    const { user } = renderWallet();
    await generate(user);
    const send = await openSend(user);
    await fillIn(user, send.getByLabelText('Amount (XRP)'), '25000');
    await fillIn(user, send.getByLabelText('Destination Address'), destination);
    await user.click(send.getByRole('button', { name: 'Send XRP' }));
    expect(await send.findByText(message)).toBeTruthy();
    expect(send.getByRole('link', { name: 'Start verification' }).getAttribute('href')).toBe(
      '/settings?tab=verification',
    );
    expect(screen.queryByText('Send Failed')).toBeNull();
  });

  it('rejects a malformed address and shows Send Failed when the ledger refuses', async () => {
    const fetchMock = cryptoApi({
      [`POST ${generatePath}`]: { body: generatedWallet },
      [`GET ${accountPath}`]: { body: account },
      [`POST ${paymentPath}`]: {
        status: 409,
        body: {
          error: 'CONFLICT',
          message: 'Payment processing failed. Please try again.',
          details: [{ path: 'ledger', message: 'tecUNFUNDED_PAYMENT' }],
        },
      },
    });
    const { user } = renderWallet();
    await generate(user);
    const send = await openSend(user);
    await fillIn(user, send.getByLabelText('Amount (XRP)'), '25');
    await fillIn(user, send.getByLabelText('Destination Address'), 'not-an-address');
    await user.click(send.getByRole('button', { name: 'Send XRP' }));
    expect(await send.findByText('Enter an XRP Ledger address (starts with r)')).toBeTruthy();
    expect(callsTo(fetchMock, paymentPath, 'POST')).toHaveLength(0);

    await fillIn(user, send.getByLabelText('Destination Address'), destination);
    await user.click(send.getByRole('button', { name: 'Send XRP' }));
    expect(await screen.findByText('Send Failed')).toBeTruthy();
    expect(screen.getAllByText('Payment processing failed. Please try again.').length).toBeGreaterThan(0);
  });
});
