import { isCrossSite, isOwnNavigation, requestSite } from './request-origin';

const own = 'https://pay.example.test';

describe('requestSite', () => {
  it.each([
    [{ 'sec-fetch-site': 'same-origin' }, 'own'],
    [{ 'sec-fetch-site': 'none' }, 'own'],
    [{ 'sec-fetch-site': 'same-site' }, 'foreign'],
    [{ 'sec-fetch-site': 'cross-site' }, 'foreign'],
    // Any sign of another site wins, whatever the other headers claim.
    [{ 'sec-fetch-site': 'cross-site', origin: own, referer: `${own}/dashboard` }, 'foreign'],
    [{ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }, 'foreign'],
    [{ 'sec-fetch-site': 'same-origin', origin: own }, 'own'],
    [{ origin: own }, 'own'],
    [{ origin: 'https://evil.example' }, 'foreign'],
    [{ origin: 'null' }, 'foreign'],
    [{ origin: 'https://evil.example', referer: `${own}/dashboard` }, 'foreign'],
    [{ referer: `${own}/dashboard?x=1` }, 'own'],
    [{ referer: 'https://pay.example.test.evil.example/' }, 'foreign'],
    [{ referer: 'not a url' }, 'foreign'],
    [{}, 'unknown'],
  ])('%j -> %s', (headers, expected) => {
    expect(requestSite(headers, [own])).toBe(expected);
  });

  it('accepts any of several own origins, compared whole (scheme, host and port)', () => {
    const owns = [own, 'http://localhost:8080'];
    expect(requestSite({ origin: 'http://localhost:8080' }, owns)).toBe('own');
    expect(requestSite({ origin: 'http://localhost:8081' }, owns)).toBe('foreign');
    expect(requestSite({ origin: 'http://pay.example.test' }, owns)).toBe('foreign');
  });
});

describe('isOwnNavigation (a GET that acts: only from our pages, never unknown)', () => {
  it.each([
    [{ 'sec-fetch-site': 'same-origin' }, true],
    [{ origin: own }, true],
    [{ 'sec-fetch-site': 'cross-site' }, false],
    [{}, false],
  ])('%j -> %s', (headers, expected) => {
    expect(isOwnNavigation(headers, own)).toBe(expected);
  });
});

describe('isCrossSite (a state-changing request: refused only on a sign of another site)', () => {
  it.each([
    [{ origin: 'http://evil.example' }, true],
    [{ 'sec-fetch-site': 'same-site' }, true],
    [{ 'sec-fetch-site': 'cross-site' }, true],
    [{ origin: own, 'sec-fetch-site': 'same-origin' }, false],
    // curl, servers, provider webhooks: no browser, no victim's cookies.
    [{}, false],
  ])('%j -> %s', (headers, expected) => {
    expect(isCrossSite(headers, [own])).toBe(expected);
  });
});
