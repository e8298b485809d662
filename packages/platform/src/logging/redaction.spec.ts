import { redactQuery, redactRequest, redactUrl } from './redaction';

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

describe('redactQuery', () => {
  it('keeps the names only', () => {
    expect(redactQuery({ token: 'SECRET123', page: '2' })).toEqual({ token: '[redacted]', page: '[redacted]' });
    expect(redactQuery(undefined)).toBeUndefined();
  });
});

describe('redactRequest', () => {
  it("redacts the URL, the parsed query and the Referer of a copy, leaving the live request's headers alone", () => {
    const headers = { referer: 'https://pay.example.test/reset-password?token=SECRET123', host: 'pay.example.test' };
    const serialized = {
      method: 'GET',
      url: '/api/auth/verify-email?token=SECRET123',
      query: { token: 'SECRET123' },
      headers,
    };
    const redacted = redactRequest(serialized);
    expect(JSON.stringify(redacted)).not.toContain('SECRET123');
    expect(redacted).toEqual({
      method: 'GET',
      url: '/api/auth/verify-email?token=[redacted]',
      query: { token: '[redacted]' },
      headers: { referer: 'https://pay.example.test/reset-password?token=[redacted]', host: 'pay.example.test' },
    });
    expect(headers.referer).toContain('SECRET123');
    expect(serialized.url).toContain('SECRET123');
  });
});
