import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAnalytics1764201600800 implements MigrationInterface {
  name = 'CreateAnalytics1764201600800';

  async up(runner: QueryRunner): Promise<void> {
    // The read model: one row per source transaction (source + source_id), later statuses update
    // it. Amounts are decimals in the transaction's currency (6 places for XRP); amount_usd is the
    // reference-rate USD value, null when the currency has no USD price.
    await runner.query(`
      CREATE TABLE analytics.transactions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        source varchar(20) NOT NULL CHECK (source IN ('integrations', 'crypto')),
        source_id varchar(255) NOT NULL,
        type varchar(10) NOT NULL CHECK (type IN ('crypto', 'token', 'fiat')),
        amount numeric(21, 6) NOT NULL,
        currency varchar(10) NOT NULL,
        amount_usd numeric(15, 2),
        status varchar(12) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'completed', 'failed', 'refunded', 'cancelled')),
        risk_level varchar(6) NOT NULL DEFAULT 'low' CHECK (risk_level IN ('low', 'medium', 'high')),
        risk_score smallint NOT NULL DEFAULT 0,
        processor varchar(40) NOT NULL,
        country varchar(2),
        payment_method varchar(20),
        customer_ref varchar(255),
        property_id varchar(255),
        compliance_checked boolean NOT NULL DEFAULT false,
        blockchain_tx_hash varchar(128),
        description text,
        occurred_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (source, source_id)
      )`);
    await runner.query(
      `CREATE INDEX transactions_user_time ON analytics.transactions (user_id, occurred_at DESC, id DESC)`,
    );
    await runner.query(
      `CREATE INDEX transactions_user_type_time ON analytics.transactions (user_id, type, occurred_at DESC, id DESC)`,
    );
    await runner.query(
      `CREATE INDEX transactions_user_status_time ON analytics.transactions (user_id, status, occurred_at DESC, id DESC)`,
    );

    // Rollup kept in the same transaction as the event's inbox row: per user, UTC day, type,
    // status, currency and risk level. A status change moves a transaction between buckets.
    await runner.query(`
      CREATE TABLE analytics.daily_totals (
        user_id uuid NOT NULL,
        day date NOT NULL,
        type varchar(10) NOT NULL,
        status varchar(12) NOT NULL,
        currency varchar(10) NOT NULL,
        risk_level varchar(6) NOT NULL,
        tx_count integer NOT NULL DEFAULT 0,
        amount numeric(24, 6) NOT NULL DEFAULT 0,
        -- usd_count counts the transactions with a USD price, amount_usd sums their USD values.
        usd_count integer NOT NULL DEFAULT 0,
        amount_usd numeric(18, 2) NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, day, type, status, currency, risk_level)
      )`);

    // The merchant's own costs paid to the platform (subscription invoices), per UTC day, in USD:
    // paid adds, refunds subtract on the day of the refund.
    await runner.query(`
      CREATE TABLE analytics.invoices (
        invoice_id varchar(255) PRIMARY KEY,
        user_id uuid NOT NULL,
        amount_usd numeric(15, 2) NOT NULL DEFAULT 0,
        refunded_usd numeric(15, 2) NOT NULL DEFAULT 0,
        currency varchar(3) NOT NULL,
        paid_at timestamptz
      )`);
    await runner.query(`
      CREATE TABLE analytics.daily_expenses (
        user_id uuid NOT NULL,
        day date NOT NULL,
        category varchar(20) NOT NULL,
        amount_usd numeric(18, 2) NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, day, category)
      )`);

    // The merchant's customers as transactions identify them: completed spend (USD, net of
    // refunds), first and last purchase. Segmentation ranks these.
    await runner.query(`
      CREATE TABLE analytics.customers (
        user_id uuid NOT NULL,
        customer_ref varchar(255) NOT NULL,
        spend_usd numeric(18, 2) NOT NULL DEFAULT 0,
        tx_count integer NOT NULL DEFAULT 0,
        first_seen timestamptz NOT NULL,
        last_seen timestamptz NOT NULL,
        PRIMARY KEY (user_id, customer_ref)
      )`);

    // AML screening records created from transactions (one per transaction and rule).
    await runner.query(`
      CREATE TABLE analytics.compliance_records (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        transaction_id uuid NOT NULL REFERENCES analytics.transactions (id),
        provider varchar(40) NOT NULL,
        record_type varchar(40) NOT NULL,
        type varchar(40) NOT NULL,
        status varchar(20) NOT NULL CHECK (status IN ('review', 'cleared')),
        risk_score smallint NOT NULL,
        gdpr_consent boolean NOT NULL DEFAULT false,
        compliance_checked boolean NOT NULL DEFAULT true,
        data jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (transaction_id, type)
      )`);
    await runner.query(
      `CREATE INDEX compliance_records_user ON analytics.compliance_records (user_id, created_at DESC, id DESC)`,
    );

    // Page views and custom events the web app sends (instead of a third-party tracker).
    await runner.query(`
      CREATE TABLE analytics.page_events (
        id uuid PRIMARY KEY,
        user_id uuid,
        name varchar(64) NOT NULL,
        path varchar(500) NOT NULL,
        referrer varchar(500),
        properties jsonb NOT NULL DEFAULT '{}',
        user_agent varchar(300),
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX page_events_time ON analytics.page_events (received_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'page_events',
      'compliance_records',
      'customers',
      'daily_expenses',
      'invoices',
      'daily_totals',
      'transactions',
    ]) {
      await runner.query(`DROP TABLE analytics.${table}`);
    }
  }
}
