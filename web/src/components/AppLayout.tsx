import type { CurrentUser } from '@app/contracts';
import { Flex, Layout, Typography } from 'antd';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { BrandLink } from './BrandLink';
import { SignOutLink } from './SignOutLink';

const navItems = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/integrations', label: 'Integrations' },
  { to: '/affiliate/dashboard', label: 'Affiliate' },
  { to: '/settings', label: 'Settings' },
];
const adminItems = [{ to: '/admin/affiliates', label: 'Admin' }];

/** The frame of the signed-in pages. */
export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{ position: 'sticky', top: 0, zIndex: 10, height: 'auto', lineHeight: 'normal', padding: '12px 24px' }}
      >
        <Flex align="center" justify="space-between" gap={16} wrap>
          <BrandLink />
          <nav aria-label="Main">
            <Flex gap="8px 20px" align="center" wrap>
              {[...navItems, ...(user.role === 'admin' ? adminItems : [])].map((item) => (
                <NavLink key={item.to} to={item.to} style={({ isActive }) => ({ fontWeight: isActive ? 600 : 400 })}>
                  {item.label}
                </NavLink>
              ))}
              <Typography.Text type="secondary" style={{ maxWidth: 220 }} ellipsis>
                {user.email}
              </Typography.Text>
              <SignOutLink />
            </Flex>
          </nav>
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: '32px 24px', maxWidth: 1100, width: '100%', margin: '0 auto' }}>
        <main>{children}</main>
      </Layout.Content>
    </Layout>
  );
}
