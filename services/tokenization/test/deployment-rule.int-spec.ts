import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  complianceExceptionMessages,
  deploymentRuleMessages,
  ErrorCode,
  propertyViewSchema,
  tokenChainStatusListSchema,
  type PropertyView,
} from '@app/contracts';
import type { AuthUser } from '@app/platform';
import type { Producer } from 'kafkajs';
import {
  accessCookie,
  connectEventProducer,
  eventMessage,
  eventTopic,
  LocalEvmNode,
  query,
  startApp,
  startWorker,
  uniqueEmail,
  waitFor,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { MintRunner } from '../src/investments/mint-runner.service';
import type * as WorkerModuleFile from '../src/worker.module';

// Issue 39: a token is deployed only for a compliance run whose every check passed (or an exception
// the compliance team approved, recorded with who and why), an issuer whose identity is verified and
// a plan that includes tokenization; otherwise the API refuses, naming what is missing, and nothing
// is recorded or deployed. The lock-up submitted and the gas limit chosen are what the chain gets.

const NZ = '130.216.1.1';
const DAY_MS = 86_400_000;
const userOf = (role = 'user'): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('deploy-rule'),
  emailVerified: true,
  role,
});
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);
const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

const fields = {
  propertyAddress: '48 Lambton Quay, Wellington Central, Wellington 6011',
  propertyType: 'commercial',
  jurisdiction: 'nz',
  titleReference: 'WN45/123',
  currentValue: '2000000',
  tokenSupply: '1000',
  tokenPrice: '2000',
  description: 'A five-storey office building on Lambton Quay with government and legal tenants.',
  expectedYield: '6',
  lockupPeriod: '365',
  ownerName: 'Lambton Holdings Limited',
  valuationDate: isoDaysAgo(20),
};
const config = { tokenName: 'Lambton Quay Tower', tokenSymbol: 'LQT', totalSupply: 1000, blockchain: 'polygon' };

describe('tokenization: who may deploy a token, and what the chain gets', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let api: string;
  let producer: Producer;
  let chain: LocalEvmNode;
  const issuer = userOf();
  const lapsedKyc = userOf();
  const freePlan = userOf();
  const expiredPlan = userOf();
  const admin = userOf('admin');

  const call = (path: string, init: RequestInit & { user: AuthUser }) =>
    fetch(`${api}${path}`, {
      ...init,
      headers: {
        cookie: accessCookie(init.user),
        'x-client-address': NZ,
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const post = (path: string, body: unknown, user: AuthUser) =>
    call(path, { user, method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const property = async (id: string, user: AuthUser) =>
    propertyViewSchema.parse(await (await call(`/api/tokenization/properties/${id}`, { user })).json());
  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const reply = await fetch(chain.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return ((await reply.json()) as { result: T }).result;
  };
  const contractRows = async (propertyId: string) =>
    (await query('SELECT 1 FROM tokenization.token_contracts WHERE property_id = $1', [propertyId])).length;

  /** A submission by `user`, its checks run by the worker to their end. */
  async function submitted(user: AuthUser, overrides: Record<string, string> = {}): Promise<PropertyView> {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...fields, ...overrides })) form.set(name, value);
    for (const name of ['titleDeed', 'valuationReport', 'insurancePolicy']) {
      form.set(name, new Blob([pdf(name)]), `${name}.pdf`);
    }
    const reply = await call('/api/tokenization/upload', { user, method: 'POST', body: form });
    expect(reply.status).toBe(201);
    const { id } = (await reply.json()) as PropertyView;
    return waitFor(
      async () => {
        const view = await property(id, user);
        return view.compliance?.status === 'completed' ? view : null;
      },
      30_000,
      `compliance of ${id}`,
    );
  }

  const deployment = (id: string, user: AuthUser) =>
    waitFor(
      async () => {
        const view = await property(id, user);
        return view.contract?.status === 'deployed' || view.contract?.status === 'failed' ? view : null;
      },
      60_000,
      'the deployment',
    );

  const kyc = (user: AuthUser, status: string, changedAt: Date) =>
    eventMessage('KycStatusChanged', user.id, {
      userId: user.id,
      status,
      previousStatus: 'processing',
      verificationSessionId: `vs_${randomUUID()}`,
      reason: '',
      changedAt: timestampFromDate(changedAt),
    });
  const plan = (user: AuthUser, planId: string, currentPeriodEnd: Date | null) =>
    eventMessage('SubscriptionActivated', user.id, {
      userId: user.id,
      subscriptionId: `sub_${randomUUID()}`,
      planId,
      billingCycle: 'monthly',
      ...(currentPeriodEnd ? { currentPeriodEnd: timestampFromDate(currentPeriodEnd) } : {}),
    });

  beforeAll(async () => {
    chain = await LocalEvmNode.start();
    Object.assign(process.env, { POLYGON_RPC_URL: chain.url, ETHEREUM_RPC_URL: chain.url });
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    const { WorkerModule } = jest.requireActual<typeof WorkerModuleFile>('../src/worker.module');
    ({ app, url: api } = await startApp(AppModule));
    worker = await startWorker(WorkerModule);
    producer = await connectEventProducer('tokenization-deploy-rule-test', [
      'KycStatusChanged',
      'SubscriptionActivated',
    ]);
    const inAMonth = new Date(Date.now() + 30 * DAY_MS);
    const now = new Date();
    await producer.send({
      topic: eventTopic('KycStatusChanged'),
      messages: [issuer, lapsedKyc, freePlan, expiredPlan].map((user) => kyc(user, 'verified', now)),
    });
    await producer.send({
      topic: eventTopic('SubscriptionActivated'),
      messages: [
        plan(issuer, 'pro', inAMonth),
        plan(lapsedKyc, 'pro', inAMonth),
        plan(freePlan, 'starter', null),
        plan(expiredPlan, 'pro', new Date(Date.now() - DAY_MS)),
      ],
    });
    await waitFor(
      async () =>
        (
          await query('SELECT 1 FROM tokenization.account_plans WHERE user_id = ANY($1)', [
            [issuer.id, lapsedKyc.id, freePlan.id, expiredPlan.id],
          ])
        ).length === 4 &&
        (
          await query('SELECT 1 FROM tokenization.kyc_clearances WHERE user_id = ANY($1)', [
            [issuer.id, lapsedKyc.id, freePlan.id, expiredPlan.id],
          ])
        ).length === 4,
      30_000,
      'the KYC statuses and plans applied',
    );
  });

  afterAll(async () => {
    await producer?.disconnect();
    await worker?.close();
    await app?.close();
    await chain?.stop();
  });

  it('refuses a failed compliance run (409, naming the checks) and deploys nothing', async () => {
    const failed = await submitted(issuer, { ownerName: 'Usama Bin Ladin' });
    expect(failed.compliance).toMatchObject({ overallStatus: 'failed', riskScore: 70 });
    expect(failed.deploymentBlockers).toEqual([
      { condition: 'compliance', message: deploymentRuleMessages.checksNotPassed(['AML screening']) },
    ]);
    const blockBefore = await rpc<string>('eth_blockNumber', []);

    const refused = await post(`/api/tokenization/properties/${failed.id}/contract`, config, issuer);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: ErrorCode.Conflict,
      message: deploymentRuleMessages.checksNotPassed(['AML screening']),
    });
    expect(await contractRows(failed.id)).toBe(0);
    expect((await property(failed.id, issuer)).tokenizationStatus).toBe('pending');
    expect(await rpc<string>('eth_blockNumber', [])).toBe(blockBefore);
  });

  it('refuses an issuer whose identity is no longer verified (403 KYC_REQUIRED)', async () => {
    const passed = await submitted(lapsedKyc);
    expect(passed.compliance!.overallStatus).toBe('passed');
    expect(passed.deploymentBlockers).toEqual([]);
    await producer.send({
      topic: eventTopic('KycStatusChanged'),
      messages: [kyc(lapsedKyc, 'requires_input', new Date())],
    });
    await waitFor(
      async () =>
        (
          await query<{ status: string }>('SELECT status FROM tokenization.kyc_clearances WHERE user_id = $1', [
            lapsedKyc.id,
          ])
        )[0]?.status === 'requires_input',
      30_000,
      'the KYC change applied',
    );

    const refused = await post(`/api/tokenization/properties/${passed.id}/contract`, config, lapsedKyc);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: ErrorCode.KycRequired, message: deploymentRuleMessages.kyc });
    expect(await contractRows(passed.id)).toBe(0);
    expect((await property(passed.id, lapsedKyc)).deploymentBlockers).toEqual([
      { condition: 'kyc', message: deploymentRuleMessages.kyc },
    ]);
  });

  it('refuses a plan without tokenization, or one past its period (403)', async () => {
    for (const user of [freePlan, expiredPlan]) {
      const passed = await submitted(user);
      expect(passed.deploymentBlockers).toEqual([{ condition: 'plan', message: deploymentRuleMessages.plan }]);
      const refused = await post(`/api/tokenization/properties/${passed.id}/contract`, config, user);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: ErrorCode.Forbidden, message: deploymentRuleMessages.plan });
      expect(await contractRows(passed.id)).toBe(0);
    }
  });

  it("deploys after the compliance team's exception, recorded with who approved it and why", async () => {
    // An unrecognised title reference: a warning (manual review), so not every check passed.
    const warned = await submitted(issuer, { titleReference: 'UNKNOWN-FORMAT-77' });
    expect(warned.compliance!.overallStatus).toBe('warning');
    const path = `/api/tokenization/properties/${warned.id}/compliance-exception`;
    const reason = 'Title WN45/123 checked by hand against the LINZ register on 1 December.';

    expect((await post(`/api/tokenization/properties/${warned.id}/contract`, config, issuer)).status).toBe(409);
    const byOwner = await post(path, { reason }, issuer);
    expect(byOwner.status).toBe(403);
    const tooShort = await post(path, { reason: 'ok' }, admin);
    expect(tooShort.status).toBe(400);
    expect(((await tooShort.json()) as { message: string }).message).toBe(complianceExceptionMessages.reason);
    expect((await property(warned.id, issuer)).complianceException).toBeNull();

    const approved = await post(path, { reason }, admin);
    expect(approved.status).toBe(200);
    const view = propertyViewSchema.parse(await approved.json());
    expect(view.complianceException).toEqual({
      runId: view.compliance!.id,
      approvedBy: admin.email,
      reason,
      approvedAt: expect.any(String),
    });
    expect(view.deploymentBlockers).toEqual([]);
    // The owner sees who approved it and why.
    expect((await property(warned.id, issuer)).complianceException).toMatchObject({ approvedBy: admin.email, reason });

    const queued = await post(`/api/tokenization/properties/${warned.id}/contract`, config, issuer);
    expect(queued.status).toBe(202);
    expect((await deployment(warned.id, issuer)).contract!.status).toBe('deployed');

    // A property whose checks all passed needs no exception.
    const clean = await submitted(issuer);
    const needless = await post(`/api/tokenization/properties/${clean.id}/compliance-exception`, { reason }, admin);
    expect(needless.status).toBe(409);
    expect(((await needless.json()) as { message: string }).message).toBe(complianceExceptionMessages.notNeeded);
  });

  it("deploys a passed run with the submission's lock-up and the gas limit chosen, which the chain gets", async () => {
    const passed = await submitted(issuer);
    expect(passed.deploymentBlockers).toEqual([]);
    const base = `/api/tokenization/properties/${passed.id}/contract`;

    // Another lock-up than the submission's is refused: the submission's is the one put on chain.
    const otherLockup = await post(base, { ...config, lockupPeriod: 90 }, issuer);
    expect(otherLockup.status).toBe(400);
    expect(await contractRows(passed.id)).toBe(0);

    // A gas limit no suite fits in: refused by the worker before anything is sent.
    const blockBefore = await rpc<string>('eth_blockNumber', []);
    expect((await post(base, { ...config, gasLimit: 1_000_000 }, issuer)).status).toBe(202);
    const tooLow = await deployment(passed.id, issuer);
    expect(tooLow.contract).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/more than its gas limit of 1,000,000/),
    });
    expect(await rpc<string>('eth_blockNumber', [])).toBe(blockBefore);

    expect((await post(base, { ...config, gasLimit: 4_200_000 }, issuer)).status).toBe(202);
    const deployed = await deployment(passed.id, issuer);
    expect(deployed.contract).toMatchObject({
      status: 'deployed',
      config: { lockupPeriod: 365, gasLimit: 4_200_000 },
    });
    const sent = await rpc<{ gas: string }>('eth_getTransactionByHash', [deployed.contract!.transactionHash]);
    expect(BigInt(sent.gas)).toBe(4_200_000n);

    // What the chain reports is what the wizard estimates with.
    const chains = tokenChainStatusListSchema.parse(
      await (await call('/api/tokenization/chains', { user: issuer })).json(),
    );
    const polygon = chains.chains.find((candidate) => candidate.blockchain === 'polygon')!;
    expect(polygon).toMatchObject({ status: 'online', chainId: 31337, nativeCurrency: 'MATIC' });
    expect(BigInt(polygon.gasPriceWei!)).toBe(BigInt(await rpc<string>('eth_gasPrice', [])));

    // An investor's minted tokens stay frozen on chain for the 365 days submitted.
    const wallet = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    const investmentId = randomUUID();
    await query(
      `INSERT INTO tokenization.investments (id, reference, user_id, property_id, amount, fee, currency, payment_method,
         tokens, token_price, wallet_address, investor_country, status)
       VALUES ($1, $2, $3, $4, 40000, 1000, 'NZD', 'nzd', 20, 2000, $5, 554, 'paid')`,
      [investmentId, `INV-${Date.now()}`, randomUUID(), passed.id, wallet],
    );
    const mintedAt = new Date();
    expect(await worker.get(MintRunner).run(investmentId, mintedAt)).toBe('completed');
    const [{ locked_until: lockedUntil }] = await query<{ locked_until: Date }>(
      'SELECT locked_until FROM tokenization.investments WHERE id = $1',
      [investmentId],
    );
    expect(Math.round((lockedUntil.getTime() - mintedAt.getTime()) / DAY_MS)).toBe(365);
    const frozen = await rpc<string>('eth_call', [
      {
        to: deployed.contractAddress,
        data: `0x158b1a57${wallet.slice(2).toLowerCase().padStart(64, '0')}`, // getFrozenTokens(address)
      },
      'latest',
    ]);
    expect(BigInt(frozen)).toBe(20n * 10n ** 18n);
  });
});
