import { humanize } from '../../lib/format';

/** users.kycStatus as an indicator: 'KYC Active' only once the identity check passed. */
export function kycLabel(status: string): { text: string; color: string } {
  if (['verified', 'approved', 'active'].includes(status)) return { text: 'KYC Active', color: 'green' };
  if (['rejected', 'failed'].includes(status)) return { text: 'KYC Rejected', color: 'red' };
  return { text: `KYC ${status ? humanize(status) : 'Pending'}`, color: 'gold' };
}
