import { stepsOut } from './api-calls';
import { HeaderList, headerBase, upstreamRequestHeaders } from './forward';

describe('upstreamRequestHeaders', () => {
  const dropped = new Set(['x-user-id']);

  it('keeps the message headers and leaves out hop-by-hop ones, host, expect and the dropped names', () => {
    const headers = upstreamRequestHeaders(
      {
        host: 'pay.example.test',
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        expect: '100-continue',
        te: 'trailers',
        upgrade: 'websocket',
        'x-user-id': 'someone-else',
        cookie: 'access_token=abc',
        'content-type': 'application/json',
        'x-forwarded-for': ['192.0.2.1', '192.0.2.2'] as unknown as string,
      },
      dropped,
    );
    expect(headers).toEqual({
      cookie: 'access_token=abc',
      'content-type': 'application/json',
      'x-forwarded-for': ['192.0.2.1', '192.0.2.2'],
    });
  });

  it('leaves out the headers the Connection header names', () => {
    const headers = upstreamRequestHeaders(
      { connection: 'close, X-Secret-Hop', 'x-secret-hop': '1', accept: 'application/json' },
      dropped,
    );
    expect(headers).toEqual({ accept: 'application/json' });
  });
});

describe('stepsOut', () => {
  it.each([
    ['/api/affiliate/referral-codes/%2e%2e%2fadmin', true],
    ['/api/affiliate/referral-codes/..', true],
    ['/api/x?next=%2E%2E/admin', true],
    ['/api/affiliate/referral-codes/SUMMER...', false],
    ['/api/user/profile', false],
    ['/api/x?next=%2Fdashboard', false],
  ])('%s: %s', (url, expected) => {
    expect(stepsOut(url)).toBe(expected);
  });
});

describe('HeaderList', () => {
  it('lists the headers in the order and with the values an object given the same assignments holds', () => {
    const security = { 'x-frame-options': 'SAMEORIGIN', 'x-content-type-options': 'nosniff' };
    const base = headerBase(security);
    const list = new HeaderList(base);
    const object: Record<string, string | number | string[]> = Object.assign({}, security);
    const assignments: [string, string | number | string[]][] = [
      ['x-request-id', 'req-1'],
      ['ratelimit-remaining', 4],
      ['ratelimit-remaining', 3],
      ['x-frame-options', 'DENY'],
      ['set-cookie', ['a=1', 'b=2']],
      ['x-request-id', 'req-1'],
    ];
    for (const [name, value] of assignments) {
      list.set(name, value);
      object[name] = value;
    }
    expect(list.raw).toEqual(Object.entries(object).flat(1));
    // The base is copied, never changed: the next answer starts from the security headers again.
    expect(new HeaderList(base).raw).toEqual(Object.entries(security).flat());
  });
});
