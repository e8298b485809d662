import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fillIn, renderPage, requestBody, type MockResponse } from '../../test/render';
import { CryptoWalletPage } from './CryptoWalletPage';
import {
  account,
  cryptoApi,
  destination,
  escrow,
  generatedWallet,
  ledgerEscrows,
  walletAddress,
  walletSeed,
} from './cryptoTestApi';

const generatePath = '/api/crypto/xrp/wallet/generate';
const accountPath = `/api/crypto/xrp/account/${walletAddress}`;
const createPath = '/api/crypto/xrp/escrow/create';
const finishPath = '/api/crypto/xrp/escrow/finish';
const cancelPath = '/api/crypto/xrp/escrow/cancel';
const listPath = `/api/crypto/xrp/escrows/${walletAddress}`;
const conditionPath = '/api/crypto/xrp/condition';

const condition = `A0258020${'AB'.repeat(32)}810120`;
const fulfillment = `A0228020${'CD'.repeat(32)}`;

const renderWallet = () => renderPage(<CryptoWalletPage timing={{ escrowPollMs: 40 }} />, { path: '/crypto-wallet' });
type User = ReturnType<typeof renderWallet>['user'];

const myEscrowsPath = '/api/crypto/xrp/escrows';

const walletRoutes = {
  [`POST ${generatePath}`]: { body: generatedWallet },
  [`GET ${accountPath}`]: { body: account },
  [`GET ${myEscrowsPath}`]: { body: { escrows: [] } },
};

async function openEscrow(user: User, { withWallet = true } = {}) {
  if (withWallet) {
    await user.click(screen.getByRole('button', { name: 'Generate XRP Wallet' }));
    await user.click(await screen.findByRole('button', { name: 'I Have Saved My Seed' }));
  }
  await user.click(screen.getByRole('tab', { name: 'Escrow' }));
  return within(screen.getByRole('tabpanel'));
}

async function createEscrow(user: User, panel: ReturnType<typeof within>) {
  await fillIn(user, panel.getByLabelText('Destination Address'), destination);
  await user.click(panel.getByRole('button', { name: 'Create Escrow' }));
  await panel.findByText('Escrow Created');
}

// Heavy antd forms: slow when the machine is shared with the end-to-end stack.
describe('Crypto Wallet escrow', { timeout: 45_000 }, () => {
  it('asks for a wallet first', async () => {
    const fetchMock = cryptoApi({ [`GET ${myEscrowsPath}`]: { body: { escrows: [] } } });
    const { user } = renderWallet();
    const panel = await openEscrow(user, { withWallet: false });
    await user.click(panel.getByRole('button', { name: 'Create Escrow' }));
    expect(await screen.findByText('No Wallet')).toBeTruthy();
    expect(screen.getByText('Please generate a wallet first.')).toBeTruthy();
    expect(callsTo(fetchMock, createPath, 'POST')).toHaveLength(0);
  });

  it('starts at 100 XRP, 7 and 30 days and checks the day counts', async () => {
    const fetchMock = cryptoApi(walletRoutes);
    const { user } = renderWallet();
    const panel = await openEscrow(user);
    expect((panel.getByLabelText('Amount (XRP)') as HTMLInputElement).value).toBe('100');
    const release = panel.getByLabelText('Release After (days)') as HTMLInputElement;
    const cancel = panel.getByLabelText('Auto Cancel After (days)') as HTMLInputElement;
    expect(release.value).toBe('7');
    expect(cancel.value).toBe('30');

    await fillIn(user, panel.getByLabelText('Destination Address'), destination);
    await fillIn(user, release, '0');
    await fillIn(user, cancel, '400');
    await user.click(panel.getByRole('button', { name: 'Create Escrow' }));
    expect(await panel.findByText('Release After must be between 1 and 365 days')).toBeTruthy();
    expect(panel.getByText('Auto Cancel After must be between 1 and 365 days')).toBeTruthy();

    await fillIn(user, release, '30');
    await fillIn(user, cancel, '10');
    await user.click(panel.getByRole('button', { name: 'Create Escrow' }));
    expect(await panel.findByText('Auto Cancel After must be later than Release After')).toBeTruthy();
    expect(callsTo(fetchMock, createPath, 'POST')).toHaveLength(0);
  }, 30_000);

  it('shows the Fulfillment field only when a condition is entered', async () => {
    cryptoApi({ ...walletRoutes, [`POST ${conditionPath}`]: { body: { condition, fulfillment } } });
    const { user } = renderWallet();
    const panel = await openEscrow(user);
    expect(panel.queryByLabelText('Fulfillment')).toBeNull();

    await fillIn(user, panel.getByLabelText('Condition (optional)'), 'A025');
    expect(await panel.findByLabelText('Fulfillment')).toBeTruthy();
    await fillIn(user, panel.getByLabelText('Condition (optional)'), '');
    expect(panel.queryByLabelText('Fulfillment')).toBeNull();

    await user.click(panel.getByRole('button', { name: 'Generate' }));
    await expect.poll(() => (panel.getByLabelText('Condition (optional)') as HTMLInputElement).value).toBe(condition);
    expect((panel.getByLabelText('Fulfillment') as HTMLInputElement).value).toBe(fulfillment);
  });

  it('creates an escrow with the session seed and shows its ledger details', async () => {
    const fetchMock = cryptoApi({
      ...walletRoutes,
      [`POST ${createPath}`]: { status: 201, body: escrow() },
      [`GET ${listPath}`]: { body: ledgerEscrows([42]) },
    });
    const { user } = renderWallet();
    const panel = await openEscrow(user);
    await createEscrow(user, panel);

    expect(requestBody(callsTo(fetchMock, createPath, 'POST')[0])).toEqual({
      senderSeed: walletSeed,
      destinationAddress: destination,
      amount: '100',
      finishAfterSeconds: 7 * 86400,
      cancelAfterSeconds: 30 * 86400,
    });
    expect(await screen.findByText('Escrow Created', { selector: '.ant-notification *' })).toBeTruthy();
    expect(panel.getByText('42')).toBeTruthy();
    expect(panel.getByText(escrow().hash)).toBeTruthy();
    expect(panel.getByText('Nov 29, 2026', { exact: false })).toBeTruthy();
    expect(panel.getByText('Dec 22, 2026', { exact: false })).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Finish Escrow' })).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Cancel Escrow' })).toBeTruthy();
    // Monitored: the list is read again and again while the escrow stays on the ledger.
    await expect.poll(() => callsTo(fetchMock, listPath).length).toBeGreaterThanOrEqual(3);
    expect(panel.getByText('Escrow Created')).toBeTruthy();
  });

  it('shows Escrow Finish Failed when the ledger refuses the finish', async () => {
    const refused: MockResponse = {
      status: 409,
      body: {
        error: 'CONFLICT',
        message: 'Failed to finish escrow. Check conditions and try again.',
        details: [{ path: 'ledger', message: 'tecNO_PERMISSION' }],
      },
    };
    const fetchMock = cryptoApi({
      ...walletRoutes,
      [`POST ${createPath}`]: { status: 201, body: escrow() },
      [`GET ${listPath}`]: { body: ledgerEscrows([42]) },
      [`POST ${finishPath}`]: refused,
    });
    const { user } = renderWallet();
    const panel = await openEscrow(user);
    await createEscrow(user, panel);
    await user.click(panel.getByRole('button', { name: 'Finish Escrow' }));

    expect(await screen.findByText('Escrow Finish Failed')).toBeTruthy();
    expect(screen.getByText('Failed to finish escrow. Check conditions and try again.')).toBeTruthy();
    expect(requestBody(callsTo(fetchMock, finishPath, 'POST')[0])).toEqual({
      senderSeed: walletSeed,
      owner: walletAddress,
      offerSequence: 42,
    });
    expect(panel.getByText('Escrow Created')).toBeTruthy();
  });

  it('completes on finish, and sends condition and fulfillment for a conditional escrow', async () => {
    const fetchMock = cryptoApi({
      ...walletRoutes,
      [`POST ${createPath}`]: { status: 201, body: escrow({ condition }) },
      [`GET ${listPath}`]: { body: ledgerEscrows([42]) },
      [`POST ${finishPath}`]: { body: { hash: 'FINISHHASH', result: 'tesSUCCESS', ledgerIndex: 9, escrow: null } },
    });
    const { user } = renderWallet();
    const panel = await openEscrow(user);
    await fillIn(user, panel.getByLabelText('Condition (optional)'), condition);
    await fillIn(user, await panel.findByLabelText('Fulfillment'), fulfillment);
    await createEscrow(user, panel);
    expect(requestBody(callsTo(fetchMock, createPath, 'POST')[0])).toMatchObject({ condition });

    await user.click(panel.getByRole('button', { name: 'Finish Escrow' }));
    expect(await panel.findByText('Escrow Completed')).toBeTruthy();
    expect(requestBody(callsTo(fetchMock, finishPath, 'POST')[0])).toEqual({
      senderSeed: walletSeed,
      owner: walletAddress,
      offerSequence: 42,
      condition,
      fulfillment,
    });
    await user.click(panel.getByRole('button', { name: 'Create Another Escrow' }));
    expect(panel.getByRole('button', { name: 'Create Escrow' })).toBeTruthy();
  });

  it('goes back to setup on cancel, and says so when the ledger refuses', async () => {
    const fetchMock = cryptoApi({
      ...walletRoutes,
      [`POST ${createPath}`]: { status: 201, body: escrow() },
      [`GET ${listPath}`]: { body: ledgerEscrows([42]) },
      [`POST ${cancelPath}`]: [
        { status: 409, body: { error: 'CONFLICT', message: 'Failed to cancel escrow. Check timing and try again.' } },
        { body: { hash: 'CANCELHASH', result: 'tesSUCCESS', ledgerIndex: 9, escrow: null } },
      ],
    });
    const { user } = renderWallet();
    const panel = await openEscrow(user);
    await createEscrow(user, panel);

    await user.click(panel.getByRole('button', { name: 'Cancel Escrow' }));
    expect(await screen.findByText('Escrow Cancel Failed')).toBeTruthy();
    expect(screen.getByText('Failed to cancel escrow. Check timing and try again.')).toBeTruthy();

    await user.click(panel.getByRole('button', { name: 'Cancel Escrow' }));
    expect(await panel.findByRole('button', { name: 'Create Escrow' })).toBeTruthy();
    expect(requestBody(callsTo(fetchMock, cancelPath, 'POST')[1])).toEqual({
      senderSeed: walletSeed,
      owner: walletAddress,
      offerSequence: 42,
    });
  });

  it('marks the escrow completed once it is gone from the ledger list', async () => {
    cryptoApi({
      ...walletRoutes,
      [`POST ${createPath}`]: { status: 201, body: escrow() },
      [`GET ${listPath}`]: [{ body: ledgerEscrows([42]) }, { body: ledgerEscrows([42]) }, { body: ledgerEscrows([7]) }],
    });
    const { user } = renderWallet();
    const panel = await openEscrow(user);
    await createEscrow(user, panel);
    expect(await panel.findByText('Escrow Completed')).toBeTruthy();
    expect(panel.getByText('Escrow #42 is no longer on the ledger: it was finished or cancelled.')).toBeTruthy();
  });

  it('shows Escrow Creation Failed when the ledger refuses', async () => {
    cryptoApi({
      ...walletRoutes,
      [`POST ${createPath}`]: {
        status: 409,
        body: { error: 'CONFLICT', message: 'Failed to create XRP escrow. Please try again.' },
      },
    });
    const { user } = renderWallet();
    const panel = await openEscrow(user);
    await fillIn(user, panel.getByLabelText('Destination Address'), destination);
    await user.click(panel.getByRole('button', { name: 'Create Escrow' }));
    expect(await screen.findByText('Escrow Creation Failed')).toBeTruthy();
    expect(screen.getByText('Failed to create XRP escrow. Please try again.')).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Create Escrow' })).toBeTruthy();
  });

  it("explains an escrow refused for KYC with the server's message and the way to verify", async () => {
    const message =
      'Please complete KYC verification first: verify your identity under Settings → Verification before creating an XRP escrow over the KYC threshold.';
    cryptoApi({
      ...walletRoutes,
      [`POST ${createPath}`]: { status: 403, body: { error: 'KYC_REQUIRED', message } },
    });
    const { user } = renderWallet();
    const panel = await openEscrow(user);
    await fillIn(user, panel.getByLabelText('Destination Address'), destination);
    await user.click(panel.getByRole('button', { name: 'Create Escrow' }));
    expect(await panel.findByText(message)).toBeTruthy();
    expect(panel.getByRole('link', { name: 'Start verification' }).getAttribute('href')).toBe(
      '/settings?tab=verification',
    );
    expect(screen.queryByText('Escrow Creation Failed')).toBeNull();
    expect(panel.getByRole('button', { name: 'Create Escrow' })).toBeTruthy();
  });

  it('lists the escrows created here earlier, with their status', async () => {
    cryptoApi({
      [`GET ${myEscrowsPath}`]: {
        body: {
          escrows: [
            escrow({ id: 'e2', sequence: 51, status: 'finished', amount: '250.000000' }),
            escrow({ id: 'e1', sequence: 42, status: 'cancelled' }),
          ],
        },
      },
    });
    const { user } = renderWallet();
    const panel = await openEscrow(user, { withWallet: false });
    const rows = await panel.findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Sequence'),
      expect.stringMatching(/51.*250 XRP.*Finished/),
      expect.stringMatching(/42.*100 XRP.*Cancelled/),
    ]);
  });

  it('says why an escrow is unknown: it left the ledger and its history did not say how', async () => {
    const reason = 'left the ledger after CancelAfter; its closing transaction was not found in account_tx';
    cryptoApi({
      [`GET ${myEscrowsPath}`]: {
        body: { escrows: [escrow({ id: 'e3', sequence: 60, status: 'unknown', closedReason: reason })] },
      },
    });
    const { user } = renderWallet();
    const panel = await openEscrow(user, { withWallet: false });
    const status = await panel.findByLabelText(`Unknown: the escrow ${reason}.`);
    // Reached with Tab alone, and focus shows the reason.
    for (let presses = 0; presses < 60 && document.activeElement !== status; presses++) await user.tab();
    expect(document.activeElement).toBe(status);
    expect((await screen.findByRole('tooltip')).textContent).toBe(`The escrow ${reason}.`);
  });
});
