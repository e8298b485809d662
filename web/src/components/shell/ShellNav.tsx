import { ConfigProvider, Flex, Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router';
import { RegionBadge } from './RegionBadge';
import { activeNavPath, analyticsGroupKey, isNavGroup, navEntries, navLeafVisible, type NavLeaf } from './navItems';

type MenuItem = NonNullable<MenuProps['items']>[number];

// The dark theme's selected item (primary blue on a blue tint) and the title of the group holding
// it (primary blue on the sidebar) are below 4.5:1; a light blue text passes on both.
const menuTheme = { components: { Menu: { itemSelectedColor: '#bfdbfe', subMenuItemSelectedColor: '#bfdbfe' } } };

function leafItem(leaf: NavLeaf): MenuItem {
  // Real links: they work with Tab/Enter, middle-click and screen readers' link lists.
  // The menu marks links by place and highlight; the theme's underline is for links inside text.
  const link = (
    <Link to={leaf.to} style={{ color: 'inherit', textDecoration: 'none' }}>
      {leaf.label}
    </Link>
  );
  return {
    key: leaf.to,
    icon: leaf.icon,
    label: leaf.regionGated ? (
      <Flex align="center" justify="space-between" gap={8}>
        {link}
        <RegionBadge />
      </Flex>
    ) : (
      link
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
