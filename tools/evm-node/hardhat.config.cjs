// The local EVM node (`hardhat node`, run from this directory): for local runs and tests only.
// Deterministic accounts from the public test mnemonic, so the deployer key and addresses are the
// same at every start; nothing here is compiled (the contracts come as artifacts from npm).
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      accounts: { mnemonic: 'test test test test test test test test test test test junk' },
    },
  },
};
