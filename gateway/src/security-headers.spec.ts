import { gatewaySecurityHeaders } from './security-headers';

const directive = (headers: Record<string, string>, name: string) =>
  headers['content-security-policy']!.split(';').find((part) => part.startsWith(`${name} `));

describe('gatewaySecurityHeaders', () => {
  it("allows Stripe's own Stripe.js and API only, by default", () => {
    const headers = gatewaySecurityHeaders(true);

    expect(directive(headers, 'script-src')).toBe("script-src 'self' https://js.stripe.com");
    expect(directive(headers, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com");
  });

  it("allows the configured Stripe.js origin (the local fake Stripe's stand-in) for its script, frames and calls", () => {
    const headers = gatewaySecurityHeaders(false, 'http://127.0.0.1:12111/v3');

    expect(directive(headers, 'script-src')).toBe("script-src 'self' https://js.stripe.com http://127.0.0.1:12111");
    expect(directive(headers, 'frame-src')).toContain(' http://127.0.0.1:12111');
    expect(directive(headers, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com http://127.0.0.1:12111");
  });
});
