import { Col, Form, Input, Row } from 'antd';

export function ContactInformationStep() {
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="First Name" name="firstName" required>
            <Input autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Last Name" name="lastName" required>
            <Input autoComplete="family-name" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Email Address" name="email" required>
        <Input type="email" autoComplete="email" placeholder="you@company.com" />
      </Form.Item>
      <Form.Item label="Phone Number" name="phone" required>
        <Input type="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="Position / Title" name="position" required>
        <Input autoComplete="organization-title" />
      </Form.Item>
    </>
  );
}
