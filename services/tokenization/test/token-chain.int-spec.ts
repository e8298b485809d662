import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { createPublicClient, createWalletClient, http, type Address, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { LocalEvmNode } from '../../../test-support';
import {
  ChainTransactionReverted,
  ChainUnavailable,
  type DeployedSuite,
  type SuiteSpec,
  type TrexFactory,
} from '../src/chain/token-chain';
import { artifacts } from '../src/chain/trex-artifacts';
import { revertReasonOf, ViemTokenChain } from '../src/chain/viem-token-chain';

// ERC-3643 tokens on a Hardhat node started for this file: the adapter deploys the factory once, a
// suite per property, and registers and mints as the platform's deployer. Amounts are base units.
const NZ = 554;
const DECIMALS = 18;
const tokens = (whole: number) => BigInt(whole) * 10n ** BigInt(DECIMALS);

describe('ViemTokenChain (ERC-3643 on a local EVM node)', () => {
  let node: LocalEvmNode;
  let chain: ViemTokenChain;
  let reader: PublicClient;
  let factory: TrexFactory;
  let suite: DeployedSuite;
  const spec: SuiteSpec = {
    salt: randomUUID(),
    name: 'Queen Street Tower',
    symbol: 'QST',
    decimals: DECIMALS,
    lockupDays: 90,
    transferRestrictions: true,
    gasLimit: 5_000_000,
  };
  const [alice, bob] = LocalEvmNode.holderPrivateKeys.map((key) => privateKeyToAccount(key));

  /** A holder signing their own transfer, as their wallet would. */
  async function transfer(holder: typeof alice, token: string, to: string, amount: bigint): Promise<void> {
    const wallet = createWalletClient({
      account: holder,
      chain: hardhat,
      transport: http(node.url, { retryCount: 0 }),
    });
    const hash = await wallet.writeContract({
      address: token as Address,
      abi: artifacts.token.abi,
      functionName: 'transfer',
      args: [to, amount],
    });
    expect((await reader.waitForTransactionReceipt({ hash })).status).toBe('success');
  }

  const tokenRead = (token: string, functionName: string) =>
    reader.readContract({ address: token as Address, abi: artifacts.token.abi, functionName });

  beforeAll(async () => {
    node = await LocalEvmNode.start();
    reader = createPublicClient({ transport: http(node.url, { retryCount: 0 }) });
    chain = new ViemTokenChain({
      rpcUrl: node.url,
      deployerPrivateKey: LocalEvmNode.deployerPrivateKey,
      timeoutMs: 10_000,
    });
    factory = await chain.deployFactory();
    suite = await chain.deploySuite(factory, spec);
  });

  afterAll(() => node?.stop());

  it('deploys the factory contracts once on the chain', async () => {
    expect(await chain.chainId()).toBe(31337);
    expect(factory.chainId).toBe(31337);
    for (const address of [
      factory.trexFactory,
      factory.idFactory,
      factory.implementationAuthority,
      factory.transferRestrictModule,
    ]) {
      expect(await chain.isDeployed(address)).toBe(true);
    }
    expect(await chain.isDeployed(privateKeyToAccount(generatePrivateKey()).address)).toBe(false);
  });

  it('deploys a token with the requested name, symbol and decimals, unpaused, and what it cost', async () => {
    expect(await tokenRead(suite.token, 'name')).toBe(spec.name);
    expect(await tokenRead(suite.token, 'symbol')).toBe(spec.symbol);
    expect(await tokenRead(suite.token, 'decimals')).toBe(DECIMALS);
    expect(await tokenRead(suite.token, 'paused')).toBe(false);
    expect(await tokenRead(suite.token, 'identityRegistry')).toBe(suite.identityRegistry);
    expect(await tokenRead(suite.token, 'compliance')).toBe(suite.compliance);
    expect(await chain.totalSupply(suite.token)).toBe(0n);

    expect(suite.transactionHashes).toHaveLength(2);
    const receipts = await Promise.all(
      suite.transactionHashes.map((hash) => reader.getTransactionReceipt({ hash: hash as Address })),
    );
    expect(suite.blockNumber).toBe(Number(receipts[0]!.blockNumber));
    expect(suite.gasUsed).toBe(receipts[0]!.gasUsed + receipts[1]!.gasUsed);
    expect(suite.costWei).toBeGreaterThan(0n);
    expect(suite.costWei).toBe(
      receipts[0]!.gasUsed * receipts[0]!.effectiveGasPrice + receipts[1]!.gasUsed * receipts[1]!.effectiveGasPrice,
    );
  });

  it('registers an investor once, however often asked, and mints to them', async () => {
    expect(await chain.isVerified(suite.identityRegistry, alice.address)).toBe(false);
    const first = await chain.registerInvestor(factory, suite, alice.address, NZ);
    expect(first.transactionHashes).toHaveLength(2);
    expect(await chain.isVerified(suite.identityRegistry, alice.address)).toBe(true);

    const again = await chain.registerInvestor(factory, suite, alice.address, NZ);
    expect(again).toEqual({ identity: first.identity, transactionHashes: [] });

    const minted = await chain.mint(suite, alice.address, tokens(250));
    expect(minted.gasUsed).toBeGreaterThan(0n);
    expect(await chain.balanceOf(suite.token, alice.address)).toBe(tokens(250));
    expect(await chain.totalSupply(suite.token)).toBe(tokens(250));
  });

  it('refuses to mint to a wallet that is not registered, with the contract reason', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    const refusal = chain.mint(suite, stranger, tokens(1));
    await expect(refusal).rejects.toThrow(ChainTransactionReverted);
    await expect(refusal).rejects.toMatchObject({ reason: 'Identity is not verified.' });
    expect(await chain.balanceOf(suite.token, stranger)).toBe(0n);
  });

  it('refuses a holder transfer to an address outside its identity registry', async () => {
    await chain.registerInvestor(factory, suite, alice.address, NZ);
    await chain.mint(suite, alice.address, tokens(10));
    const stranger = privateKeyToAccount(generatePrivateKey()).address;

    const refusal = transfer(alice, suite.token, stranger, tokens(1));
    await expect(refusal).rejects.toThrow('Transfer not possible');
    expect(revertReasonOf(await refusal.catch((error: unknown) => error))).toBe('Transfer not possible');
    expect(await chain.balanceOf(suite.token, stranger)).toBe(0n);
  });

  it('keeps holders from trading with each other when transfer restrictions are on, and lets them when off', async () => {
    await chain.registerInvestor(factory, suite, alice.address, NZ);
    await chain.registerInvestor(factory, suite, bob.address, NZ);
    await chain.mint(suite, alice.address, tokens(5));
    await expect(transfer(alice, suite.token, bob.address, tokens(1))).rejects.toThrow('Transfer not possible');

    // A second property's token on the same factory: another salt, no restrictions; ONCHAINIDs are reused.
    const open = await chain.deploySuite(factory, { ...spec, salt: randomUUID(), transferRestrictions: false });
    expect(open.token).not.toBe(suite.token);
    for (const holder of [alice, bob]) {
      const registered = await chain.registerInvestor(factory, open, holder.address, NZ);
      expect(registered.transactionHashes).toHaveLength(1);
    }
    await chain.mint(open, alice.address, tokens(5));
    await transfer(alice, open.token, bob.address, tokens(2));
    expect(await chain.balanceOf(open.token, alice.address)).toBe(tokens(3));
    expect(await chain.balanceOf(open.token, bob.address)).toBe(tokens(2));
  });

  it('sends concurrent calls on one instance one after another (no nonce clash)', async () => {
    await chain.registerInvestor(factory, suite, alice.address, NZ);
    const before = await chain.balanceOf(suite.token, alice.address);
    const mints = await Promise.all([1, 2, 3].map((whole) => chain.mint(suite, alice.address, tokens(whole))));
    expect(new Set(mints.map((mint) => mint.transactionHash)).size).toBe(3);
    expect(await chain.balanceOf(suite.token, alice.address)).toBe(before + tokens(6));
  });

  it('reports a node that does not answer as unavailable, without the key in the error', async () => {
    // A port that was free a moment ago: nothing listens there.
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    const { port } = server.address() as { port: number };
    await new Promise((done) => server.close(done));
    const offline = new ViemTokenChain({
      rpcUrl: `http://127.0.0.1:${port}`,
      deployerPrivateKey: LocalEvmNode.deployerPrivateKey,
      timeoutMs: 2_000,
    });

    const failure: unknown = await offline.deploySuite(factory, spec).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChainUnavailable);
    expect(JSON.stringify({ message: (failure as Error).message, stack: (failure as Error).stack })).not.toContain(
      LocalEvmNode.deployerPrivateKey.slice(2),
    );
  });

  it('resumes a suite whose deployment already happened instead of failing on the used salt', async () => {
    const resumed = await chain.deploySuite(factory, spec);
    expect(resumed).toEqual(suite);
  });
});
