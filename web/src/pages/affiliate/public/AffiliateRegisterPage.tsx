import {
  affiliateApplicationFields,
  affiliateApplicationSchema,
  affiliateBusinessTypes,
  affiliateMessages,
  expectedReferralOptions,
  marketingExperienceLevels,
  type AffiliateApplication,
  type AffiliateProfile,
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
import { useRegisterAffiliate } from '../../../hooks/useAffiliate';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useToast } from '../../../hooks/useToast';
import { zodRule } from '../../../lib/zodRule';
import { EarningsEstimate } from './EarningsEstimate';
import { trackEvent } from '../../../api/events';

type ApplicationValues = Partial<AffiliateApplication>;
type ApplicationField = keyof AffiliateApplication;

const registerPath = '/affiliate/register';
const signInHref = `/affiliate/login?next=${encodeURIComponent(registerPath)}`;

const isApplicationField = (field: string): field is ApplicationField => field in affiliateApplicationFields;

/** Spec 2.11, 3.6 and 5.6: the application form, then the submitted screen. */
export function AffiliateRegisterPage() {
  const [submitted, setSubmitted] = useState<AffiliateProfile>();
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
      {submitted ? <ApplicationSubmitted profile={submitted} /> : <ApplicationForm onSubmitted={setSubmitted} />}
    </AuthLayout>
  );
}

/** Why the application cannot be sent yet: nobody is signed in, or the e-mail is unverified. */
function AccountNotice({ user }: { user: CurrentUser | null | undefined }) {
  if (user === null) {
    return (
      <Alert
        type="info"
        showIcon
        role="alert"
        style={{ marginBottom: 24 }}
        title="Sign in to apply"
        description={
          <>
            Affiliate accounts belong to a platform account. <Link to={signInHref}>Sign in</Link> and you come back to
            this form, or <Link to="/register">create an account</Link> first.
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

function ApplicationForm({ onSubmitted }: { onSubmitted: (profile: AffiliateProfile) => void }) {
  const [form] = Form.useForm<ApplicationValues>();
  const values = Form.useWatch([], form) as ApplicationValues | undefined;
  // The session is checked once the visitor starts filling in the form, not on a mere visit.
  const [started, setStarted] = useState(false);
  const { data: user } = useCurrentUser({ enabled: started });
  const queryClient = useQueryClient();
  const registration = useRegisterAffiliate();
  const { toast } = useToast();

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

  const parsed = affiliateApplicationSchema.safeParse(withoutEmptyOptionals(values ?? {}));

  const fail = (description: string) =>
    toast({ title: affiliateMessages.submissionFailedTitle, description, variant: 'destructive' });

  const onRejected = (error: Error) => {
    if (!(error instanceof ApiError)) return fail(affiliateMessages.submissionFailed);
    if (error.status === 401) {
      queryClient.setQueryData(queryKeys.currentUser, null);
      return fail('Please sign in to submit your application.');
    }
    form.setFields(
      error.details
        .map((detail) => ({ name: detail.path.split('.')[0] ?? '', errors: [detail.message] }))
        .filter((field): field is { name: ApplicationField; errors: string[] } => isApplicationField(field.name)),
    );
    fail((error.status < 500 && error.serverMessage) || affiliateMessages.submissionFailed);
  };

  const submit = async () => {
    if (!parsed.success) return;
    setStarted(true);
    const signedIn = await queryClient
      .fetchQuery({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser })
      .catch(() => undefined);
    if (signedIn === null) {
      toast({
        title: 'Sign In Required',
        description: 'Please sign in or create an account to apply. After signing in you come back to this form.',
      });
      return;
    }
    registration.mutate(parsed.data, {
      onSuccess: (profile) => {
        trackEvent('affiliate_application_submitted');
        toast({
          title: affiliateMessages.applicationSubmitted,
          description: affiliateMessages.applicationSubmittedDescription,
          variant: 'success',
        });
        onSubmitted(profile);
      },
      onError: onRejected,
    });
  };

  const busy = registration.isPending;
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

        <Button type="primary" htmlType="submit" size="large" block disabled={!parsed.success || busy} loading={busy}>
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
