import { businessTypeOptions, countryOptions, userProfileSchema, type UserProfileField } from '@app/contracts';
import { Checkbox, Col, Form, Input, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { zodRule } from '../../lib/zodRule';

// The one list registration also uses (issue 21): what a user chose when registering shows here.
const countrySelectOptions = countryOptions.map(({ value, label }) => ({ value, label }));
const businessTypeSelectOptions = businessTypeOptions.map(({ value, label }) => ({ value, label }));

interface FieldProps {
  name: UserProfileField;
  label: string;
  children: ReactNode;
  /** Selects show their placeholder for blanks and hand back '' when cleared. */
  select?: boolean;
}

function ProfileItem({ name, label, children, select }: FieldProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[zodRule(userProfileSchema.shape[name])]}
      {...(select && {
        getValueProps: (value: string | undefined) => ({ value: value || undefined }),
        normalize: (value: string | undefined) => value ?? '',
      })}
    >
      {children}
    </Form.Item>
  );
}

function Half({ children }: { children: ReactNode }) {
  return (
    <Col xs={24} md={12}>
      {children}
    </Col>
  );
}

export function PersonalDetailsFields() {
  return (
    <Row gutter={16}>
      <Half>
        <ProfileItem name="firstName" label="First Name">
          <Input autoComplete="given-name" />
        </ProfileItem>
      </Half>
      <Half>
        <ProfileItem name="lastName" label="Last Name">
          <Input autoComplete="family-name" />
        </ProfileItem>
      </Half>
      <Half>
        <ProfileItem name="phone" label="Phone">
          <Input type="tel" autoComplete="tel" />
        </ProfileItem>
      </Half>
      <Half>
        <ProfileItem name="dateOfBirth" label="Date of Birth">
          <Input type="date" autoComplete="bday" />
        </ProfileItem>
      </Half>
      <Col span={24}>
        <ProfileItem name="address" label="Street Address">
          <Input autoComplete="street-address" />
        </ProfileItem>
      </Col>
      <Half>
        <ProfileItem name="city" label="City">
          <Input autoComplete="address-level2" />
        </ProfileItem>
      </Half>
      <Half>
        <ProfileItem name="state" label="State / Region">
          <Input autoComplete="address-level1" />
        </ProfileItem>
      </Half>
      <Half>
        <ProfileItem name="postalCode" label="Postal Code">
          <Input autoComplete="postal-code" />
        </ProfileItem>
      </Half>
      <Half>
        <ProfileItem name="country" label="Country" select>
          <Select options={countrySelectOptions} allowClear placeholder="Select a country" />
        </ProfileItem>
      </Half>
    </Row>
  );
}

export function BusinessDetailsFields() {
  return (
    <Row gutter={16}>
      <Half>
        <ProfileItem name="companyName" label="Company Name">
          <Input autoComplete="organization" />
        </ProfileItem>
      </Half>
      <Half>
        <ProfileItem name="businessType" label="Business Type" select>
          {/* Fourteen short options: all rendered, no virtual list. */}
          <Select options={businessTypeSelectOptions} virtual={false} allowClear placeholder="Select a business type" />
        </ProfileItem>
      </Half>
      <Half>
        <ProfileItem name="taxId" label="Tax ID / GST Number">
          <Input />
        </ProfileItem>
      </Half>
      <Half>
        <ProfileItem name="companyRegistrationNumber" label="Company Registration Number">
          <Input />
        </ProfileItem>
      </Half>
      {/* Issue 39: registration's NZBN and GST registration, checked as the KYB step checks them. */}
      <Half>
        <ProfileItem name="nzbn" label="NZBN">
          <Input inputMode="numeric" placeholder="New Zealand Business Number" />
        </ProfileItem>
      </Half>
      <Half>
        <Form.Item name="gstRegistered" valuePropName="checked" label="GST">
          <Checkbox>GST registered</Checkbox>
        </Form.Item>
      </Half>
      <Col span={24}>
        <ProfileItem name="website" label="Website">
          <Input type="url" autoComplete="url" placeholder="https://" />
        </ProfileItem>
      </Col>
      <Col span={24}>
        <ProfileItem name="businessAddress" label="Business Street Address">
          <Input />
        </ProfileItem>
      </Col>
      <Half>
        <ProfileItem name="businessCity" label="Business City">
          <Input />
        </ProfileItem>
      </Half>
      <Half>
        <ProfileItem name="businessState" label="Business State / Region">
          <Input />
        </ProfileItem>
      </Half>
      <Half>
        <ProfileItem name="businessPostalCode" label="Business Postal Code">
          <Input />
        </ProfileItem>
      </Half>
      <Half>
        <ProfileItem name="businessCountry" label="Business Country" select>
          <Select options={countrySelectOptions} allowClear placeholder="Select a country" />
        </ProfileItem>
      </Half>
    </Row>
  );
}
