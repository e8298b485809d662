/** users.kycStatus as an indicator: 'KYC Active' only once the identity check passed. */
export function kycLabel(status: string): { text: string; color: string } {
  if (['verified', 'approved', 'active'].includes(status)) return { text: 'KYC Active', color: 'green' };
  if (['rejected', 'failed'].includes(status)) return { text: 'KYC Rejected', color: 'red' };
  const label = status ? status[0]!.toUpperCase() + status.slice(1) : 'Pending';
  return { text: `KYC ${label}`, color: 'gold' };
}
