import {
  complianceCheckKinds,
  CONTRACT_MIN_RISK_SCORE,
  INVESTMENT_MIN_TOKEN_PRICES,
  investmentPaymentMethods,
  VALUATION_MAX_AGE_MONTHS,
} from '@app/contracts';
import { Alert, Card, Col, Flex, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink';
import { RegionGate } from '../../components/RegionGate';

const checks = Object.values(complianceCheckKinds).map((check) => check.name);

const benefits = [
  'Fractional ownership of the economic rights in a property: wholesale investors take part with smaller amounts',
  'A register of token holders on chain that anyone can verify and no one can quietly change',
  'Income distributions calculated per token',
  'Transfers between verified investors without selling the whole property',
  'Every step, from the documents to the mint, recorded and visible in one place',
];

const regulations = [
  'Properties in New Zealand and Australia only, offered from those countries only',
  'Offers made only to wholesale investors as defined by the Financial Markets Conduct Act 2013',
  'Tokens are ERC-3643 permissioned security tokens: they can be held and transferred only by verified identities in the token’s identity registry',
  'Tokens represent economic rights in the property, not legal title',
  `A registered valuation no older than ${VALUATION_MAX_AGE_MONTHS} months, a title deed and an insurance policy`,
  'KYC of the issuer and of every investor, and AML screening of the owner',
];

/** Spec 9's typical timeline. */
const timeline = [
  { stage: 'Document submission and verification', duration: '1-2 days' },
  { stage: 'Compliance review and risk assessment', duration: '3-5 days' },
  { stage: 'Contract configuration and testing', duration: '2-3 days' },
  { stage: 'Deployment and investor portal setup', duration: '1 day' },
];
const timelineTotal = '7-11 business days';

const paymentMethodSummary = Object.values(investmentPaymentMethods)
  .filter((method) => method.adapter)
  .map((method) => method.label)
  .join(' or ');

/** Spec 2 Tokenization Service guide: what tokenization is, its rules and timeline, and where to start. */
export function TokenizationInfoPage() {
  return (
    <Flex vertical gap={24}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div>
          <Typography.Title level={1} style={{ marginBottom: 4 }}>
            Tokenization Service
          </Typography.Title>
          <Typography.Text type="secondary">
            How a New Zealand or Australian property becomes security tokens for wholesale investors
          </Typography.Text>
        </div>
        <ButtonLink to="/tokenization" type="primary">
          Start Tokenization
        </ButtonLink>
      </Flex>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap={24}>
            <Card title="Overview">
              <Flex vertical gap={12}>
                <Typography.Paragraph style={{ margin: 0 }}>
                  You submit the property&apos;s details and documents. Our compliance pipeline checks them one after
                  another ({checks.join(', ')}) and scores the result; a score of at least {CONTRACT_MIN_RISK_SCORE}{' '}
                  lets you configure the token.
                </Typography.Paragraph>
                <Typography.Paragraph style={{ margin: 0 }}>
                  The token is deployed as an ERC-3643 permissioned security token with its own identity registry, so
                  only verified investors can hold it. Verified wholesale investors then invest from the investment
                  portal, paying in {paymentMethodSummary}, from {INVESTMENT_MIN_TOKEN_PRICES} times the token price;
                  their tokens are minted to their wallet once the payment settles.
                </Typography.Paragraph>
              </Flex>
            </Card>
            <Card title="Investment Benefits">
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
            </Card>
            <Card title="Regulatory Compliance">
              <Flex vertical gap={16}>
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {regulations.map((rule) => (
                    <li key={rule}>{rule}</li>
                  ))}
                </ul>
                <Alert
                  type="warning"
                  showIcon
                  title="Important notice"
                  description="Investing in tokenized property carries risk: the value of the property and its income can fall, and tokens may be hard to sell. Offers are not made to retail investors. This guide is general information, not financial or legal advice."
                />
              </Flex>
            </Card>
            <Card title="Typical Timeline">
              <ol aria-label="Typical timeline" style={{ margin: 0, paddingInlineStart: 20 }}>
                {timeline.map((item) => (
                  <li key={item.stage} style={{ padding: '4px 0' }}>
                    <Flex justify="space-between" gap={12} wrap>
                      <Typography.Text>{item.stage}</Typography.Text>
                      <Typography.Text strong>{item.duration}</Typography.Text>
                    </Flex>
                  </li>
                ))}
              </ol>
              <Flex justify="space-between" gap={12} style={{ marginTop: 12 }} wrap>
                <Typography.Text strong>Total</Typography.Text>
                <Typography.Text strong data-testid="timeline-total">
                  {timelineTotal}
                </Typography.Text>
              </Flex>
            </Card>
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <Flex vertical gap={24}>
            <Card title="Quick Start">
              <RegionGate>
                <Flex vertical gap={12}>
                  <ol style={{ margin: 0, paddingInlineStart: 20 }}>
                    <li>Verify your identity under Settings → Verification</li>
                    <li>Gather the title deed, a valuation report and the insurance policy</li>
                    <li>Submit the property and follow its compliance checks</li>
                    <li>Configure and deploy the token, then open the investment portal</li>
                  </ol>
                  <ButtonLink to="/tokenization" type="primary" block>
                    Start Tokenization
                  </ButtonLink>
                </Flex>
              </RegionGate>
            </Card>
            <Card title="Resources">
              <Flex vertical gap={8}>
                <Link to="/solutions/real-estate-tokenization">Tokenization Guide</Link>
                <Link to="/legal/aml-policy">Compliance Framework</Link>
                <Link to="/legal/terms">Legal Documentation</Link>
                <ButtonLink to="/compliance" block>
                  Compliance Check
                </ButtonLink>
              </Flex>
            </Card>
            <Card title="Need Help">
              <Flex vertical gap={12}>
                <Typography.Text>
                  Questions about a property, the checks or a consultation? Write to our team, or ask the assistant in
                  the chat at the bottom of the page.
                </Typography.Text>
                <ButtonLink to="/contact" block>
                  Contact Support
                </ButtonLink>
              </Flex>
            </Card>
            <Alert
              type="info"
              showIcon
              title="Important notice"
              description="Tokenization services are available only in New Zealand and Australia, decided from the location you connect from, and only to wholesale investors."
            />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
