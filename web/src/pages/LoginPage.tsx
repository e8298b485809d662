import { Alert, Flex, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../components/AuthLayout';
import { LoginForm } from '../components/LoginForm';
import { safeNextPath } from '../lib/nextPath';

/** Where to go after signing in: ?next= when it is a path of this site (e.g. back to checkout), else the dashboard. */
const nextPath = (next: string | null) => safeNextPath(next);

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  return (
    <AuthLayout footer={<Link to="/">Back to home</Link>}>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
        Sign In
      </Typography.Title>
      <Typography.Paragraph type="secondary">Access your business payments dashboard.</Typography.Paragraph>

      {searchParams.get('message') === 'verify-email' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title="Registration complete. Please check your email and click the verification link before signing in."
        />
      )}

      {searchParams.get('next')?.startsWith('/payment') && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title="Sign in to finish your checkout. You come back to it right after signing in."
        />
      )}

      <LoginForm onSignedIn={() => void navigate(nextPath(searchParams.get('next')))} />

      <Flex vertical gap={8} style={{ marginTop: 24, textAlign: 'center' }}>
        <Typography.Text type="secondary">
          Don&apos;t have an account? <Link to="/register">Register your business</Link>
        </Typography.Text>
        <Typography.Text type="secondary">
          Need enterprise support? <Link to="/contact">Contact our team</Link>
        </Typography.Text>
      </Flex>
    </AuthLayout>
  );
}
