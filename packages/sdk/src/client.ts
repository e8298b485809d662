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

type Input = Record<string, unknown> & { query?: Record<string, unknown>; body?: unknown };

/** How a generated method reaches the API: one HTTP call, JSON in and out. */
export class Transport {
  private readonly baseUrl: string;

  constructor(private readonly options: ClientOptions) {
    if (!/^mp_(live|test)_[A-Za-z0-9]{32}$/.test(options.apiKey)) {
      throw new TypeError('apiKey must be an API key from Settings → Developer API (mp_live_… or mp_test_…)');
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async call(method: string, path: string, pathParams: string[], given: object): Promise<unknown> {
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
        accept: 'application/json',
        authorization: `Bearer ${this.options.apiKey}`,
        ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: input.body !== undefined ? JSON.stringify(input.body) : undefined,
    });
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
 */
export class PaymentsClient extends Operations {
  protected readonly transport: Transport;

  constructor(options: ClientOptions) {
    super();
    this.transport = new Transport(options);
  }
}
