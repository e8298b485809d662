import {
  kybDetailsSchema,
  kycMessages,
  registrationCountries,
  type KybDetails,
  type KycStatusResponse,
  type KycVerification,
} from '@app/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Result,
  Row,
  Select,
  Spin,
  Tag,
  Typography,
  type FormInstance,
  type FormRule,
} from 'antd';
import { ApiError } from '../../api/client';
import { useKycStatus, useStartKycVerification } from '../../hooks/useKyc';
import { useToast } from '../../hooks/useToast';
import { formatDateTime, formatDay } from '../../lib/format';
import {
  identityProviderName,
  identityProviderState,
  identityProviderStateLabel,
  kycLabel,
  kycRetryReason,
  kycStartFailedToast,
} from '../dashboard/kyc';

type KybField = keyof KybDetails;
const kybFields: readonly KybField[] = ['country', 'nzbn', 'businessNumber', 'taxNumber'];

type BusinessValues = Partial<Record<KybField, string>>;

const newZealand = 'New Zealand';
const countryOptions = registrationCountries.map((country) => ({ value: country, label: country }));

/** The profile's business country when the registration wizard offers it, else New Zealand. */
const initialCountry = (businessCountry: string): string =>
  (registrationCountries as readonly string[]).includes(businessCountry) ? businessCountry : newZealand;

/** What the form would send: an NZBN only for a New Zealand business (the field is shown only then). */
const businessOf = (values: BusinessValues) => ({
  country: values.country ?? '',
  nzbn: values.country === newZealand ? values.nzbn : undefined,
  businessNumber: values.businessNumber,
  taxNumber: values.taxNumber,
});

/** One field's message from the contracts' KYB check (the numbers' formats depend on the country). */
const kybRule =
  (field: KybField): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const result = kybDetailsSchema.safeParse(businessOf(getFieldsValue(true) as BusinessValues));
      const issue = result.error?.issues.find((candidate) => candidate.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });

/** The business numbers the profile keeps (from registration or Settings, issue 39), blanks left out. */
export type ProfileNumbers = Partial<Record<Exclude<KybField, 'country'>, string>>;

/**
 * The numbers given with the latest verification (a retry keeps them), else the profile's country
 * and the numbers the profile keeps for it.
 */
const initialBusiness = (
  verification: KycStatusResponse['verification'],
  defaultCountry: string,
  profileNumbers: ProfileNumbers = {},
): BusinessValues =>
  verification?.business
    ? {
        country: verification.business.country,
        nzbn: verification.business.nzbn ?? undefined,
        businessNumber: verification.business.businessNumber ?? undefined,
        taxNumber: verification.business.taxNumber ?? undefined,
      }
    : {
        country: defaultCountry,
        ...Object.fromEntries(Object.entries(profileNumbers).filter(([, value]) => value)),
      };

const numberLabels = (country: string | undefined) =>
  country === newZealand
    ? { businessNumber: 'Business number (NZ company number)', taxNumber: 'Tax number (IRD)' }
    : country === 'Australia'
      ? { businessNumber: 'Business number (ABN)', taxNumber: 'Tax number (TFN)' }
      : { businessNumber: 'Business number', taxNumber: 'Tax number' };

/** Marks the fields of the server's 400 (details paths like business.nzbn) under their inputs. */
function showServerFieldErrors(form: FormInstance<BusinessValues>, error: unknown) {
  if (!(error instanceof ApiError)) return;
  const rejected = error.details.flatMap((detail) => {
    const field = detail.path.replace(/^business\./, '') as KybField;
    return kybFields.includes(field) ? [{ name: field, errors: [detail.message] }] : [];
  });
  form.setFields(rejected);
}

/** Settings → Verification: the account's identity verification (Stripe Identity) and its business numbers. */
export function VerificationTab({
  businessCountry,
  numbers,
}: {
  businessCountry: string;
  /** The profile's numbers, for its business country; offered when no verification gave any yet. */
  numbers?: ProfileNumbers;
}) {
  const status = useKycStatus();

  if (status.isPending) {
    return (
      <Flex align="center" gap={12} role="status">
        <Spin />
        <Typography.Text>Loading verification status...</Typography.Text>
      </Flex>
    );
  }

  if (status.isError) {
    return (
      <Result
        status="error"
        title="Error Loading Verification"
        subTitle="Failed to load your identity verification status. Please try again later."
        extra={
          <Button type="primary" loading={status.isFetching} onClick={() => void status.refetch()}>
            Try Again
          </Button>
        }
      />
    );
  }

  const defaultCountry = initialCountry(businessCountry);
  return (
    <VerificationDetails
      status={status.data}
      defaultCountry={defaultCountry}
      profileNumbers={defaultCountry === businessCountry ? numbers : undefined}
    />
  );
}

function VerificationDetails({
  status,
  defaultCountry,
  profileNumbers,
}: {
  status: KycStatusResponse;
  defaultCountry: string;
  profileNumbers?: ProfileNumbers;
}) {
  const [form] = Form.useForm<BusinessValues>();
  const country = Form.useWatch('country', form);
  const start = useStartKycVerification();
  const { toast } = useToast();
  const { kycStatus, verification } = status;
  const verified = kycStatus === 'verified';
  const processing = kycStatus === 'processing';
  const reason = kycRetryReason(kycStatus, verification);
  // After a start the browser is on its way to the provider: the buttons stay busy.
  const busy = start.isPending || start.isSuccess;
  const labels = numberLabels(country);

  const submit = (values: BusinessValues) => {
    const business = kybDetailsSchema.parse(businessOf(values));
    const given = business.nzbn || business.businessNumber || business.taxNumber;
    start.mutate(
      { returnTo: 'settings', ...(given ? { business } : {}) },
      {
        onError: (error) => {
          showServerFieldErrors(form, error);
          toast(kycStartFailedToast(error));
        },
      },
    );
  };

  return (
    <Flex vertical gap={24}>
      <Card title="Identity verification">
        <Flex vertical gap={16}>
          <StatusDescriptions kycStatus={kycStatus} verification={verification} />
          {processing && (
            <Alert type="info" showIcon title="Verification in progress" description={kycMessages.processing} />
          )}
          {reason && (
            <Alert
              type="warning"
              showIcon
              title="The provider needs you to try again"
              description={reason}
              action={
                <Button type="primary" size="small" loading={busy} onClick={() => form.submit()}>
                  Retry verification
                </Button>
              }
            />
          )}
          {verified && (
            <Alert
              type="success"
              showIcon
              title="Your identity is verified"
              description="Payouts, XRP payments and escrows above the KYC threshold, and investments are open to you."
            />
          )}
        </Flex>
      </Card>

      <Card title="What we keep">
        <Typography.Paragraph>
          {identityProviderName} checks your identity document and a selfie on its own secure pages. This platform never
          receives or stores images of your documents or their numbers: the provider keeps them, under its own privacy
          terms.
        </Typography.Paragraph>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          We keep only the provider&apos;s session id, the verification status, the name on the verified document and
          the date it was verified, and the outcome (verified or not) of each check the provider ran.
        </Typography.Paragraph>
      </Card>

      {!verified && (
        <Card title="Business details">
          <Form
            form={form}
            name="kyb"
            layout="vertical"
            noValidate
            initialValues={initialBusiness(verification, defaultCountry, profileNumbers)}
            onFinish={submit}
            disabled={busy}
          >
            <Typography.Paragraph type="secondary">
              Optional: the numbers of the business you verify for. They are checked for their country&apos;s format and
              kept with the verification.
            </Typography.Paragraph>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="country" label="Country of registration" rules={[kybRule('country')]}>
                  <Select options={countryOptions} showSearch />
                </Form.Item>
              </Col>
              {country === newZealand && (
                <Col xs={24} md={12}>
                  <Form.Item
                    name="nzbn"
                    label="NZBN"
                    dependencies={['country']}
                    rules={[kybRule('nzbn')]}
                    extra="The 13-digit New Zealand Business Number."
                  >
                    <Input inputMode="numeric" autoComplete="off" />
                  </Form.Item>
                </Col>
              )}
              <Col xs={24} md={12}>
                <Form.Item
                  name="businessNumber"
                  label={labels.businessNumber}
                  dependencies={['country']}
                  rules={[kybRule('businessNumber')]}
                >
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="taxNumber"
                  label={labels.taxNumber}
                  dependencies={['country']}
                  rules={[kybRule('taxNumber')]}
                >
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
            </Row>
            <Flex gap={12} align="center" wrap>
              <Button type="primary" htmlType="submit" loading={busy} disabled={processing}>
                Start verification
              </Button>
              <Typography.Text type="secondary">
                {processing
                  ? 'You can start again if the provider asks you to.'
                  : `You will continue on ${identityProviderName}'s secure page and come back here.`}
              </Typography.Text>
            </Flex>
          </Form>
        </Card>
      )}
    </Flex>
  );
}

function StatusDescriptions({ kycStatus, verification }: { kycStatus: string; verification: KycVerification | null }) {
  const status = kycLabel(kycStatus);
  const state = identityProviderStateLabel(identityProviderState(kycStatus, verification));
  const verified = kycStatus === 'verified';
  const business = verification?.business;

  return (
    <Descriptions
      bordered
      column={1}
      size="small"
      items={[
        { key: 'status', label: 'Status', children: <Tag color={status.color}>{status.text}</Tag> },
        { key: 'provider', label: 'Provider', children: identityProviderName },
        { key: 'state', label: 'Provider state', children: <Tag color={state.color}>{state.text}</Tag> },
        {
          key: 'started',
          label: 'Started',
          children: verification ? formatDateTime(verification.createdAt) : 'Not started yet',
        },
        ...(verified
          ? [
              { key: 'name', label: 'Verified name', children: verification?.verifiedName ?? '—' },
              { key: 'verifiedAt', label: 'Verified on', children: formatDay(verification?.verifiedAt) },
            ]
          : []),
        ...(business
          ? [
              {
                key: 'business',
                label: 'Business',
                children: [
                  business.country,
                  business.nzbn && `NZBN ${business.nzbn}`,
                  business.businessNumber && `Business number ${business.businessNumber}`,
                  business.taxNumber && `Tax number ${business.taxNumber}`,
                ]
                  .filter(Boolean)
                  .join(' · '),
              },
            ]
          : []),
      ]}
    />
  );
}
