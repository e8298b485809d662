import { apiKeyMessages, type ApiKeyView, type CreatedApiKey } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fillIn, mockFetch, renderPage, requestBody, type MockResponse } from '../../test/render';
import { ApiKeysCard } from './ApiKeysCard';

const keysPath = '/api/developer/api-keys';

const orderSync: ApiKeyView = {
  id: 'k1',
  name: 'Order sync',
  mode: 'live',
  scopes: ['read', 'write'],
  maskedKey: 'mp_live_••••••••••••wXyZ',
  createdAt: '2026-03-01T09:00:00.000Z',
  lastUsedAt: '2026-03-04T09:05:00.000Z',
  expiresAt: null,
  status: 'active',
};
const staging: ApiKeyView = {
  id: 'k2',
  name: 'Staging',
  mode: 'test',
  scopes: ['read'],
  maskedKey: 'mp_test_••••••••••••AbCd',
  createdAt: '2026-02-01T09:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  status: 'active',
};
const secret = 'mp_test_Q7e2Lk9ZpX4mW1nB8vR3sT6uY0aC5dFh';
const created: CreatedApiKey = {
  ...staging,
  id: 'k3',
  name: 'Reports',
  scopes: ['read', 'write'],
  maskedKey: 'mp_test_••••••••••••5dFh',
  createdAt: '2026-03-05T09:00:00.000Z',
  secret,
};

interface Api {
  list?: () => MockResponse;
  create?: MockResponse;
  rotate?: MockResponse;
  revoke?: MockResponse;
}

function renderCard({
  list = () => ({ body: [orderSync, staging] }),
  create = { status: 201, body: created },
  rotate,
  // The server answers 204; jsdom's Response refuses a 204 with the helper's empty body, so 200 stands in.
  revoke = { status: 200, text: '' },
}: Api = {}) {
  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === keysPath && method === 'GET') return list();
    if (url === keysPath && method === 'POST') return create;
    if (url.endsWith('/rotate') && method === 'POST' && rotate) return rotate;
    if (url.startsWith(`${keysPath}/`) && method === 'DELETE') return revoke;
    return { status: 404, body: { error: 'NOT_FOUND', message: `No fake for ${method} ${url}` } };
  });
  return { ...renderPage(<ApiKeysCard />, { path: '/settings' }), fetchMock };
}

const keyItem = async (name: string) =>
  within((await screen.findAllByRole('listitem')).find((item) => item.textContent?.includes(name))!);
const dialog = async (name: string | RegExp) => within(await screen.findByRole('dialog', { name }));

// Heavy antd modals: slow when the machine is shared with the end-to-end stack.
describe('Settings → Developer API → API Keys', { timeout: 30_000 }, () => {
  it('lists the keys masked, with mode, scopes and times, and nothing to copy', async () => {
    renderCard();
    expect(screen.getByText('Loading API keys...')).toBeTruthy();

    const live = await keyItem('Order sync');
    expect(live.getByText('mp_live_••••••••••••wXyZ')).toBeTruthy();
    expect(live.getByText('Live')).toBeTruthy();
    expect(live.getByText('Read')).toBeTruthy();
    expect(live.getByText('Write')).toBeTruthy();
    expect(live.getByText(/Created Mar 1, 2026/)).toBeTruthy();
    expect(live.getByText(/Last used Mar 4, 2026/)).toBeTruthy();

    const test = await keyItem('Staging');
    expect(test.getByText('Test')).toBeTruthy();
    expect(test.queryByText('Write')).toBeNull();
    expect(test.getByText(/Last used never/)).toBeTruthy();
    // A masked key is useless copied: the full key is only ever copied from the "shown once" dialog.
    expect(screen.queryByRole('button', { name: /^Copy/ })).toBeNull();
  });

  it('shows an empty state, and an error with a retry that loads the keys', async () => {
    let calls = 0;
    const { user } = renderCard({
      list: () => (++calls === 1 ? { status: 500, body: { error: 'INTERNAL', message: 'boom' } } : { body: [] }),
    });
    expect(await screen.findByText('Error Loading API Keys')).toBeTruthy();
    expect(screen.getByText('Failed to load your API keys. Please try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
  });

  it('generates a key and shows it once, with a warning and a copy button', async () => {
    let listed: ApiKeyView[] = [orderSync];
    const { user, fetchMock } = renderCard({ list: () => ({ body: listed }) });
    await keyItem('Order sync');

    await user.click(screen.getByRole('button', { name: 'Generate New Key' }));
    const form = await dialog('Generate New Key');
    await fillIn(user, form.getByLabelText('Key name'), 'Reports');
    await user.click(form.getByRole('radio', { name: 'Test' }));
    await user.click(form.getByRole('checkbox', { name: 'Write' }));
    listed = [created, orderSync];
    await user.click(form.getByRole('button', { name: 'Generate Key' }));

    const shown = await dialog('Your new key: Reports');
    expect(requestBody(callsTo(fetchMock, keysPath, 'POST')[0])).toEqual({
      name: 'Reports',
      mode: 'test',
      scopes: ['read', 'write'],
    });
    expect(shown.getByText(apiKeyMessages.secretOnce)).toBeTruthy();
    expect(shown.getByText(secret)).toBeTruthy();
    expect(await screen.findByText('API Key Created')).toBeTruthy();

    await user.click(shown.getByRole('button', { name: 'Copy api key' }));
    expect(await shown.findByRole('button', { name: 'Copied api key' })).toBeTruthy();
    // The toast's title is the spec's 'Copied' (beside the button's own 'Copied').
    await waitFor(() => expect(screen.getAllByText('Copied', { exact: true })).toHaveLength(2));
    await expect(navigator.clipboard.readText()).resolves.toBe(secret);

    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(secret)).toBeNull());
    // The list refetched: the new key, masked.
    expect((await keyItem('Reports')).getByText('mp_test_••••••••••••5dFh')).toBeTruthy();
  });

  it('checks the form before sending, with the contract messages', async () => {
    const { user, fetchMock } = renderCard();
    await keyItem('Order sync');
    await user.click(screen.getByRole('button', { name: 'Generate New Key' }));
    const form = await dialog('Generate New Key');
    await user.click(form.getByRole('checkbox', { name: 'Read' }));
    await user.click(form.getByRole('button', { name: 'Generate Key' }));

    expect(await form.findByText('Key name is required')).toBeTruthy();
    expect(await form.findByText('Choose at least one scope')).toBeTruthy();
    expect(callsTo(fetchMock, keysPath, 'POST')).toHaveLength(0);
  });

  it('offers the webhooks scope unticked, says what it allows and warns once it is ticked', async () => {
    const { user, fetchMock } = renderCard();
    await keyItem('Order sync');
    await user.click(screen.getByRole('button', { name: 'Generate New Key' }));
    const form = await dialog('Generate New Key');
    const webhooks = form.getByRole('checkbox', { name: 'Webhooks' }) as HTMLInputElement;
    expect(webhooks.checked).toBe(false);
    expect(
      form.getByText(
        'Webhooks: Register webhook endpoints, change their URLs and rotate their signing secrets (needs Write).',
      ),
    ).toBeTruthy();
    expect(form.queryByText(apiKeyMessages.webhooksScopeWarning)).toBeNull();

    await fillIn(user, form.getByLabelText('Key name'), 'Hook manager');
    await user.click(webhooks);
    expect(await form.findByText(apiKeyMessages.webhooksScopeWarning)).toBeTruthy();
    // Not without write: the contract's message, nothing sent.
    await user.click(form.getByRole('button', { name: 'Generate Key' }));
    expect(await form.findByText('The webhooks scope needs the write scope too')).toBeTruthy();
    expect(callsTo(fetchMock, keysPath, 'POST')).toHaveLength(0);

    await user.click(form.getByRole('checkbox', { name: 'Write' }));
    await user.click(form.getByRole('button', { name: 'Generate Key' }));
    await dialog('Your new key: Reports');
    expect(requestBody(callsTo(fetchMock, keysPath, 'POST')[0])).toEqual({
      name: 'Hook manager',
      mode: 'live',
      scopes: ['read', 'write', 'webhooks'],
    });
  });

  it("says why when the server refuses: the limit's message in a toast, the form kept open", async () => {
    const { user } = renderCard({
      create: { status: 409, body: { error: 'CONFLICT', message: apiKeyMessages.limitReached } },
    });
    await keyItem('Order sync');
    await user.click(screen.getByRole('button', { name: 'Generate New Key' }));
    const form = await dialog('Generate New Key');
    await fillIn(user, form.getByLabelText('Key name'), 'One too many');
    await user.click(form.getByRole('button', { name: 'Generate Key' }));

    expect(await screen.findByText(apiKeyMessages.limitReached)).toBeTruthy();
    expect(screen.getByText(apiKeyMessages.failedTitle)).toBeTruthy();
    expect(form.getByLabelText('Key name')).toBeTruthy();
    expect(screen.queryByText(apiKeyMessages.secretOnce)).toBeNull();
  });

  it('is usable from the keyboard: open the form, type a name, Enter generates', async () => {
    const { user, fetchMock } = renderCard();
    await keyItem('Order sync');
    screen.getByRole('button', { name: 'Generate New Key' }).focus();
    await user.keyboard('{Enter}');
    const form = await dialog('Generate New Key');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Key name')));
    await user.keyboard('Nightly export{Enter}');

    expect(await screen.findByRole('dialog', { name: 'Your new key: Reports' })).toBeTruthy();
    expect(requestBody(callsTo(fetchMock, keysPath, 'POST')[0])).toEqual({
      name: 'Nightly export',
      mode: 'live',
      scopes: ['read'],
    });
  });

  it('rotates after confirming and shows the replacement once, saying how long the old key works', async () => {
    const replacement: CreatedApiKey = {
      ...orderSync,
      id: 'k9',
      maskedKey: 'mp_live_••••••••••••9Zz9',
      secret: `mp_live_${'9'.repeat(28)}9Zz9`,
    };
    let listed: ApiKeyView[] = [orderSync];
    const { user, fetchMock } = renderCard({
      list: () => ({ body: listed }),
      rotate: { status: 201, body: replacement },
    });
    await user.click((await keyItem('Order sync')).getByRole('button', { name: 'Rotate Order sync' }));
    const confirm = await dialog('Rotate Order sync?');
    expect(callsTo(fetchMock, `${keysPath}/k1/rotate`, 'POST')).toHaveLength(0);
    listed = [
      { ...replacement, secret: undefined } as unknown as ApiKeyView,
      { ...orderSync, status: 'expiring', expiresAt: '2026-03-05T10:00:00.000Z' },
    ];
    await user.click(confirm.getByRole('button', { name: 'Rotate' }));

    const shown = await dialog('New key for Order sync');
    expect(callsTo(fetchMock, `${keysPath}/k1/rotate`, 'POST')).toHaveLength(1);
    expect(shown.getByText(replacement.secret)).toBeTruthy();
    expect(await shown.findByText(/The previous key keeps working until Mar 5, 2026/)).toBeTruthy();
    expect(await screen.findByText('API Key Rotated')).toBeTruthy();
    await user.click(shown.getByRole('button', { name: 'Done' }));

    // The old key is listed as rotated, with only Revoke left.
    const old = within((await screen.findAllByRole('listitem')).find((item) => item.textContent?.includes('wXyZ'))!);
    expect(old.getByText(/Rotated: works until Mar 5, 2026/)).toBeTruthy();
    expect(old.queryByRole('button', { name: /Rotate/ })).toBeNull();
    expect(old.getByRole('button', { name: 'Revoke Order sync' })).toBeTruthy();
  });

  it('revokes only after confirming; cancelling keeps the key', async () => {
    let listed: ApiKeyView[] = [orderSync, staging];
    const { user, fetchMock } = renderCard({ list: () => ({ body: listed }) });

    await user.click((await keyItem('Staging')).getByRole('button', { name: 'Revoke Staging' }));
    await user.click((await dialog('Revoke Staging?')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke Staging?' })).toBeNull());
    expect(callsTo(fetchMock, `${keysPath}/k2`, 'DELETE')).toHaveLength(0);

    await user.click((await keyItem('Staging')).getByRole('button', { name: 'Revoke Staging' }));
    const confirm = await dialog('Revoke Staging?');
    expect(confirm.getByText(/refused within seconds/)).toBeTruthy();
    listed = [orderSync];
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('API Key Revoked')).toBeTruthy();
    expect(callsTo(fetchMock, `${keysPath}/k2`, 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Staging')).toBeNull());
    expect(screen.getByText('Order sync')).toBeTruthy();
  });
});
