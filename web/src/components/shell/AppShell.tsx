import type { CurrentUser } from '@app/contracts';
import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex, Layout } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { logoutPath } from '../../api/auth';
import { BrandLink } from '../BrandLink';
import { ChatWidget } from '../chat/ChatWidget';
import { SignOutLink, useSignOut } from '../SignOutLink';
import { ShellNav } from './ShellNav';
import { UserLabel } from './UserLabel';
import { useIsMobile } from './useIsMobile';

const siderWidth = 260;

function SidebarContent({ user }: { user: CurrentUser }) {
  return (
    <Flex vertical justify="space-between" style={{ height: '100%' }}>
      <div>
        <div style={{ padding: '20px 24px 12px' }}>
          <BrandLink />
        </div>
        <ShellNav role={user.role} />
      </div>
      <Flex vertical gap={12} style={{ padding: 16, borderTop: '1px solid rgba(255,255,255,0.08)' }}>
        <UserLabel user={user} />
        <SignOutLink />
      </Flex>
    </Flex>
  );
}

/** Spec 2 mobile header: menu button and a logout button (a link to /api/logout that signs out with the POST). */
function MobileHeader({ onOpenMenu }: { onOpenMenu: () => void }) {
  const signOut = useSignOut();
  return (
    <Layout.Header
      style={{ position: 'sticky', top: 0, zIndex: 10, height: 'auto', lineHeight: 'normal', padding: '10px 16px' }}
    >
      <Flex align="center" justify="space-between" gap={12}>
        <Button type="text" icon={<MenuOutlined />} aria-label="Open menu" onClick={onOpenMenu} />
        <BrandLink />
        <Button
          type="text"
          icon={<LogoutOutlined />}
          href={logoutPath}
          aria-label="Log out"
          onClick={(event) => void signOut(event)}
        />
      </Flex>
    </Layout.Header>
  );
}

/** The signed-in frame: a sidebar on desktop, a header with a slide-out drawer below 768 px; the support chat on every page. */
export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();

  // Spec 2: the mobile menu closes by itself on every route change.
  useEffect(() => setDrawerOpen(false), [pathname]);

  const content = (
    <Layout.Content style={{ padding: isMobile ? '20px 16px' : '32px', maxWidth: 1280, width: '100%' }}>
      <main>{children}</main>
    </Layout.Content>
  );

  if (isMobile) {
    return (
      <Layout style={{ minHeight: '100vh' }}>
        <MobileHeader onOpenMenu={() => setDrawerOpen(true)} />
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={siderWidth}
          title="Menu"
          styles={{ body: { padding: 0 } }}
        >
          <SidebarContent user={user} />
        </Drawer>
        {content}
        <ChatWidget />
      </Layout>
    );
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={siderWidth}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto', background: '#070a12' }}
      >
        <SidebarContent user={user} />
      </Layout.Sider>
      <Layout>{content}</Layout>
      <ChatWidget />
    </Layout>
  );
}
