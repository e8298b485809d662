import type { CurrentUser } from '@app/contracts';
import { CheckCircleOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { useSendVerification } from '../hooks/useAuth';
import { useToast } from '../hooks/useToast';
import { BrandLink } from './BrandLink';
import { SignOutLink } from './SignOutLink';

const reasons = [
  'Protect your account and confirm that this address belongs to you',
  'Receive transaction, security and compliance notifications',
  'Recover access to your account if you forget your password',
  'Continue to KYC verification and activate payment processing',
];

/** Spec 2.6: shown instead of a protected page while the user's email is unverified. */
export function VerificationGate({ user }: { user: CurrentUser }) {
  const { toast } = useToast();
  const sendVerification = useSendVerification();
  const [sent, setSent] = useState(false);

  const send = () =>
    sendVerification.mutate(
      { email: user.email, userId: user.id },
      {
        onSuccess: () => {
          setSent(true);
          toast({
            title: 'Verification Email Sent',
            description: 'Please check your email and click the verification link.',
            variant: 'success',
          });
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            toast({
              title: 'Failed to Send Email',
              description: error.serverMessage ?? 'Please try again later.',
              variant: 'destructive',
            });
          } else {
            toast({
              title: 'Network Error',
              description: 'Please check your connection and try again.',
              variant: 'destructive',
            });
          }
        },
      },
    );

  return (
    <Flex vertical align="center" gap={24} style={{ minHeight: '100vh', padding: '48px 16px' }}>
      <BrandLink />
      <main style={{ width: '100%', maxWidth: 520 }}>
        <Card>
          <Flex vertical gap={16}>
            <Flex vertical align="center" gap={8} style={{ textAlign: 'center' }}>
              <MailOutlined style={{ fontSize: 40 }} aria-hidden />
              <Typography.Title level={2} style={{ margin: 0 }}>
                Verify Your Email Address
              </Typography.Title>
              <Typography.Text type="secondary">
                Before you can use this page, please verify the email address on your account:
              </Typography.Text>
              <Typography.Text strong>{user.email}</Typography.Text>
            </Flex>

            {sent && (
              <Alert
                type="success"
                showIcon
                icon={<CheckCircleOutlined />}
                title="Check your inbox"
                description={`We sent a new verification link to ${user.email}. It may take a few minutes to arrive; check your spam folder too.`}
              />
            )}

            <Button type="primary" size="large" block loading={sendVerification.isPending} onClick={send}>
              {sent ? 'Send Again' : 'Resend Verification Email'}
            </Button>

            <div>
              <Typography.Title level={5}>Why verify your email?</Typography.Title>
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {reasons.map((reason) => (
                  <li key={reason}>
                    <Typography.Text type="secondary">{reason}</Typography.Text>
                  </li>
                ))}
              </ul>
            </div>

            <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
              Signed in with the wrong account? <SignOutLink>Sign out</SignOutLink>
            </Typography.Text>
          </Flex>
        </Card>
      </main>
    </Flex>
  );
}
