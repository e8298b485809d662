import { createHash, randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  CONTRACT_MIN_RISK_SCORE,
  ErrorCode,
  investmentMessages,
  investmentViewSchema,
  propertyViewSchema,
  tokenizationSummarySchema,
  kycRequiredMessage,
  wholesaleMessages,
  type InvestmentView,
  type WholesaleDeclarationView,
  tokenizationMessages,
  uploadMessages,
  type PropertyView,
  type TokenizationEligibility,
} from '@app/contracts';
import type { AuthUser } from '@app/platform';
import type { Producer } from 'kafkajs';
import {
  accessCookie,
  connectEventProducer,
  eventMessage,
  eventTopic,
  FakeStripePaymentsProcess,
  LocalEvmNode,
  query,
  startApp,
  startWorker,
  uniqueEmail,
  waitFor,
} from '../../../test-support';
import type * as AppModuleFile from '../src/app.module';
import { LockupRunner } from '../src/investments/lockup-runner.service';
import type * as WorkerModuleFile from '../src/worker.module';

// The service as a user drives it through the gateway (which sets x-client-address): region gate,
// a submission with documents, the compliance checks run by the worker, the contract step refused
// below 70 and the token deployed on a local Hardhat chain.

const NZ = '130.216.1.1';
const US = '8.8.8.8';
const userOf = (): AuthUser => ({
  id: randomUUID(),
  email: uniqueEmail('tokenize'),
  emailVerified: true,
  role: 'user',
});
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);
const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const fields = {
  propertyAddress: '12 Queen Street, Auckland Central, Auckland 1010',
  propertyType: 'commercial',
  jurisdiction: 'nz',
  titleReference: 'NA123/45',
  currentValue: '1250000',
  tokenSupply: '1000',
  tokenPrice: '1250',
  description: 'A three-storey commercial building on Queen Street with long-term retail tenants.',
  expectedYield: '5',
  lockupPeriod: '90',
  ownerName: 'Queen Street Holdings Limited',
  valuationDate: isoDaysAgo(30),
};

describe('tokenization: submission, compliance, contract, region gate', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let api: string;
  let producer: Producer;
  let chain: LocalEvmNode;
  let stripe: FakeStripePaymentsProcess;
  const webhookSecret = 'whsec_tokenization_test';
  const owner = userOf();
  const unverified = userOf();
  const stranger = userOf();

  const call = (path: string, init: RequestInit & { user?: AuthUser; from?: string } = {}) =>
    fetch(`${api}${path}`, {
      ...init,
      headers: {
        cookie: accessCookie(init.user ?? owner),
        'x-client-address': init.from ?? NZ,
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const json = (path: string, body: unknown, init: { user?: AuthUser; from?: string } = {}) =>
    call(path, {
      ...init,
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });

  function submission(overrides: Record<string, string> = {}, files: Record<string, Buffer> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...fields, ...overrides })) form.set(name, value);
    const documents = {
      titleDeed: pdf('title deed'),
      valuationReport: pdf('valuation'),
      insurancePolicy: pdf('insurance'),
      ...files,
    };
    for (const [name, content] of Object.entries(documents)) form.set(name, new Blob([content]), `${name}.pdf`);
    return form;
  }
  const upload = (form: FormData, init: { user?: AuthUser; from?: string } = {}) =>
    call('/api/tokenization/upload', { ...init, method: 'POST', body: form });
  // Every answer read here must match the contracts' schema (what the web app parses).
  const property = async (id: string, user = owner) =>
    propertyViewSchema.parse(await (await call(`/api/tokenization/properties/${id}`, { user })).json());
  const settled = (id: string, user = owner) =>
    waitFor(
      async () => {
        const view = await property(id, user);
        return view.compliance?.status === 'completed' ? view : null;
      },
      30_000,
      `compliance of ${id}`,
    );
  const propertyRows = async (userId: string) =>
    (
      await query<{ n: number }>('SELECT count(*)::int AS n FROM tokenization.properties WHERE user_id = $1', [userId])
    )[0]!.n;

  beforeAll(async () => {
    [chain, stripe] = await Promise.all([LocalEvmNode.start(), FakeStripePaymentsProcess.start()]);
    const stripeUrl = new URL(stripe.url);
    Object.assign(process.env, {
      POLYGON_RPC_URL: chain.url,
      ETHEREUM_RPC_URL: chain.url,
      STRIPE_API_HOST: stripeUrl.hostname,
      STRIPE_API_PORT: stripeUrl.port,
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_TOKENIZATION_WEBHOOK_SECRET: webhookSecret,
    });
    const { AppModule } = jest.requireActual<typeof AppModuleFile>('../src/app.module');
    const { WorkerModule } = jest.requireActual<typeof WorkerModuleFile>('../src/worker.module');
    ({ app, url: api } = await startApp(AppModule));
    worker = await startWorker(WorkerModule);
    await stripe.useWebhook(`${api}/api/webhooks/stripe-tokenization`, webhookSecret);
    producer = await connectEventProducer('tokenization-test', ['KycStatusChanged', 'SubscriptionActivated']);
    // Deploying a token needs a plan that includes tokenization (issue 39).
    await producer.send({
      topic: eventTopic('SubscriptionActivated'),
      messages: [
        eventMessage('SubscriptionActivated', owner.id, {
          userId: owner.id,
          subscriptionId: `sub_${randomUUID()}`,
          planId: 'pro',
          billingCycle: 'monthly',
          currentPeriodEnd: timestampFromDate(new Date(Date.now() + 30 * 86_400_000)),
        }),
      ],
    });
    await producer.send({
      topic: eventTopic('KycStatusChanged'),
      messages: [
        eventMessage('KycStatusChanged', owner.id, {
          userId: owner.id,
          status: 'verified',
          previousStatus: 'processing',
          verificationSessionId: `vs_${randomUUID()}`,
          reason: '',
          changedAt: timestampFromDate(new Date()),
        }),
      ],
    });
    await waitFor(
      async () =>
        (await query('SELECT 1 FROM tokenization.kyc_clearances WHERE user_id = $1', [owner.id])).length > 0 &&
        (await query('SELECT 1 FROM tokenization.account_plans WHERE user_id = $1', [owner.id])).length > 0,
      30_000,
      'the KYC status and plan applied',
    );
  });

  afterAll(async () => {
    await producer?.disconnect();
    await worker?.close();
    await app?.close();
    await chain?.stop();
    await stripe?.stop();
  });

  it('answers the region gate from the client address and refuses every call outside NZ and AU', async () => {
    const nz = (await (await call('/api/tokenization/eligibility')).json()) as TokenizationEligibility;
    expect(nz).toEqual({ isAllowed: true, country: 'New Zealand', countryCode: 'NZ', restrictionMessage: null });
    const us = (await (await call('/api/tokenization/eligibility', { from: US })).json()) as TokenizationEligibility;
    expect(us).toMatchObject({ isAllowed: false, countryCode: 'US' });
    expect(us.restrictionMessage).toBe(tokenizationMessages.restricted('United States'));

    const refused = await upload(submission(), { from: US, user: stranger });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: ErrorCode.RegionRestricted,
      message: tokenizationMessages.restricted('United States'),
    });
    expect((await call('/api/tokenization/properties', { from: US })).status).toBe(403);
    expect(await propertyRows(stranger.id)).toBe(0);
  });

  it('refuses documents by their content and the submission below the required documents', async () => {
    const html = await upload(submission({}, { titleDeed: Buffer.from('<html>%PDF-</html>') }), { user: stranger });
    expect(html.status).toBe(400);
    expect(((await html.json()) as { message: string }).message).toBe(
      uploadMessages.wrongKind('Title Deed', ['pdf', 'jpg', 'png']),
    );

    const form = submission();
    form.delete('insurancePolicy');
    const missing = await upload(form, { user: stranger });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe(tokenizationMessages.missingDocuments);

    const invalid = await upload(submission({ currentValue: '49999', description: 'Too short.' }), { user: stranger });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { details: { path: string; message: string }[] }).details).toEqual(
      expect.arrayContaining([
        { path: 'currentValue', message: 'Minimum property value is $50,000' },
        { path: 'description', message: 'Property description must be at least 50 characters' },
      ]),
    );
    const json = await call('/api/tokenization/upload', {
      user: stranger,
      method: 'POST',
      body: JSON.stringify(fields),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(415);
    expect(await propertyRows(stranger.id)).toBe(0);
  });

  let approved: PropertyView;

  it('stores the submission with its documents, runs the checks one after another and approves it', async () => {
    const survey = Buffer.from('AC1032 drawing');
    const reply = await upload(submission({}, { propertySurvey: survey }));
    expect(reply.status).toBe(201);
    const submitted = (await reply.json()) as PropertyView;
    expect(submitted).toMatchObject({
      submissionId: expect.stringMatching(/^PROP-\d{13}$/),
      address: fields.propertyAddress,
      location: 'New Zealand',
      propertyType: 'commercial',
      value: '1250000.00',
      status: 'compliance',
      tokenizationStatus: 'pending',
    });
    expect(submitted.documents.map((document) => [document.key, document.kind, document.sha256]).sort()).toEqual(
      [
        ['insurancePolicy', 'pdf', createHash('sha256').update(pdf('insurance')).digest('hex')],
        ['propertySurvey', 'dwg', createHash('sha256').update(survey).digest('hex')],
        ['titleDeed', 'pdf', createHash('sha256').update(pdf('title deed')).digest('hex')],
        ['valuationReport', 'pdf', createHash('sha256').update(pdf('valuation')).digest('hex')],
      ].sort(),
    );

    approved = await settled(submitted.id);
    expect(approved.compliance!.checks.map((check) => [check.id, check.status])).toEqual([
      ['title', 'passed'],
      ['valuation', 'passed'],
      ['insurance', 'passed'],
      ['aml', 'passed'],
      ['kyc', 'passed'],
      ['jurisdiction', 'passed'],
    ]);
    expect(approved.compliance!.checks.find((check) => check.id === 'aml')!.provider).toMatch(
      /^OFAC SDN list of \d{4}-\d{2}-\d{2}$/,
    );
    expect(approved).toMatchObject({
      status: 'approved',
      linzVerified: true,
      regulatoryCompliant: true,
      dueDiligenceComplete: true,
      compliance: { riskScore: 100, overallStatus: 'passed', progress: 100 },
    });

    const deed = approved.documents.find((document) => document.key === 'titleDeed')!;
    const download = await call(`/api/tokenization/properties/${approved.id}/documents/${deed.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(pdf('title deed'));
    expect((await call(`/api/tokenization/properties/${approved.id}`, { user: stranger })).status).toBe(404);
    expect(
      (await call(`/api/tokenization/properties/${approved.id}/documents/${deed.id}`, { user: stranger })).status,
    ).toBe(404);
  });

  it('scores a property with failed checks below 70 and refuses its contract step', async () => {
    const reply = await upload(
      submission({ ownerName: 'Usama Bin Ladin', valuationDate: isoDaysAgo(240), jurisdiction: 'sg' }),
      { user: unverified },
    );
    expect(reply.status).toBe(201);
    const rejected = await settled(((await reply.json()) as PropertyView).id, unverified);
    const statuses = Object.fromEntries(rejected.compliance!.checks.map((check) => [check.id, check.status]));
    expect(statuses).toEqual({
      title: 'warning',
      valuation: 'failed',
      insurance: 'passed',
      aml: 'failed',
      kyc: 'failed',
      jurisdiction: 'failed',
    });
    expect(rejected.compliance).toMatchObject({ riskScore: 0, overallStatus: 'failed' });
    expect(rejected.status).toBe('rejected');
    expect(rejected.compliance!.checks.find((check) => check.id === 'aml')!.result).toMatch(/BIN LADIN, Usama/);

    const contract = await json(
      `/api/tokenization/properties/${rejected.id}/contract`,
      { tokenName: 'Sanctioned Tower', totalSupply: 1000, complianceOracle: 'platform', blockchain: 'polygon' },
      { user: unverified },
    );
    expect(contract.status).toBe(409);
    expect(((await contract.json()) as { message: string }).message).toContain(`at least ${CONTRACT_MIN_RISK_SCORE}`);
    const rows = await query('SELECT 1 FROM tokenization.token_contracts WHERE property_id = $1', [rejected.id]);
    expect(rows).toHaveLength(0);
  });

  it('deploys the approved property as an ERC-3643 token on the chain and records the real cost', async () => {
    const algorand = await json(`/api/tokenization/properties/${approved.id}/contract`, {
      tokenName: 'Queen Street Tower',
      totalSupply: 1000,
      complianceOracle: 'platform',
      blockchain: 'algorand',
    });
    expect(algorand.status).toBe(400);
    expect(((await algorand.json()) as { message: string }).message).toMatch(/no Algorand adapter/);

    const queued = await json(`/api/tokenization/properties/${approved.id}/contract`, {
      tokenName: 'Queen Street Tower',
      tokenSymbol: 'QST',
      totalSupply: 1000,
      decimals: 0,
      complianceOracle: 'platform',
      blockchain: 'polygon',
    });
    expect(queued.status).toBe(202);
    expect(((await queued.json()) as PropertyView).contract).toMatchObject({ status: 'queued' });
    const again = await json(`/api/tokenization/properties/${approved.id}/contract`, {
      tokenName: 'Queen Street Tower',
      totalSupply: 1000,
      complianceOracle: 'platform',
      blockchain: 'polygon',
    });
    expect(again.status).toBe(409);

    const deployed = await waitFor(
      async () => {
        const view = await property(approved.id);
        return view.contract?.status === 'deployed' || view.contract?.status === 'failed' ? view : null;
      },
      60_000,
      'the deployment',
    );
    expect(deployed.contract).toMatchObject({
      status: 'deployed',
      chainId: 31337,
      contractAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      error: null,
    });
    expect(deployed).toMatchObject({
      status: 'tokenized',
      tokenizationStatus: 'deployed',
      contractAddress: deployed.contract!.contractAddress,
    });
    expect(BigInt(deployed.contract!.gasUsed!)).toBeGreaterThan(1_000_000n);
    expect(Number(deployed.contract!.deploymentCost)).toBeGreaterThan(0);

    // The token on chain carries the config's name, symbol and decimals.
    const read = async (data: string) => {
      const reply = await fetch(chain.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_call',
          params: [{ to: deployed.contractAddress, data }, 'latest'],
        }),
      });
      return ((await reply.json()) as { result: string }).result;
    };
    const text = (hex: string) => {
      const bytes = Buffer.from(hex.slice(2), 'hex');
      const length = Number(BigInt(`0x${bytes.subarray(32, 64).toString('hex')}`));
      return bytes.subarray(64, 64 + length).toString('utf8');
    };
    expect(text(await read('0x06fdde03'))).toBe('Queen Street Tower'); // name()
    expect(text(await read('0x95d89b41'))).toBe('QST'); // symbol()
    expect(BigInt(await read('0x313ce567'))).toBe(0n); // decimals()

    const summary = tokenizationSummarySchema.parse(await (await call('/api/tokenization/summary')).json());
    expect(summary).toEqual({ properties: 1, tokenized: 1, tokenizedValue: '1250000.00', inCompliance: 0 });
  });

  it('sells tokens only to KYC-verified wholesale investors, by card, and mints them to the wallet', async () => {
    const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const invest = (body: Record<string, unknown>, user = owner) =>
      json(
        `/api/tokenization/properties/${approved.id}/investments`,
        { walletAddress: wallet, paymentMethod: 'nzd', ...body },
        { user },
      );
    const messageOf = async (reply: Response) => ((await reply.json()) as { message: string }).message;

    const noKyc = await invest({ amount: 25_000 }, unverified);
    expect(noKyc.status).toBe(403);
    expect(await messageOf(noKyc)).toBe(kycRequiredMessage('investment'));
    const notWholesale = await invest({ amount: 25_000 });
    expect(notWholesale.status).toBe(403);
    expect(await messageOf(notWholesale)).toBe(wholesaleMessages.required);

    const declared = await call('/api/tokenization/wholesale-declaration', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        basis: 'eligible_investor',
        certifierName: 'Jane Adviser',
        certifierProfession: 'chartered_accountant',
        signedOn: isoDaysAgo(10),
        acknowledged: true,
      }),
    });
    expect(declared.status).toBe(200);
    expect((await declared.json()) as WholesaleDeclarationView).toMatchObject({
      valid: true,
      basis: 'eligible_investor',
    });

    const below = await invest({ amount: 12_499 });
    expect(below.status).toBe(400);
    expect(await messageOf(below)).toBe(investmentMessages.belowMinimum(12_500));
    expect((await invest({ amount: 25_000, paymentMethod: 'algo' })).status).toBe(400);
    const tooMany = await invest({ amount: 1_300_000 });
    expect(tooMany.status).toBe(409);
    expect(await messageOf(tooMany)).toBe(investmentMessages.soldOut(1000n));

    const reply = await invest({ amount: 25_000 });
    expect(reply.status).toBe(201);
    const created = investmentViewSchema.parse(await reply.json());
    expect(created).toMatchObject({
      id: expect.stringMatching(/^INV-\d{13}$/),
      amount: '25000.00',
      fee: '625.00',
      tokensReceived: '20',
      tokenPrice: '1250.00',
      status: 'awaiting_payment',
      payment: { kind: 'card', clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) },
    });
    const intent = (await stripe.paymentIntents()).find((pi) => pi.metadata.reference === created.id)!;
    expect(intent).toMatchObject({ amount: 2_562_500, currency: 'nzd' });
    const paid = await stripe.succeed(intent.id);

    const completed = await waitFor(
      async () => {
        const view = investmentViewSchema.parse(
          await (await call(`/api/tokenization/investments/${created.id}`)).json(),
        );
        return view.status === 'completed' || view.status === 'failed' ? view : null;
      },
      60_000,
      'the mint',
    );
    expect(completed).toMatchObject({
      status: 'completed',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      payment: null,
    });
    const token = (await property(approved.id)).contractAddress!;
    const holding = async (selector: string) => {
      const reply = await fetch(chain.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_call',
          params: [{ to: token, data: `${selector}${wallet.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest'],
        }),
      });
      return BigInt(((await reply.json()) as { result: string }).result);
    };
    // balanceOf(address): what the investment says it received; getFrozenTokens(address): all of it, locked up.
    expect(await holding('0x70a08231')).toBe(BigInt(completed.tokensReceived));
    expect(await holding('0x158b1a57')).toBe(BigInt(completed.tokensReceived));
    const lockedFor = Date.parse(completed.lockedUntil!) - Date.parse(completed.timestamp);
    expect(Math.round(lockedFor / 86_400_000)).toBe(90);

    // When the lock-up ends the worker releases the tokens (its job runs then; here, run as at that moment).
    const [{ id: internalId }] = await query<{ id: string }>(
      'SELECT id FROM tokenization.investments WHERE reference = $1',
      [completed.id],
    );
    const lockups = worker.get(LockupRunner);
    expect(await lockups.release(internalId!, new Date())).toBe('early');
    expect(await lockups.release(internalId!, new Date(Date.parse(completed.lockedUntil!) + 1000))).toBe('released');
    expect(await holding('0x158b1a57')).toBe(0n);
    expect(await holding('0x70a08231')).toBe(BigInt(completed.tokensReceived));
    expect(
      ((await (await call(`/api/tokenization/investments/${created.id}`)).json()) as InvestmentView).lockedUntil,
    ).toBeNull();
    // The payment reported again mints nothing more.
    await stripe.resend(paid.events[0]!);
    expect((await (await call(`/api/tokenization/investments/${created.id}`)).json()) as InvestmentView).toMatchObject({
      status: 'completed',
      transactionHash: completed.transactionHash,
    });
    expect(
      ((await (await call('/api/tokenization/investments')).json()) as { investments: InvestmentView[] }).investments,
    ).toHaveLength(1);
    expect((await call(`/api/tokenization/investments/${created.id}`, { user: stranger })).status).toBe(404);
  });
});
