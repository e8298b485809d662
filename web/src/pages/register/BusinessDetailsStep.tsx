import { countryOptions, industryTypes, registrationBusinessTypes } from '@app/contracts';
import { Checkbox, Col, Form, Input, Row, Select } from 'antd';

// Business types and countries come from the one list Settings also uses (issue 21).
const businessTypeSelectOptions = registrationBusinessTypes.map(({ value, label }) => ({ value, label }));
const industryOptions = industryTypes.map((industry) => ({ value: industry, label: industry }));
const countrySelectOptions = countryOptions.map(({ value, label }) => ({ value, label }));

export function BusinessDetailsStep() {
  return (
    <>
      <Form.Item label="Business Name" name="businessName" required>
        <Input autoComplete="organization" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Business Type" name="businessType" required>
            <Select options={businessTypeSelectOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Industry Type" name="industryType" required>
            <Select options={industryOptions} placeholder="Select your industry" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Business Address" name="businessAddress" required>
        <Input.TextArea rows={2} autoComplete="street-address" />
      </Form.Item>
      <Form.Item label="Country" name="country" required>
        <Select options={countrySelectOptions} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label="Business Number" name="businessNumber">
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="NZBN" name="nzbn" tooltip="New Zealand Business Number">
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="IRD / Tax Number" name="taxNumber">
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="gstRegistered" valuePropName="checked">
        <Checkbox>GST registered</Checkbox>
      </Form.Item>
    </>
  );
}
