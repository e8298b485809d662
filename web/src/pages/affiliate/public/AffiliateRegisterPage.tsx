import {
  affiliateApplicationFields,
  affiliateApplicationSchema,
  affiliateBusinessTypes,
  affiliateMessages,
  affiliateVisitorApplicationSchema,
  expectedReferralOptions,
  marketingExperienceLevels,
  passwordSchema,
  passwordSpecialCharacters,
  type AffiliateProfile,
  type AffiliateVisitorApplication,
  type CurrentUser,
} from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchCurrentUser } from '../../../api/auth';
import { ApiError } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { AuthLayout } from '../../../components/AuthLayout';
import { PasswordInput } from '../../../components/PasswordInput';
import { useApplyAsAffiliate, useRegisterAffiliate } from '../../../hooks/useAffiliate';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useToast } from '../../../hooks/useToast';
import { zodRule } from '../../../lib/zodRule';
import { EarningsEstimate } from './EarningsEstimate';
import { trackEvent } from '../../../api/events';

type ApplicationValues = Partial<AffiliateVisitorApplication>;
type ApplicationField = keyof AffiliateVisitorApplication;

const registerPath = '/affiliate/register';
const signInHref = `/affiliate/login?next=${encodeURIComponent(registerPath)}`;

const isApplicationField = (field: string): field is ApplicationField =>
  field in affiliateApplicationFields || field === 'password' || field === 'confirmPassword';

/** What was sent: a signed-in user's application (its profile), or a visitor's (their new account's e-mail). */
type Submitted = { kind: 'profile'; profile: AffiliateProfile } | { kind: 'visitor'; email: string };

/** Spec 2.11, 3.6 and 5.6: the application form, then the submitted screen. */
export function AffiliateRegisterPage() {
  const [submitted, setSubmitted] = useState<Submitted>();
  return (
    <AuthLayout
      width={760}
      footer={
        <Flex gap={16} justify="center" wrap>
          <Typography.Text type="secondary">
            Already an affiliate? <Link to="/affiliate/login">Sign in</Link>
          </Typography.Text>
          <Link to="/affiliate">Back to the affiliate programme</Link>
        </Flex>
      }
    >
      {submitted?.kind === 'profile' && <ApplicationSubmitted profile={submitted.profile} />}
      {submitted?.kind === 'visitor' && <VisitorApplicationSubmitted email={submitted.email} />}
      {!submitted && <ApplicationForm onSubmitted={setSubmitted} />}
    </AuthLayout>
  );
}

/**
 * Spec 6, a visitor may apply: without a session the form also creates the account. A signed-in user
 * applies with their account; an unverified one is asked to verify first.
 */
function AccountNotice({ user }: { user: CurrentUser | null | undefined }) {
  if (user === null) {
    return (
      <Alert
        type="info"
        showIcon
        role="alert"
        style={{ marginBottom: 24 }}
        title="New to the platform?"
        description={
          <>
            Your application also creates your platform account: choose a password below and verify your email
            afterwards. Already have an account? <Link to={signInHref}>Sign in</Link> and you come back to this form.
          </>
        }
      />
    );
  }
  if (user && !user.emailVerified) {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        style={{ marginBottom: 24 }}
        title="Verify your email to apply"
        description={`Please click the verification link we sent to ${user.email}, then submit your application.`}
      />
    );
  }
  return null;
}

function ApplicationForm({ onSubmitted }: { onSubmitted: (submitted: Submitted) => void }) {
  const [form] = Form.useForm<ApplicationValues>();
  const values = Form.useWatch([], form) as ApplicationValues | undefined;
  // The session is checked once the visitor starts filling in the form, not on a mere visit.
  const [started, setStarted] = useState(false);
  const { data: user } = useCurrentUser({ enabled: started });
  const queryClient = useQueryClient();
  const registration = useRegisterAffiliate();
  const visitorApplication = useApplyAsAffiliate();
  const { toast } = useToast();
  // Until a session is known the form is a visitor's: it also asks for the new account's password.
  const signedIn = Boolean(user);

  // A signed-in user's name and e-mail fill the contact fields still empty.
  useEffect(() => {
    if (!user) return;
    const current = form.getFieldsValue(true) as ApplicationValues;
    const known: ApplicationValues = {
      contactName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
      contactEmail: user.email,
    };
    const missing = (['contactName', 'contactEmail'] as const).filter((field) => !current[field]?.trim());
    if (missing.length > 0) form.setFieldsValue(Object.fromEntries(missing.map((field) => [field, known[field]])));
  }, [user, form]);

  const { password, confirmPassword, ...applicationValues } = withoutEmptyOptionals(values ?? {});
  const parsedApplication = affiliateApplicationSchema.safeParse(applicationValues);
  const parsedVisitor = affiliateVisitorApplicationSchema.safeParse({
    ...applicationValues,
    password,
    confirmPassword,
  });
  const valid = signedIn ? parsedApplication.success : parsedVisitor.success;

  const fail = (description: string) =>
    toast({ title: affiliateMessages.submissionFailedTitle, description, variant: 'destructive' });

  const onRejected = (error: Error) => {
    if (!(error instanceof ApiError)) return fail(affiliateMessages.submissionFailed);
    if (error.status === 401) {
      queryClient.setQueryData(queryKeys.currentUser, null);
      return fail('Please sign in to submit your application.');
    }
    const fields = error.details
      .map((detail) => ({ name: detail.path.split('.')[0] ?? '', errors: [detail.message] }))
      .filter((field): field is { name: ApplicationField; errors: string[] } => isApplicationField(field.name));
    form.setFields(fields);
    fail((error.status < 500 && error.serverMessage) || affiliateMessages.submissionFailed);
  };

  const succeeded = (submitted: Submitted) => {
    trackEvent('affiliate_application_submitted');
    toast({
      title: affiliateMessages.applicationSubmitted,
      description: affiliateMessages.applicationSubmittedDescription,
      variant: 'success',
    });
    onSubmitted(submitted);
  };

  const submit = async () => {
    if (!valid) return;
    setStarted(true);
    const current = await queryClient
      .fetchQuery({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser })
      .catch(() => undefined);
    if (current) {
      if (!parsedApplication.success) return;
      registration.mutate(parsedApplication.data, {
        onSuccess: (profile) => succeeded({ kind: 'profile', profile }),
        onError: onRejected,
      });
      return;
    }
    if (!parsedVisitor.success) return;
    visitorApplication.mutate(parsedVisitor.data, {
      onSuccess: (answer) => succeeded({ kind: 'visitor', email: answer.email }),
      onError: onRejected,
    });
  };

  const busy = registration.isPending || visitorApplication.isPending;
  return (
    <div onFocusCapture={() => setStarted(true)}>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
        Apply to the Affiliate Programme
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Refer businesses and earn commission on their first-year subscription fees. We review applications within 24
        hours. Fields marked with <span aria-hidden>*</span>
        <span className="sr-only"> an asterisk</span> are required.
      </Typography.Paragraph>

      <AccountNotice user={started ? user : undefined} />

      <Form form={form} layout="vertical" onFinish={() => void submit()} noValidate>
        <Flex gap="0 16px" wrap>
          <Form.Item
            label="Company Name"
            name="companyName"
            required
            rules={[zodRule(affiliateApplicationFields.companyName)]}
            style={{ flex: '1 1 280px' }}
          >
            <Input autoComplete="organization" maxLength={200} />
          </Form.Item>
          <Form.Item
            label="Website (optional)"
            name="website"
            rules={[zodRule(affiliateApplicationFields.website)]}
            style={{ flex: '1 1 280px' }}
          >
            <Input type="url" autoComplete="url" placeholder="https://example.com" maxLength={500} />
          </Form.Item>
        </Flex>
        <Form.Item
          label="Business Type"
          name="businessType"
          required
          rules={[zodRule(affiliateApplicationFields.businessType)]}
        >
          <Select placeholder="Select your business type" options={[...affiliateBusinessTypes]} />
        </Form.Item>
        <Flex gap="0 16px" wrap>
          <Form.Item
            label="Contact Name"
            name="contactName"
            required
            rules={[zodRule(affiliateApplicationFields.contactName)]}
            style={{ flex: '1 1 280px' }}
          >
            <Input autoComplete="name" maxLength={200} />
          </Form.Item>
          <Form.Item
            label="Contact Email"
            name="contactEmail"
            required
            rules={[zodRule(affiliateApplicationFields.contactEmail)]}
            style={{ flex: '1 1 280px' }}
          >
            <Input type="email" autoComplete="email" maxLength={254} />
          </Form.Item>
        </Flex>
        <Form.Item
          label="Phone Number"
          name="phoneNumber"
          required
          rules={[zodRule(affiliateApplicationFields.phoneNumber)]}
        >
          <Input type="tel" autoComplete="tel" maxLength={40} />
        </Form.Item>
        <Form.Item
          label="Business Description"
          name="businessDescription"
          required
          rules={[zodRule(affiliateApplicationFields.businessDescription)]}
        >
          <Input.TextArea
            rows={4}
            maxLength={5000}
            placeholder="Who you are, who your clients or audience are, and how you would introduce the platform to them."
          />
        </Form.Item>
        <Flex gap="0 16px" wrap>
          <Form.Item
            label="Marketing Experience"
            name="marketingExperience"
            required
            rules={[zodRule(affiliateApplicationFields.marketingExperience)]}
            style={{ flex: '1 1 280px' }}
          >
            <Select placeholder="Select your experience" options={[...marketingExperienceLevels]} />
          </Form.Item>
          <Form.Item
            label="Expected Monthly Referrals"
            name="expectedReferrals"
            required
            rules={[zodRule(affiliateApplicationFields.expectedReferrals)]}
            style={{ flex: '1 1 280px' }}
          >
            <Select placeholder="Select expected referrals" options={[...expectedReferralOptions]} />
          </Form.Item>
        </Flex>

        <EarningsEstimate expectedReferrals={values?.expectedReferrals} />

        <Form.Item
          label="Additional Information (optional)"
          name="additionalInfo"
          rules={[zodRule(affiliateApplicationFields.additionalInfo)]}
        >
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>

        {!signedIn && <AccountFields />}

        <Button type="primary" htmlType="submit" size="large" block disabled={!valid || busy} loading={busy}>
          {busy ? 'Submitting Application...' : 'Submit Application'}
        </Button>
      </Form>
    </div>
  );
}

/** Empty optional fields are left out rather than sent as empty strings. */
function withoutEmptyOptionals(values: ApplicationValues): ApplicationValues {
  const { website, additionalInfo, ...required } = values;
  return {
    ...required,
    ...(website?.trim() ? { website } : {}),
    ...(additionalInfo?.trim() ? { additionalInfo } : {}),
  };
}

/** A visitor's new account: the password they will sign in with (spec 5.1's rules and messages). */
function AccountFields() {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        Your Account
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        You sign in to your affiliate dashboard with your contact email and this password.
      </Typography.Paragraph>
      <Flex gap="0 16px" wrap>
        <Form.Item
          label="Password"
          name="password"
          required
          rules={[zodRule(passwordSchema)]}
          extra={`At least 8 characters, with an uppercase letter, a lowercase letter, a number and one of ${passwordSpecialCharacters}`}
          style={{ flex: '1 1 280px' }}
        >
          <PasswordInput autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          label="Confirm Password"
          name="confirmPassword"
          required
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value !== getFieldValue('password')) throw new Error("Passwords don't match");
              },
            }),
          ]}
          style={{ flex: '1 1 280px' }}
        >
          <PasswordInput autoComplete="new-password" maxLength={128} />
        </Form.Item>
      </Flex>
    </fieldset>
  );
}

/** A visitor's application went in with their new account: the e-mail comes first, then the sign-in. */
function VisitorApplicationSubmitted({ email }: { email: string }) {
  return (
    <div role="status">
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
        Application Submitted
      </Typography.Title>
      <Typography.Paragraph>
        Thank you. Your account and your application are created; we review applications within 24 hours.
      </Typography.Paragraph>
      <Typography.Paragraph>
        We sent a verification link to <Typography.Text strong>{email}</Typography.Text>. Please verify your email, then{' '}
        <Link to="/affiliate/login">sign in to your affiliate dashboard</Link> to follow your application.
      </Typography.Paragraph>
      <Flex gap={12} wrap>
        <Link to="/affiliate">Explore the affiliate programme</Link>
        <Link to="/">Return to the home page</Link>
      </Flex>
    </div>
  );
}

function ApplicationSubmitted({ profile }: { profile: AffiliateProfile }) {
  return (
    <div role="status">
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 0 }}>
        Application Submitted
      </Typography.Title>
      <Typography.Paragraph>
        Thank you, {profile.contactName}. We review applications within 24 hours; until then the application for{' '}
        {profile.companyName} is pending.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Your referral code is <Typography.Text code>{profile.referralCode}</Typography.Text>. Your affiliate dashboard
        shows your application&apos;s status and, once approved, your referral link, referrals and earnings.
      </Typography.Paragraph>
      <Flex gap={12} wrap>
        <Link to="/affiliate">Explore the affiliate programme</Link>
        <Link to="/">Return to the home page</Link>
      </Flex>
    </div>
  );
}
