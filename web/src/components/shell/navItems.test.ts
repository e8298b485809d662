import { describe, expect, it } from 'vitest';
import { activeNavPath, analyticsGroupKey, navEntries, navLeafVisible, type NavLeaf } from './navItems';

const leaf = (to: string) => navEntries.find((entry): entry is NavLeaf => 'to' in entry && entry.to === to)!;

describe('navLeafVisible', () => {
  it.each([
    ['user', false, false],
    ['support', true, false],
    ['admin', true, true],
  ])('a %s sees Support: %s, Admin and KYC Verifications: %s', (role, support, admin) => {
    expect(navLeafVisible(leaf('/support'), role)).toBe(support);
    expect(navLeafVisible(leaf('/admin/affiliates'), role)).toBe(admin);
    expect(navLeafVisible(leaf('/admin/kyc'), role)).toBe(admin);
    expect(navLeafVisible(leaf('/dashboard'), role)).toBe(true);
  });
});

describe('the Reports item', () => {
  it('comes right after the Analytics group, with an icon, for every role', () => {
    const analytics = navEntries.findIndex((entry) => 'key' in entry && entry.key === analyticsGroupKey);
    const reports = navEntries[analytics + 1] as NavLeaf;
    expect(reports).toMatchObject({ to: '/reports', label: 'Reports' });
    expect(reports.icon).toBeTruthy();
    expect(navLeafVisible(reports, 'user')).toBe(true);
    expect(activeNavPath('/reports')).toBe('/reports');
  });
});
