import {
  supportMessages,
  type SupportConversationResponse,
  type SupportQueueItem,
  type SupportQueueResponse,
} from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../App';
import { GuardedRoute } from '../../components/GuardedRoute';
import { callsTo, fillIn, mockFetch, renderRoutes, requestBody, type MockResponse } from '../../test/render';
import { SupportConsolePage } from './SupportConsolePage';

const agentId = '00000000-0000-4000-8000-0000000000a1';
const otherAgentId = '00000000-0000-4000-8000-0000000000b2';
const chatId = '11111111-1111-4111-8111-111111111111';
const ticketId = '22222222-2222-4222-8222-222222222222';

const me = {
  id: agentId,
  email: 'kiri@platform.example',
  username: 'kiri',
  kycStatus: 'verified',
  emailVerified: true,
  firstName: 'Kiri',
  lastName: 'Agent',
  companyName: null,
};

const minutes = (count: number) => count * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

function queueItem(overrides: Partial<SupportQueueItem>): SupportQueueItem {
  return {
    kind: 'chat',
    id: chatId,
    status: 'pending',
    priority: 'urgent',
    summary: 'My account is locked out',
    from: 'user-7',
    assignedTo: null,
    createdAt: ago(minutes(12)),
    waitingMs: minutes(12),
    firstResponseDueAt: fromNow(minutes(18)),
    firstResponseAt: null,
    breached: false,
    ...overrides,
  };
}

function conversation(overrides: Partial<SupportConversationResponse> = {}): SupportConversationResponse {
  return {
    id: chatId,
    userId: 'user-7',
    sessionId: 'session-0001',
    status: 'pending',
    priority: 'urgent',
    message: 'My account is locked out',
    sentiment: {
      score: -0.8,
      label: 'negative',
      confidence: 0.9,
      escalationRequired: true,
      reason: 'Urgent keywords: locked out',
    },
    assignedTo: null,
    createdAt: ago(minutes(12)),
    claimedAt: null,
    resolvedAt: null,
    firstResponseAt: null,
    firstResponseDueAt: fromNow(minutes(18)),
    breached: false,
    userContext: {
      recentMessages: [
        { type: 'bot', content: 'Hello! How can I help?' },
        { type: 'user', content: 'My account is locked out' },
      ],
      sessionDuration: minutes(7) + 30_000,
    },
    account: {
      plan: { planId: 'growth', billingCycle: 'monthly', currentPeriodEnd: '2026-12-01T00:00:00.000Z' },
      kycStatus: 'verified',
      recentTransactions: [
        {
          id: 'tx-1',
          amount: '129.90',
          currency: 'NZD',
          status: 'completed',
          paymentMethod: 'card',
          processor: 'stripe',
          occurredAt: '2026-11-20T10:00:00.000Z',
        },
      ],
    },
    messages: [
      { id: 'm1', type: 'bot', content: 'Hello! How can I help?', timestamp: ago(minutes(13)), escalated: false },
      { id: 'm2', type: 'user', content: 'My account is locked out', timestamp: ago(minutes(12)), escalated: true },
    ],
    ...overrides,
  };
}

/** The URL the console keeps its filter and open chat in. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

const notFound: MockResponse = { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } };

function renderConsole(
  role: string,
  handler: (url: string, init: RequestInit | undefined) => MockResponse | undefined = () => undefined,
  url = '/support',
) {
  const fetchMock = mockFetch((requested, init) => {
    if (requested === '/api/auth/me') return { body: { ...me, role } };
    return handler(requested, init) ?? notFound;
  });
  // Mounted as App.tsx mounts it, without the lazy route table (slow to load on a busy machine);
  // the first test goes through App.tsx.
  const routes = (
    <Route
      element={
        <>
          <GuardedRoute />
          <Where />
        </>
      }
    >
      <Route path="/support" element={<SupportConsolePage />} />
    </Route>
  );
  return { ...renderRoutes(routes, url), fetchMock };
}

const queueOf = (...items: SupportQueueItem[]): MockResponse => ({ body: { items } satisfies SupportQueueResponse });

/** The queue table's body rows (antd adds a hidden measuring row). */
const queueRows = async () => {
  const table = await screen.findByRole('table', { name: 'Support queue' });
  return within(table)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody') && !row.getAttribute('aria-hidden'));
};

describe('/support', () => {
  it("shows 'Not allowed' to a plain user at App.tsx's /support, hides the nav item and calls no support endpoint", async () => {
    const fetchMock = mockFetch((url) => (url === '/api/auth/me' ? { body: { ...me, role: 'user' } } : notFound));
    renderRoutes(<Route path="*" element={<AppRoutes />} />, '/support');
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Support' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/support'))).toBe(false);
  });

  it('lists the queue in the server order with priorities, waiting time, SLA and assignee', async () => {
    const items = [
      queueItem({
        breached: true,
        waitingMs: minutes(95),
        createdAt: ago(minutes(95)),
        firstResponseDueAt: ago(minutes(5)),
      }),
      queueItem({
        id: '33333333-3333-4333-8333-333333333333',
        priority: 'medium',
        summary: 'Where is my payout?',
        status: 'open',
        assignedTo: agentId,
      }),
      queueItem({
        kind: 'ticket',
        id: ticketId,
        priority: 'low',
        summary: 'Invoice question',
        from: 'ana@kauri.example',
        waitingMs: minutes(3),
        createdAt: ago(minutes(3)),
        firstResponseDueAt: null,
      }),
    ];
    renderConsole('support', (url) => (url === '/api/support/queue?status=pending' ? queueOf(...items) : undefined));

    expect(await screen.findByRole('heading', { level: 1, name: 'Support Console' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support');

    await screen.findByText('Invoice question');
    const rows = await queueRows();
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      'My account is locked out',
      'Where is my payout?',
      'Invoice question',
    ]);
    const [breached, mine, ticket] = rows as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(breached).getByText('Urgent').className).toContain('ant-tag-red');
    expect(within(breached).getByText('SLA breached').className).toContain('ant-tag-red');
    expect(within(breached).getByText('1 h 35 min')).toBeTruthy();
    expect(within(breached).getByText('Unassigned')).toBeTruthy();

    expect(within(mine).getByText('Medium')).toBeTruthy();
    expect(within(mine).getByText(/^1[78] min left$/)).toBeTruthy();
    expect(within(mine).getByText('you')).toBeTruthy();
    expect(within(mine).queryByText('SLA breached')).toBeNull();

    expect(within(ticket).getByText('Ticket')).toBeTruthy();
    expect(within(ticket).getByText('Low')).toBeTruthy();
    expect(within(ticket).getByText('3 min')).toBeTruthy();
    expect(within(ticket).getByRole('button', { name: 'Claim ticket Invoice question' })).toBeTruthy();
  });

  it("says so when nobody is waiting, and shows the other tabs' queues", async () => {
    const { user, fetchMock } = renderConsole('admin', (url) => {
      if (url === '/api/support/queue?status=pending') return queueOf();
      if (url === '/api/support/queue') return queueOf(queueItem({ status: 'resolved' }));
      return undefined;
    });
    expect(await screen.findByText('No conversations waiting')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(await screen.findByText('My account is locked out')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/support/queue').length).toBeGreaterThan(0);
    expect(screen.getByTestId('where').textContent).toBe('/support?status=all');
  });

  it('shows the server message when the queue cannot be loaded', async () => {
    renderConsole('support', (url) =>
      url.startsWith('/api/support/queue')
        ? { status: 503, body: { error: 'SERVICE_UNAVAILABLE', message: 'Chat support is unavailable.' } }
        : undefined,
    );
    expect(await screen.findByText('The support queue could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Chat support is unavailable.')).toBeTruthy();
  });

  it('claims, replies to and resolves a chat through the right endpoints', async () => {
    let current = conversation();
    const path = `/api/support/conversations/${chatId}`;
    const { user, fetchMock } = renderConsole('support', (url, init) => {
      if (url.startsWith('/api/support/queue')) return queueOf(queueItem({ status: current.status }));
      if (url === path) return { body: current };
      if (init?.method !== 'POST') return undefined;
      if (url === `${path}/claim`) current = { ...current, status: 'open', assignedTo: agentId };
      else if (url === `${path}/reply`) {
        const { message } = requestBody([url, init]) as { message: string };
        current = {
          ...current,
          firstResponseAt: new Date().toISOString(),
          messages: [
            ...current.messages,
            { id: 'm3', type: 'agent', content: message, timestamp: new Date().toISOString(), escalated: false },
          ],
        };
      } else if (url === `${path}/resolve`) current = { ...current, status: 'resolved' };
      else return undefined;
      return { body: current };
    });

    // From the keyboard: the summary is a button.
    (await screen.findByRole('button', { name: 'My account is locked out' })).focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('region', { name: 'Conversation' });
    await waitFor(() => expect(document.activeElement).toBe(panel));
    expect(screen.getByTestId('where').textContent).toBe(`/support?c=${chatId}`);

    // The escalation, the user context and the account.
    expect(await within(panel).findByText('Urgent keywords: locked out')).toBeTruthy();
    expect(within(panel).getByText(/Negative \(score -0\.80/)).toBeTruthy();
    expect(within(panel).getByText('7 min')).toBeTruthy();
    expect(within(panel).getByText(/Growth · Monthly/)).toBeTruthy();
    expect(within(panel).getByText('KYC Active')).toBeTruthy();
    expect(within(panel).getByText('NZ$129.90')).toBeTruthy();
    const log = within(panel).getByRole('log', { name: 'Chat messages' });
    expect(log.querySelector('[data-speaker="user"]')?.textContent).toContain('My account is locked out');
    expect(log.querySelector('[data-speaker="bot"]')?.textContent).toContain('Assistant');

    // Pending: the reply box waits for the claim.
    const reply = within(panel).getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;
    expect(reply.disabled).toBe(true);
    expect(within(panel).getByText(supportMessages.notAssigned)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Resolve' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(reply.disabled).toBe(false));
    expect(callsTo(fetchMock, `${path}/claim`, 'POST')).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: 'Claim' })).toBeNull();

    // Empty is not sent; Shift+Enter is a new line; Enter sends.
    reply.focus();
    await user.keyboard('{Enter}');
    expect(callsTo(fetchMock, `${path}/reply`, 'POST')).toHaveLength(0);
    await fillIn(user, reply, 'We have unlocked it.');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(callsTo(fetchMock, `${path}/reply`, 'POST')).toHaveLength(0);
    await user.paste('Please sign in again.');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, `${path}/reply`, 'POST')).toHaveLength(1));
    expect(requestBody(callsTo(fetchMock, `${path}/reply`, 'POST')[0])).toEqual({
      message: 'We have unlocked it.\nPlease sign in again.',
    });
    await waitFor(() => expect(log.querySelector('[data-speaker="agent"]')?.textContent).toContain('unlocked'));
    await waitFor(() => expect(reply.value).toBe(''));
    expect(within(panel).getByText('Replied in time')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(callsTo(fetchMock, `${path}/resolve`, 'POST')).toHaveLength(1));
    await waitFor(() => expect(reply.disabled).toBe(true));
    expect(within(panel).getByText(supportMessages.resolved)).toBeTruthy();
  });

  it("does not let an agent reply to another agent's chat, and shows the server's refusal", async () => {
    const path = `/api/support/conversations/${chatId}`;
    const taken = conversation({
      status: 'open',
      assignedTo: otherAgentId,
      account: { plan: null, kycStatus: 'pending', recentTransactions: [] },
    });
    let current = conversation();
    const { user } = renderConsole(
      'support',
      (url, init) => {
        if (url.startsWith('/api/support/queue')) return queueOf(queueItem({}));
        if (url === path) return { body: current };
        if (url === `${path}/claim` && init?.method === 'POST') {
          current = taken;
          return { status: 409, body: { error: 'CONFLICT', message: supportMessages.claimedByOther } };
        }
        return undefined;
      },
      `/support?c=${chatId}`,
    );

    const panel = await screen.findByRole('region', { name: 'Conversation' });
    await user.click(await within(panel).findByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Claim Failed')).toBeTruthy();
    expect(screen.getAllByText(supportMessages.claimedByOther).length).toBeGreaterThan(0);

    // The refusal re-reads the conversation: another agent's, so no reply and no resolve.
    await within(panel).findByText('Assigned to Another agent');
    const reply = within(panel).getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;
    expect(reply.disabled).toBe(true);
    expect(within(panel).queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Claim' })).toBeNull();
    expect(within(panel).getByText('No subscription')).toBeTruthy();
    expect(within(panel).getByText('No transactions yet')).toBeTruthy();
  });

  it('claims and resolves a ticket from its queue row', async () => {
    let status: SupportQueueItem['status'] = 'pending';
    const ticket = () =>
      queueItem({
        kind: 'ticket',
        id: ticketId,
        priority: 'low',
        status,
        summary: 'Invoice question',
        assignedTo: status === 'pending' ? null : agentId,
        firstResponseDueAt: null,
      });
    const { user, fetchMock } = renderConsole('support', (url, init) => {
      if (url.startsWith('/api/support/queue')) return queueOf(ticket());
      if (init?.method !== 'POST') return undefined;
      if (url === `/api/support/tickets/${ticketId}/claim`) status = 'open';
      else if (url === `/api/support/tickets/${ticketId}/resolve`) status = 'resolved';
      else return undefined;
      return { body: { id: ticketId, status } };
    });

    await user.click(await screen.findByRole('button', { name: 'Claim ticket Invoice question' }));
    const resolve = await screen.findByRole('button', { name: 'Resolve ticket Invoice question' });
    expect(callsTo(fetchMock, `/api/support/tickets/${ticketId}/claim`, 'POST')).toHaveLength(1);
    await user.click(resolve);
    await waitFor(() => expect(callsTo(fetchMock, `/api/support/tickets/${ticketId}/resolve`, 'POST')).toHaveLength(1));
  });

  it("shows the server's message for a conversation it does not know", async () => {
    const { fetchMock } = renderConsole(
      'support',
      (url) => {
        if (url.startsWith('/api/support/queue')) return queueOf();
        if (url === '/api/support/conversations/nope')
          return { status: 404, body: { error: 'NOT_FOUND', message: supportMessages.notFound } };
        return undefined;
      },
      '/support?c=nope',
    );
    const panel = await screen.findByRole('region', { name: 'Conversation' });
    expect(await within(panel).findByText(supportMessages.notFound)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/support/conversations/nope')).toHaveLength(1);
  });
});
