import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockFetch, renderPage } from '../../test/render';
import { transaction } from '../dashboard/fixtures';
import { TransactionsPage } from './TransactionsPage';

const firstPage = [
  transaction({ id: 'r1', transactionId: 'txn_new', amount: '10.00' }),
  transaction({ id: 'r2', transactionId: 'txn_mid', amount: '20.00', status: 'failed' }),
];
const secondPage = [transaction({ id: 'r3', transactionId: 'txn_old', amount: '1500.00', currency: 'NZD' })];

function fakeTransactionsApi() {
  return mockFetch((url) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname !== '/api/transactions') return { status: 404, text: '' };
    if (searchParams.get('status') === 'refunded') return { body: { transactions: [], nextCursor: null } };
    if (searchParams.get('cursor') === 'c2') return { body: { transactions: secondPage, nextCursor: null } };
    return { body: { transactions: firstPage, nextCursor: 'c2' } };
  });
}

const renderTransactions = () => renderPage(<TransactionsPage />, { path: '/transactions' });

const rowIds = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent?.replace(/Copy$/, ''));

async function choose(user: ReturnType<typeof renderTransactions>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  await user.click(options[options.length - 1]!);
}

describe('TransactionsPage', () => {
  it('shows the title and the newest transactions, then older ones with Load more', async () => {
    const fetchMock = fakeTransactionsApi();
    const { user } = renderTransactions();
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction Management' })).toBeTruthy();
    expect(screen.getByText('Monitor and manage all financial transactions')).toBeTruthy();
    await screen.findByText('txn_new');
    expect(rowIds()).toEqual(['txn_new', 'txn_mid']);
    expect(screen.getByText('Failed')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('txn_old');
    expect(rowIds()).toEqual(['txn_new', 'txn_mid', 'txn_old']);
    expect(screen.getByText('NZ$1,500.00')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/transactions?cursor=c2&limit=20')).toHaveLength(1);
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sends the type and status filters to the server', async () => {
    const fetchMock = fakeTransactionsApi();
    const { user } = renderTransactions();
    await screen.findByText('txn_new');

    await choose(user, 'Type', 'Crypto');
    await waitFor(() => expect(callsTo(fetchMock, '/api/transactions?type=crypto&limit=20')).toHaveLength(1));

    await choose(user, 'Status', 'Refunded');
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/transactions?type=crypto&status=refunded&limit=20')).toHaveLength(1),
    );
    expect(await screen.findByText('No transactions match these filters.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('txn_new')).toBeTruthy();
  });

  it('sends the date range as UTC days', async () => {
    const fetchMock = fakeTransactionsApi();
    const { user } = renderTransactions();
    await screen.findByText('txn_new');
    await user.click(screen.getByPlaceholderText('Start date'));
    await user.paste('2026-11-01');
    await user.keyboard('{Enter}');
    await user.paste('2026-11-15');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/transactions?from=2026-11-01&to=2026-11-15&limit=20')).toHaveLength(1),
    );
  });

  it('copies a transaction ID', async () => {
    fakeTransactionsApi();
    const { user } = renderTransactions();
    await screen.findByText('txn_mid');
    const row = screen.getByText('txn_mid').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Copy transaction id' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('txn_mid');
  });

  it('explains an empty list', async () => {
    mockFetch(() => ({ body: { transactions: [], nextCursor: null } }));
    renderTransactions();
    expect(await screen.findByText(/No transactions yet/)).toBeTruthy();
  });

  it('shows an error state with a retry when the list fails', async () => {
    mockFetch(() => ({ status: 500, text: 'boom' }));
    renderTransactions();
    expect(await screen.findByText('Transactions could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
