import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTokenization1766620800600 implements MigrationInterface {
  name = 'CreateTokenization1766620800600';

  async up(runner: QueryRunner): Promise<void> {
    // Spec 3's property record with the submission's fields; documents holds a summary of each file.
    await runner.query(`
      CREATE TABLE tokenization.properties (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        submission_id varchar(30) NOT NULL UNIQUE,
        address varchar(500) NOT NULL,
        location varchar(100) NOT NULL,
        property_type varchar(12) NOT NULL CHECK (property_type IN ('residential', 'commercial', 'industrial', 'land')),
        jurisdiction varchar(2) NOT NULL CHECK (jurisdiction IN ('nz', 'au', 'sg')),
        title_reference varchar(100) NOT NULL,
        owner_name varchar(200) NOT NULL,
        value numeric(15, 2) NOT NULL CHECK (value >= 50000),
        token_supply bigint NOT NULL CHECK (token_supply >= 100),
        token_price numeric(15, 2) NOT NULL CHECK (token_price >= 0.01),
        description text NOT NULL,
        expected_yield numeric(5, 2) NOT NULL CHECK (expected_yield BETWEEN 0 AND 100),
        lockup_period integer NOT NULL CHECK (lockup_period >= 30),
        valuation_date date NOT NULL,
        status varchar(12) NOT NULL DEFAULT 'submitted'
          CHECK (status IN ('submitted', 'compliance', 'approved', 'rejected', 'tokenized')),
        tokenization_status varchar(10) NOT NULL DEFAULT 'pending'
          CHECK (tokenization_status IN ('pending', 'deploying', 'deployed', 'failed')),
        token_id varchar(100),
        contract_address varchar(42),
        linz_verified boolean NOT NULL DEFAULT false,
        regulatory_compliant boolean NOT NULL DEFAULT false,
        due_diligence_complete boolean NOT NULL DEFAULT false,
        documents jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX properties_user_created ON tokenization.properties (user_id, created_at DESC)`);

    // The documents' bytes (every replica serves them from here), one per type and property.
    await runner.query(`
      CREATE TABLE tokenization.property_documents (
        id uuid PRIMARY KEY,
        property_id uuid NOT NULL REFERENCES tokenization.properties (id),
        key varchar(20) NOT NULL,
        file_name varchar(255) NOT NULL,
        kind varchar(4) NOT NULL CHECK (kind IN ('pdf', 'jpg', 'png', 'dwg')),
        size_bytes integer NOT NULL,
        sha256 char(64) NOT NULL,
        content bytea NOT NULL,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (property_id, key)
      )`);

    await runner.query(`
      CREATE TABLE tokenization.compliance_runs (
        id uuid PRIMARY KEY,
        property_id uuid NOT NULL REFERENCES tokenization.properties (id),
        user_id uuid NOT NULL,
        status varchar(10) NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        progress smallint NOT NULL DEFAULT 0,
        checks jsonb NOT NULL,
        evidence jsonb NOT NULL DEFAULT '{}',
        risk_score smallint CHECK (risk_score BETWEEN 0 AND 100),
        overall_status varchar(7) CHECK (overall_status IN ('passed', 'warning', 'failed')),
        started_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await runner.query(
      `CREATE INDEX compliance_runs_property ON tokenization.compliance_runs (property_id, started_at DESC)`,
    );

    await runner.query(`
      CREATE TABLE tokenization.chain_factories (
        chain_id integer PRIMARY KEY,
        addresses jsonb NOT NULL,
        deployed_at timestamptz NOT NULL DEFAULT now()
      )`);

    await runner.query(`
      CREATE TABLE tokenization.token_contracts (
        id uuid PRIMARY KEY,
        property_id uuid NOT NULL UNIQUE REFERENCES tokenization.properties (id),
        user_id uuid NOT NULL,
        status varchar(10) NOT NULL CHECK (status IN ('queued', 'deploying', 'deployed', 'failed')),
        config jsonb NOT NULL,
        blockchain varchar(10) NOT NULL CHECK (blockchain IN ('polygon', 'ethereum')),
        attempt smallint NOT NULL DEFAULT 0,
        chain_id integer,
        contract_address varchar(42),
        suite jsonb,
        transaction_hash varchar(66),
        gas_used numeric(30, 0),
        cost_wei numeric(40, 0),
        deployed_at timestamptz,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    // Financial Markets Conduct Act 2013: the investor's wholesale declaration and its certificate, until it expires.
    await runner.query(`
      CREATE TABLE tokenization.wholesale_declarations (
        user_id uuid PRIMARY KEY,
        basis varchar(30) NOT NULL,
        certifier_name varchar(200) NOT NULL,
        certifier_profession varchar(30) NOT NULL,
        signed_on date NOT NULL,
        expires_on date NOT NULL,
        declared_at timestamptz NOT NULL DEFAULT now()
      )`);

    await runner.query(`
      CREATE TABLE tokenization.investments (
        id uuid PRIMARY KEY,
        reference varchar(30) NOT NULL UNIQUE,
        user_id uuid NOT NULL,
        property_id uuid NOT NULL REFERENCES tokenization.properties (id),
        amount numeric(15, 2) NOT NULL,
        fee numeric(15, 2) NOT NULL,
        currency varchar(3) NOT NULL,
        payment_method varchar(5) NOT NULL CHECK (payment_method IN ('nzd', 'matic', 'algo')),
        tokens bigint NOT NULL CHECK (tokens > 0),
        token_price numeric(15, 2) NOT NULL,
        wallet_address varchar(42) NOT NULL,
        investor_country smallint NOT NULL,
        status varchar(16) NOT NULL
          CHECK (status IN ('awaiting_payment', 'paid', 'minting', 'completed', 'failed')),
        payment_ref varchar(255),
        payment jsonb,
        transaction_hash varchar(66),
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        -- The lock-up: the minted tokens stay frozen on chain until locked_until; unlocked_at once released.
        locked_until timestamptz,
        unlocked_at timestamptz
      )`);
    await runner.query(`CREATE INDEX investments_user_created ON tokenization.investments (user_id, created_at DESC)`);
    await runner.query(`CREATE INDEX investments_property ON tokenization.investments (property_id)`);
    await runner.query(`CREATE UNIQUE INDEX investments_payment_ref ON tokenization.investments (payment_ref)`);
    await runner.query(
      `CREATE INDEX investments_unfinished ON tokenization.investments (status) WHERE status IN ('paid', 'minting')`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of [
      'investments',
      'wholesale_declarations',
      'token_contracts',
      'chain_factories',
      'compliance_runs',
      'property_documents',
      'properties',
    ])
      await runner.query(`DROP TABLE tokenization.${table}`);
  }
}
