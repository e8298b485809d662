import {
  chatContextMessages,
  chatMessageMaxLength,
  chatMessages,
  keywordSentiment,
  type ChatEscalateRequest,
  type ChatHistoryMessage,
  type SentimentResult,
} from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { analyseChatSentiment, chatHistory, escalateChat, initializeChat, sendChatMessage } from '../api/chat';
import { supportEmail } from '../brand';
import {
  loadChatSession,
  newMessageId,
  saveChatSession,
  type ChatMessage,
  type ChatSessionState,
} from '../components/chat/chatSession';

import { useChatLive } from './useChatLive';
import { useToast } from './useToast';

/** Spec 2: the welcome message, whose greeting names the four topics. */
export const chatWelcome =
  "Hello! I'm your AI support assistant. I can help you with account questions, transaction issues, platform " +
  'features and analytics. How can I help you today?';

/** Spec 8: the bot's message when a reply could not be had. */
export const chatFailureReply = `I'm sorry, I'm having technical difficulties right now. Please try again in a moment, or contact our support team by e-mail at ${supportEmail}.`;

/** Spec 8: the bot notes that the support team was notified. */
export const chatEscalatedReply =
  "I've notified our human support team about your message. A team member will review it and get back to you as soon as possible.";

const maxSessionDuration = 30 * 24 * 3600 * 1000;

const botMessage = (content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: newMessageId(),
  type: 'bot',
  content,
  timestamp: new Date().toISOString(),
  ...extra,
});

/** Spec 3's sentiment result only (the sentiment call adds the priority, which the escalation does not take). */
const sentimentResult = ({ score, label, confidence, escalationRequired, reason }: SentimentResult) => ({
  score,
  label,
  confidence,
  escalationRequired,
  reason: reason.slice(0, 200),
});

/** Spec 7: the last messages as the escalation's user context. */
const contextOf = (messages: ChatMessage[]): ChatEscalateRequest['userContext']['recentMessages'] =>
  messages.slice(-chatContextMessages).map(({ id, type, content, timestamp, sentiment, priority, escalated }) => ({
    id,
    type,
    content: content.slice(0, chatMessageMaxLength),
    timestamp,
    sentiment,
    priority,
    escalated,
  }));

/** Sentiment failures and escalation failures are only logged (spec 8). */
const logFailure = (what: string, error: unknown) =>
  console.warn(`Chat ${what} failed:`, error instanceof Error ? error.message : error);

/** An agent's reply from the server, as the widget shows it. */
const agentMessage = ({ id, content, timestamp }: ChatHistoryMessage): ChatMessage => ({
  id,
  type: 'agent',
  content,
  timestamp,
});

/**
 * The support chat of this tab (spec 2, 4, 7 and 8): each message is analysed (the server's
 * sentiment, or the keyword rules when that call fails), escalated to the support team when the
 * analysis asks for it, and answered by the assistant. While the panel shows (`live`), agents'
 * replies arrive as they are sent (issue 16); the ones sent while it was closed come with the
 * history read on every (re)connection.
 */
export function useChat(live = false) {
  const { toast } = useToast();
  const [session, setSession] = useState<ChatSessionState>(loadChatSession);
  const sessionRef = useRef(session);

  const update = useCallback((change: (current: ChatSessionState) => ChatSessionState) => {
    sessionRef.current = change(sessionRef.current);
    saveChatSession(sessionRef.current);
    setSession(sessionRef.current);
  }, []);
  const append = useCallback(
    (message: ChatMessage) => update((current) => ({ ...current, messages: [...current.messages, message] })),
    [update],
  );
  const patch = useCallback(
    (id: string, change: Partial<ChatMessage>) =>
      update((current) => ({
        ...current,
        messages: current.messages.map((message) => (message.id === id ? { ...message, ...change } : message)),
      })),
    [update],
  );

  useEffect(() => saveChatSession(sessionRef.current), []);

  /** Agents' replies the tab has not shown yet, in the order they were sent. */
  const addAgentMessages = useCallback(
    (incoming: ChatHistoryMessage[]) =>
      update((current) => {
        const known = new Set(current.messages.map((message) => message.id));
        const fresh = incoming.filter((message) => message.type === 'agent' && !known.has(message.id));
        if (!fresh.length) return current;
        return { ...current, messages: [...current.messages, ...fresh.map(agentMessage)] };
      }),
    [update],
  );

  const syncHistory = useCallback(() => {
    if (!sessionRef.current.initialized) return;
    chatHistory(sessionRef.current.id).then(
      (history) => {
        addAgentMessages(history.messages);
        update((current) => ({ ...current, supportStatus: history.supportStatus }));
      },
      // A chat the server does not know yet (initialize still on its way) has nothing to add.
      (error: unknown) => logFailure('history', error),
    );
  }, [addAgentMessages, update]);

  useChatLive(session.id, live && session.initialized, {
    onSync: syncHistory,
    onMessage: ({ message }) => addAgentMessages([message]),
    onStatus: ({ supportStatus }) => update((current) => ({ ...current, supportStatus })),
  });

  /** On the panel's first open in this session: the welcome message and POST /api/chat/initialize. */
  const open = useCallback(() => {
    if (sessionRef.current.messages.length === 0) append(botMessage(chatWelcome, { id: 'welcome' }));
    if (sessionRef.current.initialized) return syncHistory();
    update((current) => ({ ...current, initialized: true }));
    initializeChat({
      sessionId: sessionRef.current.id,
      timestamp: new Date().toISOString(),
      userAgent: navigator.userAgent.slice(0, 500),
      platform: 'web',
    }).catch((error: unknown) => logFailure('initialize', error));
  }, [append, syncHistory, update]);

  const escalate = useCallback(
    async (message: ChatMessage, sentiment: SentimentResult) => {
      const { id: sessionId, startedAt, messages } = sessionRef.current;
      try {
        await escalateChat({
          sessionId,
          message: message.content,
          sentiment: sentimentResult(sentiment),
          timestamp: new Date().toISOString(),
          userContext: {
            recentMessages: contextOf(messages),
            sessionDuration: Math.min(Math.max(0, Date.now() - startedAt), maxSessionDuration),
          },
        });
      } catch (error) {
        logFailure('escalation', error);
        return;
      }
      patch(message.id, { escalated: true });
      update((current) => ({ ...current, supportStatus: current.supportStatus === 'open' ? 'open' : 'pending' }));
      append(botMessage(chatEscalatedReply));
      toast({ title: chatMessages.escalatedTitle, description: chatMessages.escalated });
    },
    [append, patch, toast, update],
  );

  const send = useMutation({
    mutationFn: async (text: string) => {
      const sessionId = sessionRef.current.id;
      const message: ChatMessage = {
        id: newMessageId(),
        type: 'user',
        content: text,
        timestamp: new Date().toISOString(),
        priority: 'low',
        escalated: false,
      };
      append(message);

      let sentiment: SentimentResult;
      try {
        sentiment = await analyseChatSentiment({ message: text, sessionId });
      } catch (error) {
        logFailure('sentiment analysis', error);
        sentiment = keywordSentiment(text);
      }
      // Spec 4: low priority, or the sentiment label and urgent when escalation is required.
      const priority = sentiment.escalationRequired ? 'urgent' : 'low';
      patch(message.id, { sentiment: sentiment.label, priority });
      if (sentiment.escalationRequired) await escalate({ ...message, sentiment: sentiment.label, priority }, sentiment);

      try {
        const reply = await sendChatMessage({
          message: text,
          sessionId,
          sentiment: sentiment.label,
          priority,
          timestamp: message.timestamp,
        });
        append(botMessage(reply.message, { sources: reply.sources, offerHuman: reply.offerHuman }));
      } catch (error) {
        logFailure('message', error);
        append(botMessage(chatFailureReply));
        toast({ title: chatMessages.failedTitle, description: chatMessages.failed, variant: 'destructive' });
      }
    },
  });

  const { mutate, isPending } = send;
  /** Sends a message; an empty or whitespace-only one, or one while a reply is pending, is not sent (spec 5). */
  const sendMessage = useCallback(
    (text: string): boolean => {
      const trimmed = text.trim();
      if (!trimmed || isPending) return false;
      mutate(trimmed.slice(0, chatMessageMaxLength));
      return true;
    },
    [isPending, mutate],
  );

  /** The user takes up a reply's offer of a person: their last message goes to the support team. */
  const requestHuman = useCallback(
    (offerId: string) => {
      const asked = [...sessionRef.current.messages].reverse().find((message) => message.type === 'user');
      patch(offerId, { offerHuman: false });
      if (asked) void escalate(asked, keywordSentiment(asked.content));
    },
    [escalate, patch],
  );

  return {
    messages: session.messages,
    supportStatus: session.supportStatus ?? null,
    open,
    sendMessage,
    requestHuman,
    isPending,
  };
}
