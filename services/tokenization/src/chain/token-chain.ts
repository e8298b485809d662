/**
 * The port between tokenization and an EVM chain holding ERC-3643 (T-REX) security tokens. The
 * first adapter is ViemTokenChain; the service stores what these calls return (addresses, hashes,
 * gas) and never talks to the chain otherwise. Addresses are 0x-prefixed hex strings (returned
 * checksummed); token amounts are in the token's base units (1 token = 10^decimals units).
 */

/** The contracts deployed once per chain, shared by every property's token. */
export interface TrexFactory {
  chainId: number;
  trexFactory: string;
  idFactory: string;
  implementationAuthority: string;
  /** The TransferRestrictModule (behind its proxy) that suites with transfer restrictions bind. */
  transferRestrictModule: string;
}

export interface SuiteSpec {
  /** Unique per token on the factory (the property id): the factory refuses a salt twice. */
  salt: string;
  name: string;
  symbol: string;
  decimals: number;
  /**
   * The contract config's lock-up period. T-REX 4.1.6 ships no holding-period module (and nothing
   * here compiles Solidity): the service enforces it per investment by freezing the minted tokens
   * (freezePartial) until the lock-up ends.
   */
  lockupDays: number;
  /**
   * On: the suite's compliance binds the TransferRestrictModule with an empty allow-list, so holders
   * cannot transfer to each other; the agent still mints, burns and force-transfers. Off: any
   * holder may transfer to another verified holder.
   */
  transferRestrictions: boolean;
  /**
   * The contract config's gas limit: the most gas each deployment transaction (deployTREXSuite,
   * unpause) may use, sent as its gas limit. A transaction the chain estimates above it is not sent
   * (GasLimitTooLow): nothing is spent.
   */
  gasLimit: number;
}

/** One property's token and the registries and compliance the factory deployed with it. */
export interface DeployedSuite {
  token: string;
  identityRegistry: string;
  identityRegistryStorage: string;
  trustedIssuersRegistry: string;
  claimTopicsRegistry: string;
  compliance: string;
  /** deployTREXSuite, then unpause. */
  transactionHashes: string[];
  /** Summed over transactionHashes. */
  gasUsed: bigint;
  /** What those transactions cost: gasUsed × effectiveGasPrice from each receipt, in wei. */
  costWei: bigint;
  /** The block of the deployTREXSuite transaction. */
  blockNumber: number;
}

export interface TokenChain {
  /** The chain's id as the node reports it (31337 for the local node): what a stored factory is keyed by. */
  chainId(): Promise<number>;
  /** Deploys the T-REX implementations, ONCHAINID's IdFactory and the TREXFactory: once per chain. */
  deployFactory(): Promise<TrexFactory>;
  /**
   * Whether there is code at the address. A local chain restarts empty, so a stored factory must be
   * checked before use (and deployed again when gone).
   */
  isDeployed(address: string): Promise<boolean>;
  /**
   * Deploys a suite through the factory and unpauses its token (the deployer is its agent), so
   * registered holders can trade. Resumes when the salt's token already exists (a retried job):
   * nothing is deployed twice and the result describes the original transactions.
   */
  deploySuite(factory: TrexFactory, spec: SuiteSpec): Promise<DeployedSuite>;
  /**
   * Gives the wallet an ONCHAINID (through the IdFactory, unless it has one) and registers it in
   * the suite's identity registry with its ISO 3166-1 numeric country (554 NZ, 36 AU). Idempotent:
   * returns no transaction when both were done already.
   */
  registerInvestor(
    factory: TrexFactory,
    suite: Pick<DeployedSuite, 'identityRegistry'>,
    wallet: string,
    countryNumeric: number,
  ): Promise<{ identity: string; transactionHashes: string[] }>;
  /** Mints base units to a registered wallet (reverts "Identity is not verified." otherwise). */
  mint(
    suite: Pick<DeployedSuite, 'token'>,
    to: string,
    amount: bigint,
  ): Promise<{ transactionHash: string; gasUsed: bigint }>;
  /**
   * Freezes part of a holder's balance (a lock-up: frozen tokens cannot be transferred) or, with
   * `frozen` false, unfreezes it. The deployer is the token's agent.
   */
  freezePartial(
    suite: Pick<DeployedSuite, 'token'>,
    holder: string,
    amount: bigint,
    frozen: boolean,
  ): Promise<{ transactionHash: string; gasUsed: bigint }>;
  frozenTokens(token: string, holder: string): Promise<bigint>;
  balanceOf(token: string, holder: string): Promise<bigint>;
  totalSupply(token: string): Promise<bigint>;
  isVerified(identityRegistry: string, wallet: string): Promise<boolean>;
}

export const TOKEN_CHAIN = Symbol('TOKEN_CHAIN');

/** The chain refused a transaction: it reverted, with the contract's reason ("Transfer not possible"). */
export class ChainTransactionReverted extends Error {
  constructor(
    readonly reason: string,
    readonly transactionHash: string | null = null,
  ) {
    super(`transaction reverted: ${reason}`);
    this.name = 'ChainTransactionReverted';
  }
}

/** The node could not be reached, did not answer in time, or a receipt did not come in time. */
export class ChainUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainUnavailable';
  }
}

/** A transaction would need more gas than its limit: it was not sent, nothing was spent. */
export class GasLimitTooLow extends Error {
  constructor(
    readonly needed: bigint,
    readonly limit: number,
  ) {
    super(
      `The deployment needs about ${needed.toLocaleString('en-US')} gas, more than its gas limit of ${limit.toLocaleString('en-US')}: raise the gas limit and deploy again.`,
    );
    this.name = 'GasLimitTooLow';
  }
}
