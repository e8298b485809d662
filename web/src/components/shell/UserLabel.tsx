import type { CurrentUser } from '@app/contracts';
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Flex, Typography } from 'antd';

/** "Jane Doe", else the username. */
export function displayName(user: CurrentUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.username;
}

/** users.role as a label: admin -> "Admin", user -> "User". */
export const roleLabel = (role: string): string => (role ? role[0]!.toUpperCase() + role.slice(1) : 'User');

/** The signed-in user in the sidebar footer: name, e-mail and role (not the spec's fixed 'Admin User'). */
export function UserLabel({ user }: { user: CurrentUser }) {
  return (
    <Flex gap={12} align="center" aria-label="Signed in as" role="group" style={{ minWidth: 0 }}>
      <Avatar icon={<UserOutlined />} aria-hidden />
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis>
          {displayName(user)}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {user.email}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {roleLabel(user.role)}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
