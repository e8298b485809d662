import { ConfigProvider, Flex, Menu, Tag, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { activeNavPath, analyticsGroupKey, isNavGroup, navEntries, navLeafVisible, type NavLeaf } from './navItems';

type MenuItem = NonNullable<MenuProps['items']>[number];

// The dark theme's selected item (primary blue on a blue tint) and the title of the group holding
// it (primary blue on the sidebar) are below 4.5:1; a light blue text passes on both.
const menuTheme = { components: { Menu: { itemSelectedColor: '#bfdbfe', subMenuItemSelectedColor: '#bfdbfe' } } };

function leafItem(leaf: NavLeaf): MenuItem {
  if (leaf.comingSoon) {
    return {
      key: leaf.to,
      icon: leaf.icon,
      disabled: true,
      label: (
        <Flex align="center" justify="space-between" gap={8}>
          <span>{leaf.label}</span>
          <Tag style={{ marginInlineEnd: 0 }}>Coming soon</Tag>
        </Flex>
      ),
    };
  }
  // Real links: they work with Tab/Enter, middle-click and screen readers' link lists.
  return {
    key: leaf.to,
    icon: leaf.icon,
    label: (
      // The menu marks links by place and highlight; the theme's underline is for links inside text.
      <Link to={leaf.to} style={{ color: 'inherit', textDecoration: 'none' }}>
        {leaf.label}
      </Link>
    ),
  };
}

/** The sidebar/drawer menu. The Analytics group starts expanded (spec 2). */
export function ShellNav({ role }: { role: string }) {
  const { pathname } = useLocation();
  const active = activeNavPath(pathname);

  const items: MenuItem[] = navEntries
    .filter((entry) => isNavGroup(entry) || navLeafVisible(entry, role))
    .map((entry) =>
      isNavGroup(entry)
        ? { key: entry.key, icon: entry.icon, label: entry.label, children: entry.children.map(leafItem) }
        : leafItem(entry),
    );

  return (
    <nav aria-label="Main">
      <ConfigProvider theme={menuTheme}>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={active ? [active] : []}
          defaultOpenKeys={[analyticsGroupKey]}
          style={{ borderInlineEnd: 'none', background: 'transparent' }}
        />
      </ConfigProvider>
    </nav>
  );
}
