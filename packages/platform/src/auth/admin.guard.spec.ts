import type { ExecutionContext } from '@nestjs/common';
import { AdminGuard, SupportGuard } from './admin.guard';

const contextOf = (role?: string) =>
  ({
    switchToHttp: () => ({ getRequest: () => (role ? { user: { id: 'u', role } } : {}) }),
  }) as unknown as ExecutionContext;

describe('role guards', () => {
  it.each([
    ['support', true],
    ['admin', true],
    ['user', false],
    ['Support', false],
    [undefined, false],
  ])('SupportGuard with role %s passes: %s', (role, passes) => {
    const check = () => new SupportGuard().canActivate(contextOf(role));
    if (passes) expect(check()).toBe(true);
    else expect(check).toThrow('This action needs the support role.');
  });

  it('AdminGuard still admits admin only (support is not admin)', () => {
    expect(new AdminGuard().canActivate(contextOf('admin'))).toBe(true);
    expect(() => new AdminGuard().canActivate(contextOf('support'))).toThrow('This action needs the admin role.');
  });
});
