import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  ExecutionRevertedError,
  getAddress,
  http,
  HttpRequestError,
  parseEventLogs,
  TimeoutError,
  WaitForTransactionReceiptTimeoutError,
  zeroAddress,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import {
  ChainTransactionReverted,
  ChainUnavailable,
  GasLimitTooLow,
  type DeployedSuite,
  type SuiteSpec,
  type TokenChain,
  type TrexFactory,
} from './token-chain';
import { artifacts, type Artifact } from './trex-artifacts';

export interface ViemTokenChainOptions {
  rpcUrl: string;
  /** 0x-prefixed; the owner and agent of everything this adapter deploys. Kept only inside a viem account. */
  deployerPrivateKey: string;
  /** Per RPC request, and for each receipt. */
  timeoutMs: number;
}

/** The version the implementations are registered under in the TREXImplementationAuthority. */
const TREX_VERSION = { major: 4, minor: 0, patch: 0 };

/** The suites' registries: no claim topics and no trusted issuers, so a registered wallet is a verified one. */
const NO_CLAIMS = { claimTopics: [], issuers: [], issuerClaims: [] };

/**
 * The TokenChain adapter on viem: a public client for reads and a wallet client that signs locally
 * with the deployer's key. Writes run one at a time per instance (each waits for its receipt before
 * the next is signed), so the nonce viem reads as "pending" is always the right one and a
 * check-then-send (registerInvestor) is not raced by the same instance. Two processes must not share
 * the deployer key.
 */
export class ViemTokenChain implements TokenChain {
  private readonly publicClient: PublicClient;
  private readonly walletClient: WalletClient;
  private readonly account: PrivateKeyAccount;
  private readonly timeoutMs: number;
  private chain?: Promise<Chain>;
  private writes: Promise<unknown> = Promise.resolve();

  constructor(options: ViemTokenChainOptions) {
    // No retries: a local node answers a revert with JSON-RPC -32603, which viem would retry.
    const transport = http(options.rpcUrl, { retryCount: 0, timeout: options.timeoutMs });
    this.account = accountOf(options.deployerPrivateKey);
    this.publicClient = createPublicClient({ transport, pollingInterval: 500 });
    this.walletClient = createWalletClient({ transport, account: this.account, pollingInterval: 500 });
    this.timeoutMs = options.timeoutMs;
  }

  chainId(): Promise<number> {
    return this.mapErrors(async () => (await this.chainOf()).id);
  }

  deployFactory(): Promise<TrexFactory> {
    return this.serially(async () => {
      const deployer = this.account.address;
      const implementations = {
        tokenImplementation: await this.deploy(artifacts.token),
        ctrImplementation: await this.deploy(artifacts.claimTopicsRegistry),
        irImplementation: await this.deploy(artifacts.identityRegistry),
        irsImplementation: await this.deploy(artifacts.identityRegistryStorage),
        tirImplementation: await this.deploy(artifacts.trustedIssuersRegistry),
        mcImplementation: await this.deploy(artifacts.modularCompliance),
      };
      // ONCHAINID: a library Identity behind its own implementation authority, used by the IdFactory's proxies.
      const identityImplementation = await this.deploy(artifacts.identity, [deployer, true]);
      const identityAuthority = await this.deploy(artifacts.identityImplementationAuthority, [identityImplementation]);
      const idFactory = await this.deploy(artifacts.idFactory, [identityAuthority]);

      const implementationAuthority = await this.deploy(artifacts.trexImplementationAuthority, [
        true,
        zeroAddress,
        zeroAddress,
      ]);
      await this.send(implementationAuthority, artifacts.trexImplementationAuthority, 'addAndUseTREXVersion', [
        TREX_VERSION,
        implementations,
      ]);
      const trexFactory = await this.deploy(artifacts.trexFactory, [implementationAuthority, idFactory]);
      // The TREXFactory gives each token its ONCHAINID through the IdFactory.
      await this.send(idFactory, artifacts.idFactory, 'addTokenFactory', [trexFactory]);

      // One module instance serves every compliance that binds it (its allow-lists are per compliance).
      const moduleImplementation = await this.deploy(artifacts.transferRestrictModule);
      const transferRestrictModule = await this.deploy(artifacts.moduleProxy, [
        moduleImplementation,
        encodeFunctionData({ abi: artifacts.transferRestrictModule.abi, functionName: 'initialize' }),
      ]);
      return {
        chainId: (await this.chainOf()).id,
        trexFactory,
        idFactory,
        implementationAuthority,
        transferRestrictModule,
      };
    });
  }

  isDeployed(address: string): Promise<boolean> {
    return this.mapErrors(async () => {
      const code = await this.publicClient.getCode({ address: getAddress(address) });
      return code !== undefined && code !== '0x';
    });
  }

  deploySuite(factory: TrexFactory, spec: SuiteSpec): Promise<DeployedSuite> {
    return this.serially(async () => {
      const trexFactory = getAddress(factory.trexFactory);
      const existing = await this.read<Address>(trexFactory, artifacts.trexFactory, 'getToken', [spec.salt]);
      const deployment =
        existing === zeroAddress
          ? await this.send(
              trexFactory,
              artifacts.trexFactory,
              'deployTREXSuite',
              [spec.salt, this.tokenDetails(factory, spec), NO_CLAIMS],
              spec.gasLimit,
            )
          : await this.receiptOfEvent(trexFactory, artifacts.trexFactory, 'TREXSuiteDeployed', { _token: existing });
      const [deployed] = parseEventLogs({
        abi: artifacts.trexFactory.abi,
        eventName: 'TREXSuiteDeployed',
        logs: deployment.logs,
      }) as unknown as { args: SuiteDeployedArgs }[];
      if (!deployed) throw new Error(`deployTREXSuite ${deployment.transactionHash} emitted no TREXSuiteDeployed`);
      const { _token: token } = deployed.args;

      // The factory leaves the token paused; the deployer is its agent.
      const paused = await this.read<boolean>(token, artifacts.token, 'paused', []);
      const unpause = paused
        ? await this.send(token, artifacts.token, 'unpause', [], spec.gasLimit)
        : await this.receiptOfEvent(token, artifacts.token, 'Unpaused', {}, deployment.blockNumber);
      const receipts = [deployment, unpause];
      return {
        token,
        identityRegistry: deployed.args._ir,
        identityRegistryStorage: deployed.args._irs,
        trustedIssuersRegistry: deployed.args._tir,
        claimTopicsRegistry: deployed.args._ctr,
        compliance: deployed.args._mc,
        transactionHashes: receipts.map((receipt) => receipt.transactionHash),
        gasUsed: receipts.reduce((sum, receipt) => sum + receipt.gasUsed, 0n),
        costWei: receipts.reduce((sum, receipt) => sum + receipt.gasUsed * receipt.effectiveGasPrice, 0n),
        blockNumber: Number(deployment.blockNumber),
      };
    });
  }

  registerInvestor(
    factory: TrexFactory,
    suite: Pick<DeployedSuite, 'identityRegistry'>,
    wallet: string,
    countryNumeric: number,
  ): Promise<{ identity: string; transactionHashes: string[] }> {
    return this.serially(async () => {
      const idFactory = getAddress(factory.idFactory);
      const identityRegistry = getAddress(suite.identityRegistry);
      const investor = getAddress(wallet);
      const transactionHashes: string[] = [];
      let identity = await this.read<Address>(idFactory, artifacts.idFactory, 'getIdentity', [investor]);
      if (identity === zeroAddress) {
        // The salt only has to be unique per IdFactory, and a wallet gets one identity: the wallet itself.
        const created = await this.send(idFactory, artifacts.idFactory, 'createIdentity', [
          investor,
          investor.toLowerCase(),
        ]);
        transactionHashes.push(created.transactionHash);
        identity = await this.read<Address>(idFactory, artifacts.idFactory, 'getIdentity', [investor]);
      }
      if (!(await this.read<boolean>(identityRegistry, artifacts.identityRegistry, 'contains', [investor]))) {
        const registered = await this.send(identityRegistry, artifacts.identityRegistry, 'registerIdentity', [
          investor,
          identity,
          countryNumeric,
        ]);
        transactionHashes.push(registered.transactionHash);
      }
      return { identity, transactionHashes };
    });
  }

  mint(
    suite: Pick<DeployedSuite, 'token'>,
    to: string,
    amount: bigint,
  ): Promise<{ transactionHash: string; gasUsed: bigint }> {
    return this.serially(async () => {
      const receipt = await this.send(getAddress(suite.token), artifacts.token, 'mint', [getAddress(to), amount]);
      return { transactionHash: receipt.transactionHash, gasUsed: receipt.gasUsed };
    });
  }

  /** Freezes (or, `frozen` false, unfreezes) part of a holder's balance: the token's agent does it. */
  freezePartial(
    suite: Pick<DeployedSuite, 'token'>,
    holder: string,
    amount: bigint,
    frozen: boolean,
  ): Promise<{ transactionHash: string; gasUsed: bigint }> {
    return this.serially(async () => {
      const functionName = frozen ? 'freezePartialTokens' : 'unfreezePartialTokens';
      const receipt = await this.send(getAddress(suite.token), artifacts.token, functionName, [
        getAddress(holder),
        amount,
      ]);
      return { transactionHash: receipt.transactionHash, gasUsed: receipt.gasUsed };
    });
  }

  frozenTokens(token: string, holder: string): Promise<bigint> {
    return this.mapErrors(() =>
      this.read<bigint>(getAddress(token), artifacts.token, 'getFrozenTokens', [getAddress(holder)]),
    );
  }

  balanceOf(token: string, holder: string): Promise<bigint> {
    return this.mapErrors(() =>
      this.read<bigint>(getAddress(token), artifacts.token, 'balanceOf', [getAddress(holder)]),
    );
  }

  totalSupply(token: string): Promise<bigint> {
    return this.mapErrors(() => this.read<bigint>(getAddress(token), artifacts.token, 'totalSupply', []));
  }

  isVerified(identityRegistry: string, wallet: string): Promise<boolean> {
    return this.mapErrors(() =>
      this.read<boolean>(getAddress(identityRegistry), artifacts.identityRegistry, 'isVerified', [getAddress(wallet)]),
    );
  }

  private tokenDetails(factory: TrexFactory, spec: SuiteSpec) {
    const deployer = this.account.address;
    return {
      owner: deployer,
      name: spec.name,
      symbol: spec.symbol,
      decimals: spec.decimals,
      // A new IdentityRegistryStorage per token, and a token ONCHAINID created by the factory.
      irs: zeroAddress,
      ONCHAINID: zeroAddress,
      irAgents: [deployer],
      tokenAgents: [deployer],
      // An empty allow-list: no holder may send or receive in a transfer (mint and burn pass).
      complianceModules: spec.transferRestrictions ? [getAddress(factory.transferRestrictModule)] : [],
      complianceSettings: [],
    };
  }

  /** Runs a write after the instance's previous ones (whatever their outcome). */
  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.writes.then(() => this.mapErrors(task));
    this.writes = run.catch(() => undefined);
    return run;
  }

  private chainOf(): Promise<Chain> {
    this.chain ??= this.publicClient.getChainId().then((id) =>
      defineChain({
        id,
        name: `evm-${id}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [] } },
      }),
    );
    // A node that was down at the first call is asked again next time.
    this.chain.catch(() => (this.chain = undefined));
    return this.chain;
  }

  private read<T>(address: Address, contract: Artifact, functionName: string, args: readonly unknown[]): Promise<T> {
    return this.publicClient.readContract({ address, abi: contract.abi, functionName, args }) as Promise<T>;
  }

  private async send(
    address: Address,
    contract: Artifact,
    functionName: string,
    args: readonly unknown[],
    gasLimit?: number,
  ): Promise<TransactionReceipt> {
    if (gasLimit !== undefined) {
      // Estimated first: a transaction that cannot fit its limit is not sent (it would revert and cost gas).
      const needed = await this.publicClient.estimateContractGas({
        address,
        abi: contract.abi,
        functionName,
        args,
        account: this.account,
      });
      if (needed > BigInt(gasLimit)) throw new GasLimitTooLow(needed, gasLimit);
    }
    const hash = await this.walletClient.writeContract({
      address,
      abi: contract.abi,
      functionName,
      args,
      account: this.account,
      chain: await this.chainOf(),
      ...(gasLimit !== undefined ? { gas: BigInt(gasLimit) } : {}),
    });
    return this.receiptOf(hash, { to: address, data: encodeFunctionData({ abi: contract.abi, functionName, args }) });
  }

  private async deploy(contract: Artifact, args: readonly unknown[] = []): Promise<Address> {
    const hash = await this.walletClient.deployContract({
      abi: contract.abi,
      bytecode: contract.bytecode,
      args,
      account: this.account,
      chain: await this.chainOf(),
    });
    const receipt = await this.receiptOf(hash);
    if (!receipt.contractAddress) throw new Error(`deployment ${hash} created no contract`);
    return getAddress(receipt.contractAddress);
  }

  /** Waits for the receipt; a transaction that reverted once mined is replayed at its block for the reason. */
  private async receiptOf(hash: Hash, call?: { to: Address; data: Hex }): Promise<TransactionReceipt> {
    const receipt = await this.publicClient.waitForTransactionReceipt({ hash, timeout: this.timeoutMs });
    if (receipt.status === 'success') return receipt;
    const reason = call
      ? await this.publicClient
          .call({ account: this.account, ...call, blockNumber: receipt.blockNumber })
          .then(() => null, revertReasonOf)
      : null;
    throw new ChainTransactionReverted(reason ?? 'reverted without a reason', hash);
  }

  /** The receipt of the transaction that first emitted the event: for a step a previous attempt completed. */
  private async receiptOfEvent(
    address: Address,
    contract: Artifact,
    eventName: string,
    args: Record<string, unknown>,
    fromBlock = 0n,
  ): Promise<TransactionReceipt> {
    const [log] = await this.publicClient.getContractEvents({ address, abi: contract.abi, eventName, args, fromBlock });
    if (!log) throw new Error(`no ${eventName} event from ${address}`);
    return this.publicClient.getTransactionReceipt({ hash: log.transactionHash });
  }

  /** viem's errors as the port's: a revert with its reason, an unreachable node, or viem's short message. */
  private async mapErrors<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } catch (error) {
      if (!(error instanceof BaseError)) throw error;
      const reason = revertReasonOf(error);
      if (reason !== null) throw new ChainTransactionReverted(reason);
      const unavailable = error.walk(
        (cause) =>
          cause instanceof HttpRequestError ||
          cause instanceof TimeoutError ||
          cause instanceof WaitForTransactionReceiptTimeoutError,
      );
      if (unavailable) throw new ChainUnavailable(`EVM node: ${(unavailable as BaseError).shortMessage}`);
      // The short message names the failure without viem's request dump.
      throw new Error(error.shortMessage);
    }
  }
}

/** The deployer's account; a malformed key fails without being quoted (the crypto library's errors may). */
function accountOf(privateKey: string): PrivateKeyAccount {
  try {
    return privateKeyToAccount(privateKey as Hex);
  } catch {
    throw new Error('deployerPrivateKey is not a 0x-prefixed 32-byte hex private key');
  }
}

interface SuiteDeployedArgs {
  _token: Address;
  _ir: Address;
  _irs: Address;
  _tir: Address;
  _ctr: Address;
  _mc: Address;
}

/** The contract's revert reason in a viem error (a require message or a custom error's name), or null. */
export function revertReasonOf(error: unknown): string | null {
  if (!(error instanceof BaseError)) return null;
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError) {
    return reverted.reason ?? reverted.data?.errorName ?? reverted.signature ?? 'reverted without a reason';
  }
  // Without an ABI to decode with (a deployment), the node's own words: Hardhat answers -32603 with
  // "... reverted with reason string 'x'", geth-like nodes "execution reverted: x".
  const quoted = /reverted with reason string '(.*)'/s.exec(error.details ?? '');
  if (quoted) return quoted[1]!;
  const execution = error.walk((cause) => cause instanceof ExecutionRevertedError);
  if (execution instanceof ExecutionRevertedError) {
    return /with reason: (.*)\.$/s.exec(execution.shortMessage)?.[1] ?? 'reverted without a reason';
  }
  return null;
}
