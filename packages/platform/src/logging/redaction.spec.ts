import { loggedRequest, redactUrl } from './redaction';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=SECRET123', '/reset-password?token=[redacted]'],
    [
      '/api/auth/verify-email?token=SECRET123&next=%2Fdashboard',
      '/api/auth/verify-email?token=[redacted]&next=[redacted]',
    ],
    [
      'https://pay.example.test/reset-password?token=SECRET123',
      'https://pay.example.test/reset-password?token=[redacted]',
    ],
    // A bare value or a name that is itself encoded is dropped whole.
    ['/api/x?SECRET123', '/api/x?[redacted]'],
    ['/api/x?tok%65n=SECRET123', '/api/x?[redacted]'],
    ['/api/x?a=1&&b', '/api/x?a=[redacted]&[redacted]'],
    ['/api/x?', '/api/x?'],
    ['/api/user/profile', '/api/user/profile'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('loggedRequest', () => {
  it('keeps the id, the method and the URL without query values, and no header', () => {
    const req = {
      id: 'req-1',
      method: 'GET',
      url: '/verify-email?token=SECRET123',
      originalUrl: '/api/auth/verify-email?token=SECRET123',
      headers: { referer: 'https://pay.example.test/reset-password?token=SECRET123', 'x-forwarded-for': '203.0.113.9' },
    };
    const logged = loggedRequest(req);
    expect(logged).toEqual({ id: 'req-1', method: 'GET', url: '/api/auth/verify-email?token=[redacted]' });
    expect(JSON.stringify(logged)).not.toContain('SECRET123');
    expect(req.headers.referer).toContain('SECRET123');
  });

  it('takes the URL as node:http gives it when no router rewrote it', () => {
    expect(loggedRequest({ id: 7, method: 'POST', url: '/api/x?a=1' })).toEqual({
      id: 7,
      method: 'POST',
      url: '/api/x?a=[redacted]',
    });
  });
});
