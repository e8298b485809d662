import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type MessageEvent } from '@nestjs/common';
import { chatLiveEventTypes, type ChatLiveNotice } from '@app/contracts';
import { LiveChannel, REDIS, SessionRevocationList, type AuthUser } from '@app/platform';
import type Redis from 'ioredis';
import { Observable } from 'rxjs';
import { WidgetPresence } from './widget-presence';

/** A comment line this often keeps proxies from closing an idle stream; the session is re-checked then too. */
export const KEEP_ALIVE_MS = 20_000;
/** A stream ends after this long (the life of one access token); the browser reconnects with a fresh one. */
export const STREAM_LIFETIME_MS = 15 * 60_000;
/** How long the browser waits before reconnecting to a stream that ended. */
const RECONNECT_MS = 2_000;

const topicOf = (userId: string) => `chat:${userId}`;

/**
 * Issue 16: an agent's reply reaches the user's open widget as it is sent. Whichever replica
 * stores a reply publishes it to the user's topic; the replica holding the user's stream forwards
 * the notices of that stream's chat session. A stream belongs to the signed-in user who opened it,
 * so nobody hears another user's chat; it ends when the session is signed out or after one token's
 * lifetime (the browser then reconnects, re-reading the history on `ready`).
 */
@Injectable()
export class ChatLiveService {
  private readonly logger = new Logger(ChatLiveService.name);
  private readonly revocations: SessionRevocationList;

  constructor(
    private readonly live: LiveChannel,
    @Inject(REDIS) redis: Redis,
    private readonly presence: WidgetPresence,
  ) {
    this.revocations = new SessionRevocationList(redis);
  }

  /** After the change is committed: a notice that fails to go out is read from the history on the next open. */
  async notify(userId: string, notice: ChatLiveNotice): Promise<void> {
    try {
      await this.live.publish(topicOf(userId), notice);
    } catch (error) {
      this.logger.warn(`live notice for user ${userId} not sent: ${String(error)}`);
    }
  }

  stream(user: AuthUser, sessionId: string): Observable<MessageEvent> {
    return new Observable<MessageEvent>((subscriber) => {
      subscriber.next({ type: chatLiveEventTypes.ready, data: { sessionId }, retry: RECONNECT_MS });
      const unsubscribe = this.live.subscribe<ChatLiveNotice>(topicOf(user.id), (signal) => {
        if (signal.kind === 'resync') return subscriber.next({ type: chatLiveEventTypes.resync, data: { sessionId } });
        const { type, ...data } = signal.event;
        if (data.sessionId === sessionId) subscriber.next({ type, data });
      });
      // While the stream is connected the widget counts as open: a reply then needs no mail.
      const streamId = randomUUID();
      const present = () =>
        this.presence.connected(user.id, sessionId, streamId, 2 * KEEP_ALIVE_MS).catch((error: Error) => {
          this.logger.warn(`widget presence of user ${user.id} not recorded: ${error.message}`);
        });
      void present();
      const keepAlive = setInterval(() => {
        subscriber.next({ comment: 'keep-alive' });
        void present();
        this.revocations.isRevoked(user.sessionId).then(
          (revoked) => revoked && subscriber.complete(),
          // Redis out of reach: the stream stays; the next check or the lifetime ends it.
          () => undefined,
        );
      }, KEEP_ALIVE_MS);
      const lifetime = setTimeout(() => subscriber.complete(), STREAM_LIFETIME_MS);
      return () => {
        clearInterval(keepAlive);
        clearTimeout(lifetime);
        unsubscribe();
        this.presence.disconnected(user.id, sessionId, streamId).catch(() => undefined);
      };
    });
  }
}
