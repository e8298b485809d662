import { contracts as onchainId } from '@onchain-id/solidity';
import { contracts as trex } from '@tokenysolutions/t-rex';
import type { Abi, Hex } from 'viem';

/**
 * The compiled T-REX 4.1.6 and ONCHAINID 2.2.1 contracts (Hardhat artifacts shipped in the npm
 * packages, no libraries to link), loaded once with the module. The JSON cannot be typed `as const`,
 * so the ABIs are plain `Abi`: calls name their function as a string and type their result.
 */
export interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

const artifact = (json: { abi: unknown; bytecode: string }): Artifact => ({
  abi: json.abi as Abi,
  bytecode: json.bytecode as Hex,
});

export const artifacts = {
  token: artifact(trex.Token),
  claimTopicsRegistry: artifact(trex.ClaimTopicsRegistry),
  identityRegistry: artifact(trex.IdentityRegistry),
  identityRegistryStorage: artifact(trex.IdentityRegistryStorage),
  trustedIssuersRegistry: artifact(trex.TrustedIssuersRegistry),
  modularCompliance: artifact(trex.ModularCompliance),
  trexImplementationAuthority: artifact(trex.TREXImplementationAuthority),
  trexFactory: artifact(trex.TREXFactory),
  transferRestrictModule: artifact(trex.TransferRestrictModule),
  moduleProxy: artifact(trex.ModuleProxy),
  identity: artifact(onchainId.Identity),
  identityImplementationAuthority: artifact(onchainId.ImplementationAuthority),
  idFactory: artifact(onchainId.Factory),
};
