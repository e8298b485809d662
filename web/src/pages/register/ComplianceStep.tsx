import { Alert, Checkbox, Form, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

function PolicyLink({ to, children }: { to: string; children: ReactNode }) {
  // A new tab, so reading a policy does not lose what the applicant has typed.
  return (
    <Link to={to} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  );
}

const nextSteps = [
  'Verify your email address using the link we send you',
  'Upload your KYC documents',
  'Our compliance team reviews your application within 1-2 business days',
  'You receive an approval notice and can start processing payments',
];

export function ComplianceStep() {
  return (
    <>
      <Typography.Paragraph type="secondary">
        Please read our <PolicyLink to="/legal/terms">Terms &amp; Conditions</PolicyLink>,{' '}
        <PolicyLink to="/legal/privacy">Privacy Policy</PolicyLink> and{' '}
        <PolicyLink to="/legal/aml-policy">AML Policy</PolicyLink> before accepting them.
      </Typography.Paragraph>
      <Form.Item name="termsAccepted" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>
          I accept the Terms &amp; Conditions <span aria-hidden>*</span>
        </Checkbox>
      </Form.Item>
      <Form.Item name="privacyAccepted" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>
          I accept the Privacy Policy <span aria-hidden>*</span>
        </Checkbox>
      </Form.Item>
      <Form.Item name="amlAccepted" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>
          I accept the AML Policy <span aria-hidden>*</span>
        </Checkbox>
      </Form.Item>
      <Form.Item name="marketingConsent" valuePropName="checked">
        <Checkbox>Send me product news and offers (optional)</Checkbox>
      </Form.Item>
      <Alert
        type="info"
        showIcon
        title="What happens next"
        description={
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            {nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        }
      />
    </>
  );
}
