import { describe, expect, it } from 'vitest';
import { navEntries, navLeafVisible, type NavLeaf } from './navItems';

const leaf = (to: string) => navEntries.find((entry): entry is NavLeaf => 'to' in entry && entry.to === to)!;

describe('navLeafVisible', () => {
  it.each([
    ['user', false, false],
    ['support', true, false],
    ['admin', true, true],
  ])('a %s sees Support: %s, Admin: %s', (role, support, admin) => {
    expect(navLeafVisible(leaf('/support'), role)).toBe(support);
    expect(navLeafVisible(leaf('/admin/affiliates'), role)).toBe(admin);
    expect(navLeafVisible(leaf('/dashboard'), role)).toBe(true);
  });
});
