// A merchant account driven through the public API, as the web app does: register, verify the
// e-mail from the local mail sink, sign in with a cookie jar, connect integrations.

/** A minimal cookie jar so requests carry the session like a browser. */
class CookieJar {
  cookies = new Map();

  store(response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export class ApiError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
    this.status = status;
    this.body = body;
  }
}

export class MerchantClient {
  jar = new CookieJar();

  constructor(baseUrl, mailSinkUrl = 'http://127.0.0.1:1080') {
    this.baseUrl = baseUrl.replace(/\/$/, '');
    this.mailSinkUrl = mailSinkUrl.replace(/\/$/, '');
  }

  /** Calls the API; resolves to { status, body } and throws ApiError unless the status is expected. */
  async call(method, path, json, expected = [200, 201]) {
    const headers = { accept: 'application/json' };
    if (this.jar.cookies.size) headers.cookie = this.jar.header();
    if (json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      redirect: 'manual',
    });
    this.jar.store(response);
    const text = await response.text();
    let body;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    if (!expected.includes(response.status)) throw new ApiError(method, path, response.status, body);
    return { status: response.status, body };
  }

  /** Signs in; returns the current user, or undefined when the e-mail and password are not known. */
  async login(email, password) {
    const { status, body } = await this.call('POST', '/api/auth/login', { email, password }, [200, 201, 401]);
    return status === 401 ? undefined : body;
  }

  async register(fields) {
    const since = Date.now();
    await this.call('POST', '/api/auth/register', fields);
    return since;
  }

  /** Opens the newest verification link mailed to `email` since `since` (ms). */
  async verifyEmailFromMail(email, since, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mails = (await (await fetch(`${this.mailSinkUrl}/email`)).json())
        .filter((m) => m.to?.some((r) => r.address === email))
        .filter((m) => new Date(m.date ?? m.time ?? 0).getTime() >= since - 5_000);
      // Registration answers a taken address as a new one; only the owner's mail tells them apart.
      if (mails.some((m) => /someone tried to register/i.test(m.subject ?? ''))) {
        throw new Error(`${email} already has an account with another password: sign in with it or reset it`);
      }
      const mail = mails.filter((m) => /verify/i.test(m.subject ?? '')).at(-1);
      const token = mail?.text?.match(/\/verify-email\?token=([\w%-]+)/)?.[1];
      if (token) {
        await this.call('GET', `/api/auth/verify-email?token=${token}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no verification mail to ${email} in ${this.mailSinkUrl} after ${timeoutMs / 1000} s`);
  }

  /** Logs in, registering and verifying the account first when it does not exist yet. */
  async signInOrRegister(email, password, registerFields) {
    let user = await this.login(email, password);
    if (!user) {
      const since = await this.register({ ...registerFields, email, password });
      await this.verifyEmailFromMail(email, since);
      user = await this.login(email, password);
      return { user, created: true };
    }
    if (!user.emailVerified) {
      // A run that stopped between registering and verifying: ask for a fresh link.
      const since = Date.now();
      await this.call('POST', '/api/auth/send-verification', { email });
      await this.verifyEmailFromMail(email, since);
      user = await this.login(email, password);
    }
    return { user, created: false };
  }

  async listIntegrations() {
    const [processors, pos] = await Promise.all([
      this.call('GET', '/api/integrations/payment-processors'),
      this.call('GET', '/api/integrations/pos-systems'),
    ]);
    return { processors: processors.body, pos: pos.body };
  }

  /** Connects one integration; the answer carries id, ingestUrl and the signing secret (shown once). */
  async createIntegration(kind, fields) {
    const path = kind === 'processor' ? '/api/integrations/payment-processors' : '/api/integrations/pos-systems';
    return (await this.call('POST', path, fields)).body;
  }
}
