import { resetPasswordRequestSchema } from '@app/contracts';
import { Alert, Button, Form, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { AuthLayout } from '../components/AuthLayout';
import { ButtonLink } from '../components/ButtonLink';
import { PasswordInput } from '../components/PasswordInput';
import { useResetPassword } from '../hooks/useAuth';
import { firstIssuePerField } from '../lib/zodRule';

interface ResetPasswordForm {
  password: string;
  confirmPassword: string;
}

const invalidLinkMessage = resetPasswordRequestSchema.shape.token.safeParse('').error?.issues[0]?.message;

export function ResetPasswordPage() {
  const [form] = Form.useForm<ResetPasswordForm>();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const resetPassword = useResetPassword();
  const { error, data } = resetPassword;

  const onFinish = () => {
    const values = form.getFieldsValue(true) as Partial<ResetPasswordForm>;
    const parsed = resetPasswordRequestSchema.safeParse({
      token,
      password: values.password ?? '',
      confirmPassword: values.confirmPassword ?? '',
    });
    if (!parsed.success) {
      const messages = firstIssuePerField(parsed.error);
      form.setFields(
        (['password', 'confirmPassword'] as const).map((name) => ({
          name,
          errors: messages[name] ? [messages[name]] : [],
        })),
      );
      return;
    }
    resetPassword.mutate(parsed.data);
  };

  if (data) {
    return (
      <AuthLayout>
        <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
          Password Updated
        </Typography.Title>
        <Alert type="success" showIcon title={data.message} style={{ marginBottom: 24 }} />
        <ButtonLink to="/login" type="primary" block size="large">
          Continue to Sign In
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout footer={<Link to="/login">Back to Sign In</Link>}>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
        Reset Password
      </Typography.Title>
      {!token ? (
        <>
          <Alert type="error" showIcon title={invalidLinkMessage} style={{ marginBottom: 24 }} />
          <ButtonLink to="/forgot-password" type="primary" block>
            Request a New Link
          </ButtonLink>
        </>
      ) : (
        <>
          <Typography.Paragraph type="secondary">Choose a new password for your account.</Typography.Paragraph>
          {error && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              title={
                error instanceof ApiError
                  ? (error.serverMessage ?? 'Password reset failed. Please request a new link.')
                  : 'Please check your connection and try again.'
              }
              description={<Link to="/forgot-password">Request a new reset link</Link>}
            />
          )}
          <Form form={form} layout="vertical" onFinish={onFinish} noValidate>
            <Form.Item label="New Password" name="password" required>
              <PasswordInput autoComplete="new-password" />
            </Form.Item>
            <Form.Item label="Confirm New Password" name="confirmPassword" required>
              <PasswordInput autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={resetPassword.isPending}>
              {resetPassword.isPending ? 'Updating...' : 'Update Password'}
            </Button>
          </Form>
        </>
      )}
    </AuthLayout>
  );
}
