import {
  CreateKycClearances1765843200500,
  CreateMailRecipients1767916800600,
  KycClearance,
  MailRecipient,
} from '@app/platform';
import { CreateAffiliate1764028800600 } from '../migrations/1764028800600-create-affiliate';
import { ParkedEvents1765065600600 } from '../migrations/1765065600600-parked-events';
import { Disputes1765411200600 } from '../migrations/1765411200600-disputes';
import { Affiliate } from './affiliates/affiliate.entity';
import { Payout } from './payouts/payout.entity';
import { Commission } from './referrals/commission.entity';
import { Dispute } from './referrals/dispute.entity';
import { KnownUser } from './referrals/known-user.entity';
import { ParkedEvent } from './referrals/parked-event.entity';
import { Referral } from './referrals/referral.entity';

export const affiliateDatabase = {
  schema: 'affiliate',
  entities: [Affiliate, Referral, Commission, Payout, KnownUser, ParkedEvent, Dispute, KycClearance, MailRecipient],
  migrations: [
    CreateAffiliate1764028800600,
    ParkedEvents1765065600600,
    Disputes1765411200600,
    CreateKycClearances1765843200500,
    CreateMailRecipients1767916800600,
  ],
};
