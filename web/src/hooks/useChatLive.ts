import {
  chatLiveEventTypes,
  chatLiveMessageSchema,
  chatLiveStatusSchema,
  type ChatLiveMessage,
  type ChatLiveStatus,
} from '@app/contracts';
import { useEffect, useRef } from 'react';
import { chatStreamPath } from '../api/chat';
import { refreshSession } from '../api/client';

export interface ChatLiveHandlers {
  /** The stream (re)opened, or notices may have been missed: re-read the history. */
  onSync: () => void;
  onMessage: (notice: ChatLiveMessage) => void;
  onStatus: (notice: ChatLiveStatus) => void;
}

/** The longest wait between attempts after the stream was refused. */
const maxRetryMs = 30_000;

function parsed<T>(schema: { safeParse: (value: unknown) => { success: boolean; data?: T } }, raw: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(raw));
    return result.success ? (result.data as T) : null;
  } catch {
    return null;
  }
}

/**
 * Issue 16: the chat's live stream while `enabled` (the panel is showing). The browser reconnects
 * by itself after a dropped connection or a stream the server ended; a refused one (its access
 * token expired: 401) renews the session and tries again, waiting longer each time.
 */
export function useChatLive(sessionId: string, enabled: boolean, handlers: ChatLiveHandlers): void {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: number | undefined;
    let attempts = 0;
    let stopped = false;

    const connect = () => {
      const stream = new EventSource(chatStreamPath(sessionId));
      source = stream;
      const sync = () => {
        attempts = 0;
        handlersRef.current.onSync();
      };
      stream.addEventListener(chatLiveEventTypes.ready, sync);
      stream.addEventListener(chatLiveEventTypes.resync, sync);
      stream.addEventListener(chatLiveEventTypes.message, (event) => {
        const notice = parsed<ChatLiveMessage>(chatLiveMessageSchema, (event as MessageEvent<string>).data);
        if (notice?.sessionId === sessionId) handlersRef.current.onMessage(notice);
      });
      stream.addEventListener(chatLiveEventTypes.status, (event) => {
        const notice = parsed<ChatLiveStatus>(chatLiveStatusSchema, (event as MessageEvent<string>).data);
        if (notice?.sessionId === sessionId) handlersRef.current.onStatus(notice);
      });
      stream.onerror = () => {
        if (stream.readyState !== EventSource.CLOSED || stopped) return;
        const delay = Math.min(maxRetryMs, 1000 * 2 ** attempts++);
        retryTimer = window.setTimeout(() => {
          void refreshSession().finally(() => {
            if (!stopped) connect();
          });
        }, delay);
      };
    };

    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      source?.close();
    };
  }, [sessionId, enabled]);
}
