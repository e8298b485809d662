import { createServer, type Server } from 'node:net';
import { Logger } from '@nestjs/common';
import type { MailJob } from '@app/contracts';
import type { Job } from 'bullmq';
import { MailProcessor, type MailConfig } from './mail.processor';

const link = 'https://pay.example.test/reset-password?token=secret-token-abc';
const mail: MailJob = {
  to: 'aroha@example.test',
  subject: 'Reset your password',
  text: `Choose a new password: ${link}`,
  html: `<a href="${link}">Choose a new password</a>`,
};

/** A job as BullMQ hands it to the processor, recording what the processor stores back. */
function jobOf(attemptsMade: number, attempts = 5) {
  const stored: MailJob[] = [];
  const job = {
    id: 'reset-1',
    data: { ...mail },
    opts: { attempts },
    attemptsMade,
    updateData: async (data: MailJob) => {
      stored.push(data);
      job.data = data;
    },
  };
  return { job: job as unknown as Job<MailJob>, stored };
}

/** An SMTP server that accepts a message and says 250 to everything. */
function smtpSink(): Promise<{ server: Server; url: string; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data = false;
    socket.write('220 sink\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n').filter(Boolean)) {
        if (data) {
          received.push(line);
          if (line === '.') {
            data = false;
            socket.write('250 queued\r\n');
          }
        } else if (/^DATA/i.test(line)) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else if (/^EHLO/i.test(line)) socket.write('250 sink\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ server, url: `smtp://127.0.0.1:${port}`, received });
    }),
  );
}

const processorFor = (smtpUrl: string) =>
  new MailProcessor({ SMTP_URL: smtpUrl, MAIL_FROM: 'Platform <no-reply@platform.local>' } as MailConfig);

describe('MailProcessor keeps no link once a mail is done', () => {
  beforeAll(() => Logger.overrideLogger(false));
  it('sends the mail, then stores only the addressee and subject', async () => {
    const sink = await smtpSink();
    const processor = processorFor(sink.url);
    const { job, stored } = jobOf(0);
    try {
      await processor.process(job);
    } finally {
      processor.onModuleDestroy();
      sink.server.close();
    }
    expect(sink.received.join('\n')).toContain('secret-token-abc');
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored[0])).not.toContain('secret-token-abc');
    expect(stored[0]).toMatchObject({ to: mail.to, subject: mail.subject });
  });

  it('keeps the link for a retry, and drops it when the last attempt fails', async () => {
    const processor = processorFor('smtp://127.0.0.1:9');
    try {
      const early = jobOf(0);
      await expect(processor.process(early.job)).rejects.toThrow();
      expect(early.stored).toEqual([]);

      const last = jobOf(4);
      await expect(processor.process(last.job)).rejects.toThrow();
      expect(last.stored).toHaveLength(1);
      expect(JSON.stringify(last.stored[0])).not.toContain('secret-token-abc');
    } finally {
      processor.onModuleDestroy();
    }
  });

  it('does not send the stub again when a sent job is run once more (the worker stopped in between)', async () => {
    const sink = await smtpSink();
    const processor = processorFor(sink.url);
    const { job } = jobOf(0);
    try {
      await processor.process(job);
      const lines = sink.received.length;
      await processor.process(job);
      expect(sink.received.length).toBe(lines);
    } finally {
      processor.onModuleDestroy();
      sink.server.close();
    }
  });
});
