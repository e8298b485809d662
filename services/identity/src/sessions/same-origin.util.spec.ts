import { isOwnNavigation } from './same-origin.util';

const own = 'https://pay.example.test';

describe('isOwnNavigation', () => {
  it.each([
    [{ 'sec-fetch-site': 'same-origin' }, true],
    [{ 'sec-fetch-site': 'none' }, true],
    [{ 'sec-fetch-site': 'same-site' }, false],
    [{ 'sec-fetch-site': 'cross-site' }, false],
    // Sec-Fetch-Site decides when present, whatever the other headers claim.
    [{ 'sec-fetch-site': 'cross-site', origin: own, referer: `${own}/dashboard` }, false],
    [{ origin: own }, true],
    [{ origin: 'https://evil.example' }, false],
    [{ origin: 'null' }, false],
    [{ referer: `${own}/dashboard?x=1` }, true],
    [{ referer: 'https://pay.example.test.evil.example/' }, false],
    [{ referer: 'not a url' }, false],
    [{}, false],
  ])('%j -> %s', (headers, expected) => {
    expect(isOwnNavigation(headers, own)).toBe(expected);
  });
});
