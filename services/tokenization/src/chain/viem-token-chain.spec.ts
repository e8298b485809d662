import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  ExecutionRevertedError,
  HttpRequestError,
  InternalRpcError,
  RpcRequestError,
  zeroAddress,
  type Abi,
} from 'viem';
import { artifacts } from './trex-artifacts';
import { revertReasonOf } from './viem-token-chain';

const solidityError: Abi = [{ type: 'error', name: 'Error', inputs: [{ type: 'string', name: 'message' }] }];

/** What viem throws from writeContract when the node's estimate reverts with the given data. */
const contractRevert = (abi: Abi, data: `0x${string}`) =>
  new ContractFunctionExecutionError(new ContractFunctionRevertedError({ abi, data, functionName: 'transfer' }), {
    abi,
    functionName: 'transfer',
    args: [zeroAddress, 1n],
    contractAddress: zeroAddress,
  });

describe('revertReasonOf', () => {
  it('reads a require message that viem decoded with the ABI', () => {
    const data = encodeErrorResult({ abi: solidityError, errorName: 'Error', args: ['Transfer not possible'] });
    expect(revertReasonOf(contractRevert(artifacts.token.abi, data))).toBe('Transfer not possible');
  });

  it("names a custom error by the ABI's name for it", () => {
    const abi = artifacts.idFactory.abi.concat([
      { type: 'error', name: 'LimitsArraySizeExceeded', inputs: [{ type: 'address' }, { type: 'uint256' }] },
    ]);
    const data = encodeErrorResult({ abi, errorName: 'LimitsArraySizeExceeded', args: [zeroAddress, 4n] });
    expect(revertReasonOf(contractRevert(abi, data))).toBe('LimitsArraySizeExceeded');
  });

  it("reads Hardhat's words when there is no ABI to decode with (a deployment)", () => {
    const rpc = new RpcRequestError({
      body: {},
      url: 'http://127.0.0.1:8545',
      error: {
        code: -32603,
        message: "Error: VM Exception while processing transaction: reverted with reason string 'salt already taken'",
      },
    });
    const error = new BaseError('An internal error was received.', { cause: new InternalRpcError(rpc) });
    expect(revertReasonOf(error)).toBe('salt already taken');
  });

  it('reads a geth-like node\'s "execution reverted: reason"', () => {
    const error = new BaseError('Execution failed.', {
      cause: new ExecutionRevertedError({ message: 'execution reverted: Identity is not verified.' }),
    });
    expect(revertReasonOf(error)).toBe('Identity is not verified.');
  });

  it('is null for failures that are not reverts', () => {
    expect(revertReasonOf(new HttpRequestError({ url: 'http://127.0.0.1:8545', details: 'fetch failed' }))).toBeNull();
    expect(revertReasonOf(new Error('Transfer not possible'))).toBeNull();
  });
});
