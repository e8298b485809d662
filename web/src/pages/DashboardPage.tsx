import { Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useSignedInUser } from '../components/GuardedRoute';
import { SignOutLink } from '../components/SignOutLink';

export function DashboardPage() {
  const user = useSignedInUser();
  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Title level={1} style={{ marginBottom: 4 }}>
          Dashboard
        </Typography.Title>
        <Typography.Text type="secondary">Welcome, {user.firstName || user.username}</Typography.Text>
      </div>
      <Card title="Your account">
        <Flex vertical gap={8}>
          <Link to="/settings">Settings: personal and business profile</Link>
          <SignOutLink />
        </Flex>
      </Card>
    </Flex>
  );
}
