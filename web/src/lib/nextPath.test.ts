import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './nextPath';

describe('safeNextPath (sign in and back, issue 39)', () => {
  it('follows a path of this site, with its query and hash', () => {
    expect(safeNextPath('/settings?tab=business#numbers')).toBe('/settings?tab=business#numbers');
    expect(
      safeNextPath(new URL(loginPathFor('/analytics/cash-flow?p=1'), window.location.origin).searchParams.get('next')),
    ).toBe('/analytics/cash-flow?p=1');
  });

  it.each([
    null,
    '',
    'dashboard',
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\tevil',
    'javascript:alert(1)',
    '/login?next=/login',
  ])('goes to the dashboard for %j', (next) => {
    expect(safeNextPath(next)).toBe('/dashboard');
  });
});
