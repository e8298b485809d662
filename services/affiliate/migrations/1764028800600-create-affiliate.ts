import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAffiliate1764028800600 implements MigrationInterface {
  name = 'CreateAffiliate1764028800600';

  async up(runner: QueryRunner): Promise<void> {
    // One profile per user. Money is numeric(15, 2) in dollars (spec 9); the balance may go below
    // zero only when a refund claws back a commission that was already paid out.
    await runner.query(`
      CREATE TABLE affiliate.affiliates (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL UNIQUE,
        user_email varchar(254) NOT NULL,
        company_name varchar(200) NOT NULL,
        website varchar(500),
        business_type varchar(40) NOT NULL,
        contact_email varchar(254) NOT NULL,
        contact_name varchar(200) NOT NULL,
        phone_number varchar(40) NOT NULL,
        business_description text NOT NULL,
        marketing_experience varchar(20) NOT NULL,
        expected_referrals varchar(10) NOT NULL,
        additional_info text,
        referral_code varchar(64) NOT NULL UNIQUE,
        status varchar(20) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'approved', 'rejected', 'suspended')),
        total_earnings numeric(15, 2) NOT NULL DEFAULT 0,
        current_balance numeric(15, 2) NOT NULL DEFAULT 0,
        is_demo boolean NOT NULL DEFAULT false,
        reviewed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX affiliates_status ON affiliate.affiliates (status, created_at)`);
    // A user is referred at most once: the first attribution wins.
    await runner.query(`
      CREATE TABLE affiliate.referrals (
        id uuid PRIMARY KEY,
        affiliate_id uuid NOT NULL REFERENCES affiliate.affiliates (id),
        referred_user_id uuid NOT NULL UNIQUE,
        status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'converted')),
        commission_amount numeric(15, 2) NOT NULL DEFAULT 0,
        converted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX referrals_affiliate ON affiliate.referrals (affiliate_id, created_at)`);
    // One commission per paid invoice; refunded_amount is what a refund clawed back of it.
    await runner.query(`
      CREATE TABLE affiliate.commissions (
        id uuid PRIMARY KEY,
        affiliate_id uuid NOT NULL REFERENCES affiliate.affiliates (id),
        referral_id uuid NOT NULL REFERENCES affiliate.referrals (id),
        invoice_id varchar(255) NOT NULL UNIQUE,
        invoice_amount numeric(15, 2) NOT NULL,
        currency varchar(3) NOT NULL,
        tier varchar(20) NOT NULL,
        rate numeric(5, 2) NOT NULL,
        amount numeric(15, 2) NOT NULL,
        refunded_amount numeric(15, 2) NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX commissions_affiliate ON affiliate.commissions (affiliate_id, created_at)`);
    await runner.query(`
      CREATE TABLE affiliate.payouts (
        id uuid PRIMARY KEY,
        affiliate_id uuid NOT NULL REFERENCES affiliate.affiliates (id),
        amount numeric(15, 2) NOT NULL CHECK (amount > 0),
        status varchar(20) NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'paid', 'failed')),
        processed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX payouts_affiliate ON affiliate.payouts (affiliate_id, created_at)`);
    // The database's own guard behind the row lock: at most one pending payout per affiliate.
    await runner.query(
      `CREATE UNIQUE INDEX payouts_one_requested ON affiliate.payouts (affiliate_id) WHERE status = 'requested'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE affiliate.payouts`);
    await runner.query(`DROP TABLE affiliate.commissions`);
    await runner.query(`DROP TABLE affiliate.referrals`);
    await runner.query(`DROP TABLE affiliate.affiliates`);
  }
}
