import { Operations } from './generated';

/** A non-2xx answer: the HTTP status and the API's `{ error, message, details? }` body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** A machine-readable code, e.g. `UNAUTHENTICATED`, `RATE_LIMITED`. */
    readonly code: string | undefined,
    message: string,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(`${status}: ${message}`);
  }
}

export interface ClientOptions {
  /** Where the platform is reached, e.g. `https://pay.example.com` (no trailing /api). */
  baseUrl: string;
  /** An API key from Settings → Developer API: `mp_live_…` or `mp_test_…`. */
  apiKey: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
}

type Input = Record<string, unknown> & { query?: Record<string, unknown>; body?: unknown; idempotencyKey?: string };

/** A file the API answered (a report's PDF or CSV, a property's document): its bytes, not JSON. */
export interface BinaryAnswer {
  /** The file's bytes. */
  data: Uint8Array;
  /** Its media type as the API sent it, e.g. `application/pdf` or `text/csv; charset=utf-8`. */
  contentType: string;
  /** The file name from Content-Disposition, when the API gave one. */
  filename?: string;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` first, then `filename="…"`). */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      /* a malformed one: try the plain parameter */
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(disposition);
  return plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) : undefined;
}

/** How a generated method reaches the API: one HTTP call, JSON in, JSON (or a file's bytes) out. */
export class Transport {
  private readonly baseUrl: string;

  constructor(private readonly options: ClientOptions) {
    if (!/^mp_(live|test)_[A-Za-z0-9]{32}$/.test(options.apiKey)) {
      throw new TypeError('apiKey must be an API key from Settings → Developer API (mp_live_… or mp_test_…)');
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async call(
    method: string,
    path: string,
    pathParams: string[],
    given: object,
    answer: 'json' | 'binary' = 'json',
  ): Promise<unknown> {
    const input = given as Input;
    let url = path;
    for (const name of pathParams) {
      const value = input[name];
      if (typeof value !== 'string' || !value) throw new TypeError(`${name} is required`);
      url = url.replace(`{${name}}`, encodeURIComponent(value));
    }
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
    }
    const response = await (this.options.fetch ?? fetch)(`${this.baseUrl}${url}${search.size ? `?${search}` : ''}`, {
      method,
      headers: {
        accept: answer === 'binary' ? '*/*' : 'application/json',
        authorization: `Bearer ${this.options.apiKey}`,
        ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(input.idempotencyKey ? { 'idempotency-key': input.idempotencyKey } : {}),
      },
      body: input.body !== undefined ? JSON.stringify(input.body) : undefined,
    });
    if (answer === 'binary' && response.ok) {
      const file: BinaryAnswer = {
        data: new Uint8Array(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
      const filename = filenameOf(response.headers.get('content-disposition'));
      return filename === undefined ? file : { ...file, filename };
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const error = (parsed ?? {}) as { error?: string; message?: string; details?: ApiError['details'] };
      throw new ApiError(response.status, error.error, error.message ?? response.statusText, error.details);
    }
    return parsed;
  }
}

/**
 * The platform's API for programs, authenticated with an API key.
 *
 *   const client = new PaymentsClient({ baseUrl: 'https://pay.example.com', apiKey: myApiKey });
 *   const page = await client.listTransactions({ query: { limit: 10 } });
 *   const pdf = await client.downloadReport({ id: reportId }); // { data: Uint8Array, contentType, filename }
 */
export class PaymentsClient extends Operations {
  protected readonly transport: Transport;

  constructor(options: ClientOptions) {
    super();
    this.transport = new Transport(options);
  }
}
