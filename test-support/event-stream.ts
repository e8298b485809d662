import { request as httpRequest, type IncomingMessage } from 'node:http';

/** One server-sent event as a browser's EventSource would hand it over. */
export interface StreamEvent {
  type: string;
  data: string;
  id?: string;
}

export interface EventStream {
  status: number;
  contentType: string | null;
  /** The JSON body of a refused stream (a 4xx answers JSON, not events). */
  body?: unknown;
  events: StreamEvent[];
  /** The next event (from now or already received and not yet taken) matching `type`. */
  next: (type: string, timeoutMs?: number) => Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

/** Parses the text/event-stream lines of `chunk`, keeping an unfinished event for the next chunk. */
function parseEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events: StreamEvent[] = [];
  for (const block of blocks) {
    const event: StreamEvent = { type: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event.type = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') event.id = value;
    }
    if (data.length === 0) continue;
    event.data = data.join('\n');
    events.push(event);
  }
  return { events, rest };
}

/**
 * Opens a server-sent event stream (headers such as the session cookie allowed) on a connection of
 * its own, which `close()` closes as a browser's EventSource.close() does. (fetch's abort leaves
 * the connection open, so the server would keep it until its keep-alive timeout.)
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const request = httpRequest(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve).once('error', reject).end();
  });
  const contentType = response.headers['content-type'] ?? null;
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  let taken = 0;
  const stream: EventStream = {
    status: response.statusCode!,
    contentType,
    events,
    close: () => request.destroy(),
    ended: Promise.resolve(),
    next: async (type, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((event, i) => i >= taken && event.type === type);
        if (index >= 0) {
          taken = index + 1;
          return events[index];
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no '${type}' event within ${timeoutMs} ms (got ${events.map((e) => e.type)})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
  if (!contentType?.startsWith('text/event-stream')) {
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    try {
      stream.body = JSON.parse(Buffer.concat(chunks).toString());
    } catch {
      stream.body = undefined;
    }
    return stream;
  }
  stream.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response as AsyncIterable<Uint8Array>) {
        const parsed = parseEvents(buffer + decoder.decode(chunk, { stream: true }));
        buffer = parsed.rest;
        events.push(...parsed.events);
        waiters.splice(0).forEach((wake) => wake());
      }
    } catch {
      // Closed by us or cut by the server: the stream has ended either way.
    }
    waiters.splice(0).forEach((wake) => wake());
  })();
  return stream;
}
