import { chatMessages, type ChatMessageResponse, type ChatSentimentResponse } from '@app/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../App';
import { createQueryClient } from '../../api/query-client';
import { supportEmail } from '../../brand';
import { chatEscalatedReply, chatWelcome } from '../../hooks/useChat';
import { signedInUser } from '../../pages/dashboard/fixtures';
import { renderRoutes, requestBody, testTheme } from '../../test/render';
import { AntdProviders } from '../AntdProviders';
import { AppProviders } from '../AppProviders';
import { GuardedRoute } from '../GuardedRoute';

type Answer = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }> | 'network-error';

const neutral: ChatSentimentResponse = {
  score: 0,
  label: 'neutral',
  confidence: 0.6,
  escalationRequired: false,
  reason: 'No sentiment keywords',
  priority: 'low',
};

const planReply: ChatMessageResponse = {
  message: "Here's what our help content says:\n\nGrowth: $29 per month.",
  messageId: 'm1',
  timestamp: '2026-11-24T09:00:00.000Z',
  sources: [{ id: 'pricing.plans', title: 'Pricing: Plans and prices', path: '/pricing' }],
  offerHuman: false,
};

/** The signed-in user's API with the chat calls answered by `chat` (default: neutral sentiment, the plan reply). */
function fakeChatApi(
  chat: Partial<Record<'initialize' | 'sentiment' | 'message' | 'escalate' | 'history', () => Answer>> = {},
) {
  const answers: Record<string, () => Answer> = {
    '/api/auth/me': () => ({ body: signedInUser }),
    '/api/analytics/events': () => ({ status: 202, body: { accepted: true, id: 'e1' } }),
    '/api/chat/initialize': () => ({
      body: { sessionId: 's', conversationId: 'c1', startedAt: '2026-11-24T09:00:00.000Z' },
    }),
    '/api/chat/sentiment': () => ({ body: neutral }),
    '/api/chat/message': () => ({ body: planReply }),
    '/api/chat/escalate': () => ({
      status: 201,
      body: {
        success: true,
        supportConversationId: 'sc1',
        status: 'pending',
        priority: 'urgent',
        message: chatMessages.escalated,
      },
    }),
    ...Object.fromEntries(Object.entries(chat).map(([name, answer]) => [`/api/chat/${name}`, answer])),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = (answers[url] ?? answers[url.split('?')[0]!])?.() ?? {
      status: 404,
      body: { error: 'NOT_FOUND', message: 'Not found' },
    };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const { status = 200, body } = await answer;
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const chatCalls = (fetchMock: ReturnType<typeof fakeChatApi>, name: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).split('?')[0] === `/api/chat/${name}`);

/** The browser's EventSource, driven by the test: `emit` delivers a server-sent event. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

function renderSignedIn() {
  return renderRoutes(
    <Route element={<GuardedRoute />}>
      <Route path="/dashboard" element={<h1>Dashboard content</h1>} />
    </Route>,
    '/dashboard',
  );
}

async function openChat() {
  const rendered = renderSignedIn();
  await rendered.user.click(await screen.findByRole('button', { name: 'Open support chat' }));
  const panel = await screen.findByRole('dialog', { name: 'AI Support Assistant' });
  return { ...rendered, panel, input: within(panel).getByRole('textbox', { name: 'Message' }) };
}

const log = () => screen.getByRole('log', { name: 'Chat messages' });

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  FakeEventSource.instances = [];
});

describe('chat widget', () => {
  it('is on signed-in pages: a round button opens the panel with the welcome and its four topics', async () => {
    const fetchMock = fakeChatApi();
    const { panel } = await openChat();
    expect(within(panel).getByText(chatWelcome)).toBeTruthy();
    expect(chatWelcome).toMatch(/account questions, transaction issues, platform features and analytics/);
    await waitFor(() => expect(chatCalls(fetchMock, 'initialize')).toHaveLength(1));
    expect(requestBody(chatCalls(fetchMock, 'initialize')[0])).toMatchObject({
      sessionId: expect.stringMatching(/^[\w.:-]{8,100}$/),
      platform: 'web',
      userAgent: expect.any(String),
      timestamp: expect.any(String),
    });
    expect(within(panel).getByRole('button', { name: 'Minimize chat' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Close chat' })).toBeTruthy();
  });

  it('is not on public pages', async () => {
    fakeChatApi();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AntdProviders theme={testTheme}>
          <MemoryRouter initialEntries={['/contact']}>
            <AppRoutes />
          </MemoryRouter>
        </AntdProviders>
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'Contact Us' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open support chat' })).toBeNull();
  });

  it('Enter sends, Shift+Enter makes a new line, and an empty or blank message is not sent', async () => {
    const fetchMock = fakeChatApi();
    const { user, input, panel } = await openChat();
    const sendButton = within(panel).getByRole('button', { name: 'Send message' });
    expect(sendButton).toHaveProperty('disabled', true);

    await user.type(input, '   ');
    await user.keyboard('{Enter}');
    expect(sendButton).toHaveProperty('disabled', true);

    await user.clear(input);
    await user.type(input, 'What do plans cost?');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.type(input, 'And fees?');
    expect((input as HTMLTextAreaElement).value).toBe('What do plans cost?\nAnd fees?');
    expect(chatCalls(fetchMock, 'message')).toHaveLength(0);
    expect(chatCalls(fetchMock, 'sentiment')).toHaveLength(0);

    await user.keyboard('{Enter}');
    expect(await within(log()).findByText(/Growth: \$29 per month/)).toBeTruthy();
    expect((input as HTMLTextAreaElement).value).toBe('');
    expect(chatCalls(fetchMock, 'message')).toHaveLength(1);
    const sessionId = (requestBody(chatCalls(fetchMock, 'initialize')[0]) as { sessionId: string }).sessionId;
    expect(requestBody(chatCalls(fetchMock, 'sentiment')[0])).toEqual({
      message: 'What do plans cost?\nAnd fees?',
      sessionId,
    });
    expect(requestBody(chatCalls(fetchMock, 'message')[0])).toEqual({
      message: 'What do plans cost?\nAnd fees?',
      sessionId,
      sentiment: 'neutral',
      priority: 'low',
      timestamp: expect.any(String),
    });
    expect(chatCalls(fetchMock, 'escalate')).toHaveLength(0);
  });

  it('shows a typing indicator while the reply is pending, then the reply and its sources', async () => {
    let answer: (value: { body: ChatMessageResponse }) => void = () => undefined;
    fakeChatApi({ message: () => new Promise((resolve) => (answer = resolve)) });
    const { user, input, panel } = await openChat();
    await user.type(input, 'How much is Growth?{Enter}');

    expect(await within(panel).findByRole('status')).toHaveProperty('textContent', 'Assistant is typing…');
    expect(within(log()).getByText('How much is Growth?')).toBeTruthy();
    // Spec 5: send is disabled while a reply is pending.
    await user.type(input, 'more');
    expect(within(panel).getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', true);

    answer({ body: planReply });
    expect(await within(log()).findByText(/Growth: \$29 per month/)).toBeTruthy();
    expect(within(panel).queryByRole('status')).toBeNull();
    const source = within(log()).getByRole('link', { name: 'Pricing: Plans and prices' });
    expect(source.getAttribute('href')).toBe('/pricing');
  });

  it.each([
    ['a 500', (): Answer => ({ status: 500, body: { error: 'INTERNAL', message: 'Something went wrong.' } })],
    ['a network error', (): Answer => 'network-error'],
  ])('on %s says it has technical difficulties with the support e-mail and toasts Chat Error', async (_, failure) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeChatApi({ message: failure });
    const { user, input } = await openChat();
    await user.type(input, 'Hello{Enter}');
    const reply = await within(log()).findByText(/technical difficulties/);
    expect(reply.textContent).toContain(supportEmail);
    expect(reply.textContent).toMatch(/try again/i);
    expect(await screen.findByText(chatMessages.failedTitle)).toBeTruthy();
    expect(screen.getByText(chatMessages.failed)).toBeTruthy();
  });

  it('escalates when the sentiment requires it, with the user context, and shows Support Team Notified', async () => {
    const fetchMock = fakeChatApi({
      sentiment: () => ({
        body: {
          score: -0.8,
          label: 'negative',
          confidence: 0.9,
          escalationRequired: true,
          reason: 'Urgent keywords: fraud',
          priority: 'urgent',
        },
      }),
    });
    const { user, input } = await openChat();
    await user.type(input, 'I think there is fraud on my account{Enter}');

    expect(await screen.findByText(chatMessages.escalatedTitle)).toBeTruthy();
    expect(screen.getByText(chatMessages.escalated)).toBeTruthy();
    expect(await within(log()).findByText(chatEscalatedReply)).toBeTruthy();
    await within(log()).findByText(/Growth: \$29 per month/);

    const escalation = requestBody(chatCalls(fetchMock, 'escalate')[0]) as {
      sentiment: Record<string, unknown>;
      userContext: { recentMessages: { type: string; content: string; priority?: string }[]; sessionDuration: number };
    };
    expect(escalation).toMatchObject({
      message: 'I think there is fraud on my account',
      sentiment: {
        score: -0.8,
        label: 'negative',
        confidence: 0.9,
        escalationRequired: true,
        reason: 'Urgent keywords: fraud',
      },
    });
    // The escalate call takes spec 3's sentiment result only: no priority field.
    expect(escalation.sentiment).not.toHaveProperty('priority');
    expect(escalation.userContext.recentMessages.map(({ type, content }) => [type, content])).toEqual([
      ['bot', chatWelcome],
      ['user', 'I think there is fraud on my account'],
    ]);
    expect(escalation.userContext.recentMessages[1]?.priority).toBe('urgent');
    expect(escalation.userContext.sessionDuration).toBeGreaterThanOrEqual(0);
    expect(requestBody(chatCalls(fetchMock, 'message')[0])).toMatchObject({
      sentiment: 'negative',
      priority: 'urgent',
    });
  });

  it('falls back to the keyword rules when the sentiment call fails, and sends at most 5 context messages', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchMock = fakeChatApi({ sentiment: () => ({ status: 503, body: { error: 'X', message: 'down' } }) });
    const { user, input } = await openChat();
    for (const text of ['one', 'two']) {
      await user.type(input, `${text}{Enter}`);
      await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    }
    expect(chatCalls(fetchMock, 'escalate')).toHaveLength(0);
    await user.type(input, 'Someone may steal my funds{Enter}');
    expect(await screen.findByText(chatMessages.escalatedTitle)).toBeTruthy();
    const escalation = requestBody(chatCalls(fetchMock, 'escalate')[0]) as {
      sentiment: { reason: string; escalationRequired: boolean };
      userContext: { recentMessages: { content: string }[] };
    };
    expect(escalation.sentiment).toMatchObject({ escalationRequired: true, label: 'negative', score: -0.8 });
    expect(escalation.userContext.recentMessages).toHaveLength(5);
    expect(escalation.userContext.recentMessages.at(-1)?.content).toBe('Someone may steal my funds');
  });

  it('Escape closes the panel and returns focus to the button; reopening continues the conversation', async () => {
    const fetchMock = fakeChatApi();
    const { user, input } = await openChat();
    expect(document.activeElement).toBe(input);
    await user.type(input, 'How much is Growth?{Enter}');
    await within(log()).findByText(/Growth: \$29 per month/);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const launcher = screen.getByRole('button', { name: 'Open support chat' });
    expect(document.activeElement).toBe(launcher);

    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'AI Support Assistant' });
    expect(within(panel).getByText('How much is Growth?')).toBeTruthy();
    expect(within(panel).getAllByText(chatWelcome)).toHaveLength(1);
    // One conversation: initialized once, the same session id on every call.
    expect(chatCalls(fetchMock, 'initialize')).toHaveLength(1);

    // Minimize keeps only the header; the controls are reachable by Tab.
    await user.click(within(panel).getByRole('button', { name: 'Minimize chat' }));
    expect(within(panel).queryByRole('textbox')).toBeNull();
    const expand = within(panel).getByRole('button', { name: 'Expand chat' });
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Close chat' }));
    await user.click(expand);
    expect(within(panel).getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });
  it("shows an agent's reply live while the panel is open, and the ones sent while it was closed on reopening", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const agentReply = (id: string, content: string) => ({
      id,
      type: 'agent',
      content,
      timestamp: '2026-11-25T10:00:00.000Z',
      escalated: false,
    });
    let history = [agentReply('a1', 'Hello, this is Sam from support.')];
    const fetchMock = fakeChatApi({
      history: () => ({ body: { sessionId: 's', messages: history, supportStatus: 'open' } }),
    });
    const { user, panel } = await openChat();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.instances[0]!;
    const sessionId = (requestBody(chatCalls(fetchMock, 'initialize')[0]) as { sessionId: string }).sessionId;
    expect(stream.url).toBe(`/api/chat/stream?sessionId=${sessionId}`);

    // Ready: the history is read (a reply sent before the stream opened is shown once).
    stream.emit('ready', { sessionId });
    expect(await within(log()).findByText('Hello, this is Sam from support.')).toBeTruthy();
    expect(within(panel).getByRole('status')).toHaveProperty('textContent', 'A support agent is with you');
    stream.emit('message', { sessionId, message: agentReply('a1', 'Hello, this is Sam from support.') });
    stream.emit('message', { sessionId, message: agentReply('a2', 'I have frozen the card.') });
    // Another tab's chat is not this one's.
    stream.emit('message', { sessionId: 'web_other_tab', message: agentReply('a3', 'Not for this tab') });
    expect(await within(log()).findByText('I have frozen the card.')).toBeTruthy();
    expect(within(log()).getAllByText('Hello, this is Sam from support.')).toHaveLength(1);
    expect(within(log()).queryByText('Not for this tab')).toBeNull();
    expect(within(log()).getAllByText('Support team')).toHaveLength(2);

    // Closed: no stream. A reply sent meanwhile is there on the next open.
    await user.click(within(panel).getByRole('button', { name: 'Close chat' }));
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    history = [...history, agentReply('a2', 'I have frozen the card.'), agentReply('a4', 'Anything else?')];
    await user.click(screen.getByRole('button', { name: 'Open support chat' }));
    expect(await within(log()).findByText('Anything else?')).toBeTruthy();
    expect(within(log()).getAllByText('I have frozen the card.')).toHaveLength(1);
  });

  it('offers a person when the assistant cannot answer, and escalates the question when asked', async () => {
    const fetchMock = fakeChatApi({
      message: () => ({
        body: { ...planReply, message: "I don't know that one.", sources: [], offerHuman: true },
      }),
    });
    const { user, input } = await openChat();
    await user.type(input, 'Can you change my invoice address?{Enter}');
    await user.click(await within(log()).findByRole('button', { name: 'Talk to a person' }));
    await waitFor(() => expect(chatCalls(fetchMock, 'escalate')).toHaveLength(1));
    expect(requestBody(chatCalls(fetchMock, 'escalate')[0])).toMatchObject({
      message: 'Can you change my invoice address?',
    });
    expect(await screen.findByText(chatMessages.escalatedTitle)).toBeTruthy();
    expect(within(log()).queryByRole('button', { name: 'Talk to a person' })).toBeNull();
  });
});

describe('chat answers as formatted text (issue 39)', () => {
  it('renders bullets, bold and links, never markup from the answer, and lists each source once', async () => {
    fakeChatApi({
      message: () => ({
        body: {
          ...planReply,
          message:
            "Here's what our help content says:\n\n**Plans** for every size:\n- Growth: $29 per month\n- Scale: $99 per month\n\n" +
            'See [pricing](/pricing) or [this](javascript:alert(1)) and <img src=x onerror=alert(1)>.\n\n' +
            'Source: Pricing: Plans and prices; Pricing: Plans and prices',
          sources: [planReply.sources[0]!, { ...planReply.sources[0]!, id: 'pricing.plans.2' }],
        },
      }),
    });
    const { user, input } = await openChat();
    await user.type(input, 'What do plans cost?{Enter}');
    const items = await within(log()).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Growth: $29 per month', 'Scale: $99 per month']);
    expect(log().textContent).not.toMatch(/- Growth|\*\*/);
    expect(within(log()).getByText('Plans').tagName).toBe('STRONG');
    expect(within(log()).getByRole('link', { name: 'pricing' }).getAttribute('href')).toBe('/pricing');
    // An unsafe link stays text; markup in an answer is shown as text, never made into an element.
    expect(within(log()).queryByRole('link', { name: 'this' })).toBeNull();
    expect(log().querySelector('img')).toBeNull();
    expect(log().textContent).toContain('<img src=x onerror=alert(1)>');
    // The sources once: one list line, one link to the page.
    expect(log().textContent?.match(/Sources?:/g)).toHaveLength(1);
    expect(within(log()).getAllByRole('link', { name: 'Pricing: Plans and prices' })).toHaveLength(1);
  });
});
