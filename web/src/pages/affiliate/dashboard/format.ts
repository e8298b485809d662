import { formatMoney } from '../../../lib/format';

export { formatDay } from '../../../lib/format';

/** A money string of the API ("1234.50") as "$1,234.50"; the programme pays in USD. */
export const formatAmount = (amount: string): string => formatMoney(amount, 'USD');

/** "15.00" as "15%". */
export const formatRate = (rate: string): string => `${Number(rate)}%`;

/** Spec 9: a referral id is shown as its last 6 characters. */
export const shortId = (id: string): string => id.slice(-6);
