import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { Queue as QueueName } from '@app/contracts';
import type { Queue } from 'bullmq';
import {
  accessCookie,
  query,
  rawRequest,
  startApp,
  startMailWorker,
  uniqueEmail,
  waitForMail,
} from '../../test-support';
import type * as ChatSupportApp from '../../services/chat-support/src/app.module';

// Issue 16: an escalated chat nobody answered by its first-response time reaches the support team's
// inbox: chat-support's SLA job queues the mail, the mail worker sends it to the SMTP sink.
delete process.env.OPENAI_API_KEY;
const SUPPORT_EMAIL = uniqueEmail('support-desk');
process.env.SUPPORT_EMAIL = SUPPORT_EMAIL;

describe('chat-support + mail worker: the SLA breach mail', () => {
  let app: INestApplication;
  let mailWorker: INestApplicationContext;
  let api: string;

  beforeAll(async () => {
    const { AppModule } = jest.requireActual<typeof ChatSupportApp>('../../services/chat-support/src/app.module');
    ({ app, url: api } = await startApp(AppModule));
    mailWorker = await startMailWorker();
  });

  afterAll(async () => {
    await mailWorker?.close();
    await app?.close();
  });

  it('mails SUPPORT_EMAIL when the job finds no agent reply past the due time', async () => {
    const user = { id: randomUUID(), email: uniqueEmail('sla-user'), emailVerified: true, role: 'user' };
    const sessionId = `session_${Date.now()}_${randomUUID().slice(0, 8)}`;
    const escalated = await rawRequest(`${api}/api/chat/escalate`, 'POST', {
      headers: { 'content-type': 'application/json', cookie: accessCookie(user) },
      body: JSON.stringify({
        sessionId,
        message: 'Nobody has answered me about my refund',
        sentiment: { score: -0.4, label: 'negative', confidence: 0.7, escalationRequired: false, reason: 'problem' },
        userContext: { recentMessages: [], sessionDuration: 1000 },
      }),
    });
    expect(escalated.status).toBe(201);
    const id = (escalated.body as { supportConversationId: string }).supportConversationId;
    await query(
      `UPDATE chat_support.support_conversations SET first_response_due_at = now() - interval '1 minute' WHERE id = $1`,
      [id],
    );
    const job = await app.get<Queue>(getQueueToken(QueueName.SupportSla)).getJob(`sla-${id}`);
    await job!.promote();
    const mail = await waitForMail(SUPPORT_EMAIL, `Support SLA breached [${id}]`);
    expect(mail.text).toContain('Priority raised to medium');
    expect(mail.text).toContain('Nobody has answered me about my refund');
  });
});
