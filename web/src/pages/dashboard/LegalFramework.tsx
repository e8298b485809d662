import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';

/** Legal facts of the offering (spec 1 and 9); general text, nothing about the user's own data. */
const cards = [
  {
    title: 'Financial Markets Conduct Act 2013',
    text: 'Tokenized property offers are made only to wholesale investors as defined by the New Zealand Financial Markets Conduct Act 2013.',
  },
  {
    title: 'Regional availability',
    text: 'Tokenization services are available only for properties in New Zealand and Australia, decided from your detected location.',
  },
  {
    title: 'ERC-3643 security tokens',
    text: 'Property tokens are ERC-3643 permissioned security tokens, held only by verified investors. They represent economic rights in the property, not legal title.',
  },
  {
    title: 'Valuation and due diligence',
    text: 'A property needs a valuation report no older than 6 months, a title deed and an insurance policy before it can be tokenized.',
  },
];

export function LegalFramework() {
  return (
    <Card title="Legal Framework" extra={<Link to="/legal/aml-policy">AML policy</Link>}>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.title} xs={24} md={12}>
            <Card size="small" title={card.title} style={{ height: '100%' }}>
              <Typography.Paragraph style={{ marginBottom: 0 }}>{card.text}</Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
