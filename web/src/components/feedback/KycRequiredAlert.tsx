import { kycMessages, kycVerificationPath } from '@app/contracts';
import { Alert } from 'antd';
import { isKycRequiredError } from '../../api/kyc';
import { ButtonLink } from '../ButtonLink';

/**
 * A KYC-gated operation's refusal (403 KYC_REQUIRED): the server's message and the way to
 * Settings → Verification. Renders nothing for any other error, so it can sit under any action.
 */
export function KycRequiredAlert({ error }: { error: unknown }) {
  if (!isKycRequiredError(error)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title="Identity verification required"
      description={error.serverMessage ?? `${kycMessages.requiredLead}.`}
      action={
        <ButtonLink to={kycVerificationPath} size="small" type="primary">
          Start verification
        </ButtonLink>
      }
    />
  );
}
