import { loginRequestSchema, type LoginRequest } from '@app/contracts';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { AuthLayout } from '../../../components/AuthLayout';
import { PasswordInput } from '../../../components/PasswordInput';
import { useLogin } from '../../../hooks/useAuth';
import { useToast } from '../../../hooks/useToast';
import { zodRule } from '../../../lib/zodRule';

const { email, password } = loginRequestSchema.shape;

/** Where to go after signing in: ?next= when it is an affiliate path of this site, else the affiliate dashboard. */
const nextPath = (next: string | null) =>
  next?.startsWith('/affiliate/') && !next.startsWith('//') ? next : '/affiliate/dashboard';

/** Spec 2.11 and 6: affiliates sign in with their platform account and land on their dashboard. */
export function AffiliateLoginPage() {
  const [form] = Form.useForm<LoginRequest>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const login = useLogin();

  const onFinish = (values: LoginRequest) =>
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => {
          toast({ title: 'Login Successful', description: 'Welcome back to the product!', variant: 'success' });
          void navigate(nextPath(searchParams.get('next')));
        },
        onError: (error) =>
          toast({
            title: 'Login Failed',
            description:
              (error instanceof ApiError && error.serverMessage) || 'Invalid email or password. Please try again.',
            variant: 'destructive',
          }),
      },
    );

  return (
    <AuthLayout footer={<Link to="/affiliate">Back to the affiliate programme</Link>}>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
        Affiliate Sign In
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Sign in with your platform account to see your referrals, earnings and payouts.
      </Typography.Paragraph>

      <Form form={form} layout="vertical" onFinish={onFinish} validateTrigger="onBlur" noValidate>
        <Form.Item label="Email" name="email" required rules={[zodRule(email)]}>
          <Input type="email" autoComplete="email" placeholder="you@company.com" />
        </Form.Item>
        <Form.Item label="Password" name="password" required rules={[zodRule(password)]}>
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to="/forgot-password">Forgot your password?</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {login.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </Form>

      <Flex vertical gap={8} style={{ marginTop: 24, textAlign: 'center' }}>
        <Typography.Text type="secondary">
          Not an affiliate yet? <Link to="/affiliate/register">Apply to join the programme</Link>
        </Typography.Text>
        <Typography.Text type="secondary">
          No platform account? <Link to="/register">Create one first</Link>
        </Typography.Text>
      </Flex>
    </AuthLayout>
  );
}
