import { upstreamRequestHeaders } from './forward';
import { stepsOut } from './server';

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
