import {
  ErrorCode,
  hasRequiredDocuments,
  MIN_PROPERTY_DOCUMENTS,
  propertyDefaults,
  propertyDocumentKeys,
  propertyJurisdictions,
  propertySubmissionSchema,
  propertyTypes,
  tokenizationMessages,
  tokenPricePreview,
  uploadMessages,
  VALUATION_MAX_AGE_MONTHS,
  type PropertyDocumentKey,
  type PropertyView,
} from '@app/contracts';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useSubmitProperty } from '../../hooks/useTokenization';
import { useToast } from '../../hooks/useToast';
import { formatMoney } from '../../lib/format';
import { zodRule } from '../../lib/zodRule';
import { showServerFieldErrors } from '../integrations/serverFieldErrors';
import { DocumentUploads, documentProblem, type ChosenDocuments, type DocumentErrors } from './DocumentUploads';
import { jurisdictionLabels, propertyTypeLabels } from './labels';

const fields = propertySubmissionSchema.shape;

interface SubmissionValues {
  propertyAddress: string;
  propertyType: string;
  jurisdiction: string;
  titleReference: string;
  currentValue: number | null;
  tokenSupply: number | null;
  tokenPrice: number | null;
  description: string;
  expectedYield: number | null;
  lockupPeriod: number | null;
  ownerName: string;
  valuationDate: string;
}

/** Spec 9's defaults; the value, title and text are the owner's to fill. */
const initialValues: Partial<SubmissionValues> = {
  propertyAddress: '',
  propertyType: propertyDefaults.propertyType,
  jurisdiction: propertyDefaults.jurisdiction,
  titleReference: '',
  tokenSupply: propertyDefaults.tokenSupply,
  description: '',
  expectedYield: propertyDefaults.expectedYield,
  lockupPeriod: propertyDefaults.lockupPeriod,
  ownerName: '',
  valuationDate: '',
};

const fieldNames = Object.keys(fields);
const isDocumentKey = (path: string): path is PropertyDocumentKey => (propertyDocumentKeys as string[]).includes(path);

const typeOptions = propertyTypes.map((type) => ({ value: type, label: propertyTypeLabels[type] }));
const jurisdictionOptions = propertyJurisdictions.map((code) => ({ value: code, label: jurisdictionLabels[code] }));

const today = () => new Date().toISOString().slice(0, 10);
const roundCents = (value: number) => Math.round(value * 100) / 100;

/** Step 1: the property's details and documents, checked as they are typed with the server's own rules. */
export function PropertySubmissionStep({ onSubmitted }: { onSubmitted: (property: PropertyView) => void }) {
  const [form] = Form.useForm<SubmissionValues>();
  const [documents, setDocuments] = useState<ChosenDocuments>({});
  const [documentErrors, setDocumentErrors] = useState<DocumentErrors>({});
  const [triedWithoutDocuments, setTriedWithoutDocuments] = useState(false);
  // The token price follows value ÷ supply until the owner sets it.
  const priceSetByOwner = useRef(false);
  const submit = useSubmitProperty();
  const { toast } = useToast();

  const currentValue = Form.useWatch('currentValue', form);
  const tokenSupply = Form.useWatch('tokenSupply', form);
  const preview = currentValue && tokenSupply ? tokenPricePreview(currentValue, tokenSupply) : undefined;
  const documentCount = Object.keys(documents).length;

  const choose = (key: PropertyDocumentKey, file: File | undefined): boolean => {
    const problem = file && documentProblem(key, file);
    setDocuments(({ [key]: _replaced, ...rest }) => (file && !problem ? { ...rest, [key]: file } : rest));
    setDocumentErrors(({ [key]: _cleared, ...rest }) => (problem ? { ...rest, [key]: problem } : rest));
    return !problem;
  };

  const onValuesChange = (changed: Partial<SubmissionValues>, all: SubmissionValues) => {
    if ('tokenPrice' in changed) priceSetByOwner.current = true;
    if (priceSetByOwner.current || !('currentValue' in changed || 'tokenSupply' in changed)) return;
    if (all.currentValue && all.tokenSupply) {
      form.setFieldValue('tokenPrice', roundCents(tokenPricePreview(all.currentValue, all.tokenSupply)));
    }
  };

  const showServerErrors = (error: ApiError) => {
    showServerFieldErrors(form, error, fieldNames);
    const rejected = error.details.filter((detail) => isDocumentKey(detail.path));
    setDocumentErrors((current) => ({
      ...current,
      ...Object.fromEntries(rejected.map((detail) => [detail.path, detail.message])),
    }));
  };

  /** Spec 5: 'Missing Documents' as soon as a submission is tried without them, whatever the fields say. */
  const documentsMissing = (): boolean => {
    if (hasRequiredDocuments(Object.keys(documents))) return false;
    setTriedWithoutDocuments(true);
    toast({
      title: tokenizationMessages.missingDocumentsTitle,
      description: tokenizationMessages.missingDocuments,
      variant: 'destructive',
    });
    return true;
  };

  const send = (values: SubmissionValues) => {
    if (documentsMissing()) return;
    const parsed = propertySubmissionSchema.safeParse(values);
    if (!parsed.success) return; // the fields' own rules already show why
    submit.mutate(
      { fields: parsed.data, documents },
      {
        onSuccess: onSubmitted,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 413) {
            toast({ title: 'Upload Too Large', description: uploadMessages.tooLarge, variant: 'destructive' });
            return;
          }
          if (error instanceof ApiError && error.code === ErrorCode.ValidationFailed) showServerErrors(error);
          toast({
            title: 'Submission Failed',
            description:
              (error instanceof ApiError && error.serverMessage) ||
              'The property could not be submitted. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  const belowMinimum = documentCount < MIN_PROPERTY_DOCUMENTS;

  return (
    <Card title="Property Submission">
      <Form<SubmissionValues>
        form={form}
        name="property-submission"
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFinish={send}
        onFinishFailed={documentsMissing}
        disabled={submit.isPending}
        noValidate
      >
        <Form.Item label="Property Address" name="propertyAddress" required rules={[zodRule(fields.propertyAddress)]}>
          <Input autoComplete="street-address" maxLength={500} />
        </Form.Item>
        <Form.Item
          label="Registered Owner"
          name="ownerName"
          required
          rules={[zodRule(fields.ownerName)]}
          extra="As it appears on the title; the AML check screens this name."
        >
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Property Type" name="propertyType" required>
              <Select options={typeOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Jurisdiction" name="jurisdiction" required>
              <Select options={jurisdictionOptions} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="LINZ Title Reference"
              name="titleReference"
              required
              rules={[zodRule(fields.titleReference)]}
            >
              <Input placeholder="e.g. NA123/45" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Current Value (NZD)" name="currentValue" required rules={[zodRule(fields.currentValue)]}>
              <InputNumber<number> prefix="NZ$" min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label="Token Supply" name="tokenSupply" required rules={[zodRule(fields.tokenSupply)]}>
              <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Token Price (NZD)" name="tokenPrice" required rules={[zodRule(fields.tokenPrice)]}>
              <InputNumber<number> prefix="NZ$" min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Expected Yield (%)" name="expectedYield" required rules={[zodRule(fields.expectedYield)]}>
              <InputNumber<number> suffix="%" precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" data-testid="token-price-preview">
          {preview === undefined
            ? 'Enter the value and the token supply to see the price per token.'
            : `Token price preview: ${formatMoney(preview, 'NZD')} per token (current value ÷ token supply)`}
        </Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Lockup Period (days)" name="lockupPeriod" required rules={[zodRule(fields.lockupPeriod)]}>
              <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Valuation Date"
              name="valuationDate"
              required
              rules={[zodRule(fields.valuationDate)]}
              extra={`The date of the valuation report; it must be no older than ${VALUATION_MAX_AGE_MONTHS} months.`}
            >
              <Input type="date" max={today()} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Description" name="description" required rules={[zodRule(fields.description)]}>
          <Input.TextArea rows={4} maxLength={5000} showCount />
        </Form.Item>

        <DocumentUploads
          documents={documents}
          errors={documentErrors}
          showMissing={triedWithoutDocuments}
          disabled={submit.isPending}
          onChoose={choose}
        />

        <Flex vertical gap={8} style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={submit.isPending} disabled={belowMinimum}>
            Submit Property
          </Button>
          <Typography.Text type="secondary" aria-live="polite">
            {`${documentCount} ${documentCount === 1 ? 'document' : 'documents'} chosen; submitting needs at least ${MIN_PROPERTY_DOCUMENTS}, the required ones among them.`}
          </Typography.Text>
        </Flex>
      </Form>
    </Card>
  );
}
