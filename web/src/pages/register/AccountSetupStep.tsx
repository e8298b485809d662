import { expectedVolumes, passwordSpecialCharacters } from '@app/contracts';
import { Form, Input, Select } from 'antd';
import { PasswordInput } from '../../components/PasswordInput';

const volumeOptions = expectedVolumes.map(({ value, label }) => ({ value, label }));

export function AccountSetupStep() {
  return (
    <>
      <Form.Item
        label="Password"
        name="password"
        required
        extra={`At least 8 characters, with an uppercase letter, a lowercase letter, a number and one of ${passwordSpecialCharacters}`}
      >
        <PasswordInput autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="Confirm Password" name="confirmPassword" required>
        <PasswordInput autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="Expected Monthly Volume" name="expectedVolume" required>
        <Select options={volumeOptions} />
      </Form.Item>
      <Form.Item label="Business Purpose" name="businessPurpose" required>
        <Input.TextArea rows={4} placeholder="How will your business use the platform?" />
      </Form.Item>
    </>
  );
}
