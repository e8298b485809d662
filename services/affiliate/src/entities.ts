import { CreateAffiliate1764028800600 } from '../migrations/1764028800600-create-affiliate';
import { Affiliate } from './affiliates/affiliate.entity';
import { Payout } from './payouts/payout.entity';
import { Commission } from './referrals/commission.entity';
import { Referral } from './referrals/referral.entity';

export const affiliateDatabase = {
  schema: 'affiliate',
  entities: [Affiliate, Referral, Commission, Payout],
  migrations: [CreateAffiliate1764028800600],
};
