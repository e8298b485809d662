import { RouteMatcher } from './routes';

describe('RouteMatcher', () => {
  const routes = [
    { method: 'GET', path: '/api/user/profile' },
    { method: 'PUT', path: '/api/user/profile' },
    { method: 'GET', path: '/api/affiliate/referral-codes/:code' },
    { method: 'GET', path: '/api/affiliate/referral-codes/mine' },
    { method: 'POST', path: '/api/developer/api-keys/:id/rotate' },
    { method: 'GET', path: '/api/things/:id/items' },
    { method: 'GET', path: '/api/things/special/:item' },
  ] as const;
  const matcher = new RouteMatcher(routes);
  const pathOf = (method: string, url: string) => matcher.match(method, url)?.path;

  it('matches a method and a literal path, the query left out', () => {
    expect(pathOf('GET', '/api/user/profile')).toBe('/api/user/profile');
    expect(matcher.match('PUT', '/api/user/profile?x=1')).toBe(routes[1]);
    expect(pathOf('DELETE', '/api/user/profile')).toBeUndefined();
    expect(pathOf('GET', '/api/user/profile/')).toBeUndefined();
    expect(pathOf('GET', '/api/user/Profile')).toBeUndefined();
  });

  it('matches a :param against any one non-empty segment, up to 100 characters', () => {
    expect(pathOf('POST', '/api/developer/api-keys/3f2a/rotate')).toBe('/api/developer/api-keys/:id/rotate');
    expect(pathOf('POST', '/api/developer/api-keys//rotate')).toBeUndefined();
    expect(pathOf('POST', '/api/developer/api-keys/a/b/rotate')).toBeUndefined();
    expect(pathOf('GET', `/api/affiliate/referral-codes/${'x'.repeat(100)}`)).toBe(
      '/api/affiliate/referral-codes/:code',
    );
    expect(pathOf('GET', `/api/affiliate/referral-codes/${'x'.repeat(101)}`)).toBeUndefined();
  });

  it('prefers the template whose first differing segment is literal, as the router does', () => {
    expect(pathOf('GET', '/api/affiliate/referral-codes/mine')).toBe('/api/affiliate/referral-codes/mine');
    expect(pathOf('GET', '/api/affiliate/referral-codes/SUMMER')).toBe('/api/affiliate/referral-codes/:code');
    expect(pathOf('GET', '/api/things/special/items')).toBe('/api/things/special/:item');
    expect(pathOf('GET', '/api/things/other/items')).toBe('/api/things/:id/items');
  });

  it('leaves undecided a path holding an escape or a character the router treats specially', () => {
    expect(pathOf('GET', '/api/affiliate/referral-codes/SUM%20MER')).toBeUndefined();
    expect(pathOf('GET', '/api/affiliate/referral-codes/a;b')).toBeUndefined();
    expect(pathOf('GET', '/api/affiliate/referral-codes/a#b')).toBeUndefined();
    expect(pathOf('GET', 'http://example.test/api/user/profile')).toBeUndefined();
    expect(matcher.match(undefined, '/api/user/profile')).toBeUndefined();
  });
});
