import { loginRequestSchema, type LoginRequest } from '@app/contracts';
import { Button, Flex, Form, Input } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { useLogin } from '../hooks/useAuth';
import { useToast } from '../hooks/useToast';
import { zodRule } from '../lib/zodRule';
import { PasswordInput } from './PasswordInput';

const { email, password } = loginRequestSchema.shape;

/** Spec 2.4 and 8: the sign-in form with its toasts; where to go next is the page's choice. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [form] = Form.useForm<LoginRequest>();
  const { toast } = useToast();
  const login = useLogin();

  const onFinish = (values: LoginRequest) =>
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => {
          toast({ title: 'Login Successful', description: 'Welcome back to the product!', variant: 'success' });
          onSignedIn();
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
  );
}
