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

/** Opens a server-sent event stream with fetch (headers such as the session cookie allowed). */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const contentType = response.headers.get('content-type');
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  let taken = 0;
  const stream: EventStream = {
    status: response.status,
    contentType,
    events,
    close: () => abort.abort(),
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
    stream.body = await response.json().catch(() => undefined);
    return stream;
  }
  stream.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const parsed = parseEvents(buffer + decoder.decode(chunk, { stream: true }));
        buffer = parsed.rest;
        events.push(...parsed.events);
        waiters.splice(0).forEach((wake) => wake());
      }
    } catch {
      // Closed by us (abort) or cut by the server: the stream has ended either way.
    }
    waiters.splice(0).forEach((wake) => wake());
  })();
  return stream;
}
