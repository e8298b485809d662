import { Flex, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout';
import { LoginForm } from '../../../components/LoginForm';

/** Where to go after signing in: ?next= when it is an affiliate path of this site, else the affiliate dashboard. */
const nextPath = (next: string | null) => (next?.startsWith('/affiliate/') ? next : '/affiliate/dashboard');

/** Spec 2.11 and 6: affiliates sign in with their platform account and land on their dashboard. */
export function AffiliateLoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  return (
    <AuthLayout footer={<Link to="/affiliate">Back to the affiliate programme</Link>}>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
        Affiliate Sign In
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Sign in with the email and password of your application (or your platform account) to see your referrals,
        earnings and payouts. Please verify your email first.
      </Typography.Paragraph>

      <LoginForm onSignedIn={() => void navigate(nextPath(searchParams.get('next')))} />

      <Flex vertical gap={8} style={{ marginTop: 24, textAlign: 'center' }}>
        <Typography.Text type="secondary">
          Not an affiliate yet? <Link to="/affiliate/register">Apply to join the programme</Link>: your application
          creates your account too.
        </Typography.Text>
      </Flex>
    </AuthLayout>
  );
}
