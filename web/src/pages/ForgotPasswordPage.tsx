import { forgotPasswordRequestSchema } from '@app/contracts';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { AuthLayout } from '../components/AuthLayout';
import { useForgotPassword } from '../hooks/useAuth';
import { zodRule } from '../lib/zodRule';

export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const { error, data } = forgotPassword;

  return (
    <AuthLayout footer={<Link to="/login">Back to Sign In</Link>}>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
        Forgot Password
      </Typography.Title>
      {data ? (
        <Alert type="success" showIcon title={data.message} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Enter the email address of your account and we&apos;ll send you a link to reset your password.
          </Typography.Paragraph>
          {error && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              title={
                error instanceof ApiError
                  ? (error.serverMessage ?? 'Something went wrong. Please try again.')
                  : 'Please check your connection and try again.'
              }
            />
          )}
          <Form
            noValidate
            layout="vertical"
            validateTrigger="onBlur"
            onFinish={(values: { email: string }) => forgotPassword.mutate({ email: values.email.trim() })}
          >
            <Form.Item label="Email" name="email" required rules={[zodRule(forgotPasswordRequestSchema.shape.email)]}>
              <Input type="email" autoComplete="email" placeholder="you@company.com" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={forgotPassword.isPending}>
              {forgotPassword.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </Form>
        </>
      )}
    </AuthLayout>
  );
}
