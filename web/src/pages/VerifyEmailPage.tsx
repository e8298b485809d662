import { verifyEmailQuerySchema } from '@app/contracts';
import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { AuthLayout } from '../components/AuthLayout';
import { ButtonLink } from '../components/ButtonLink';
import { useVerifyEmail } from '../hooks/useAuth';

const redirectDelayMs = 3000;

function Status({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <Flex vertical align="center" gap={12} style={{ textAlign: 'center' }}>
      <span style={{ fontSize: 48 }} aria-hidden>
        {icon}
      </span>
      <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Flex>
  );
}

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const parsedQuery = verifyEmailQuerySchema.safeParse({ token: searchParams.get('token') ?? undefined });
  const token = parsedQuery.success ? parsedQuery.data.token : undefined;
  const verification = useVerifyEmail(token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!verification.isSuccess) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    const timer = window.setTimeout(() => void navigate('/login'), redirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [verification.isSuccess, navigate, queryClient]);

  let content: ReactNode;
  if (!parsedQuery.success || verification.isError) {
    const message = !parsedQuery.success
      ? parsedQuery.error.issues[0]?.message
      : (verification.error instanceof ApiError && verification.error.serverMessage) || 'Email verification failed.';
    content = (
      <Status icon={<CloseCircleFilled style={{ color: '#ef4444' }} />} title="Verification Failed">
        <Typography.Paragraph type="secondary">{message}</Typography.Paragraph>
        <Flex gap={12} wrap justify="center">
          <ButtonLink to="/register" type="primary">
            Try Registration Again
          </ButtonLink>
          <ButtonLink to="/login">Sign In Instead</ButtonLink>
        </Flex>
      </Status>
    );
  } else if (verification.isSuccess) {
    content = (
      <Status icon={<CheckCircleFilled style={{ color: '#22c55e' }} />} title="Email Verified Successfully!">
        <Typography.Paragraph type="secondary">{verification.data.message}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">Redirecting you to sign in...</Typography.Paragraph>
        <ButtonLink to="/login" type="primary">
          Continue to Sign In
        </ButtonLink>
      </Status>
    );
  } else {
    content = (
      <Status icon={<LoadingOutlined />} title="Verifying Your Email">
        <Typography.Paragraph type="secondary" role="status">
          Please wait while we confirm your email address.
        </Typography.Paragraph>
      </Status>
    );
  }

  return (
    <AuthLayout
      footer={
        <Flex gap={16} justify="center">
          <Link to="/contact">Need help? Contact support</Link>
          <Link to="/">Back to home</Link>
        </Flex>
      }
    >
      {content}
    </AuthLayout>
  );
}
