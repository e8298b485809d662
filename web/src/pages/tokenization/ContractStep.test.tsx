import { contractDefaults, deploymentRuleMessages, tokenizationPaths } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fillIn, requestBody } from '../../test/render';
import { property, propertyId, tokenChains, tokenContract, tokenizationApi } from '../../test/tokenization';
import { currentUrl, renderTokenization, stepState } from './testSupport';

const propertyPath = `GET ${tokenizationPaths.property(propertyId)}`;
const deployPath = tokenizationPaths.contract(propertyId);
const url = `/tokenization?property=${propertyId}&step=contract`;

type User = ReturnType<typeof renderTokenization>['user'];

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const estimate = () => screen.getByTestId('deployment-estimate').textContent;

async function chooseBlockchain(user: User, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Blockchain' }));
  const options = await screen.findAllByTitle(label);
  await user.click(options[options.length - 1]!);
}

describe('Smart Contract', { timeout: 30_000 }, () => {
  it("starts from the defaults and the submission's lock-up, and estimates the cost at the chain's gas price", async () => {
    tokenizationApi({ [propertyPath]: { body: property({ lockupPeriod: 365 }) } });
    const { user } = renderTokenization(url);
    await screen.findByRole('button', { name: 'Deploy Contract' });
    expect(stepState('Smart Contract')).toBe('Active');
    expect(screen.getByText('2 of 4 stages complete')).toBeTruthy();

    expect(field('Token Name').value).toBe('12 Queen Street Token');
    expect(field('Token Symbol').value).toBe('PROP');
    expect(field('Decimals').value).toBe('18');
    expect(field('Total Supply').value).toBe('1000');
    // The lock-up submitted with the property (not the spec's 90), shown and not editable here.
    expect(field('Lockup Period (days)').value).toBe('365');
    expect(field('Lockup Period (days)').disabled).toBe(true);
    expect(field('Gas Limit').value).toBe('5000000');
    expect(field('Compliance Oracle').value).toBe(contractDefaults.complianceOracle);
    expect(field('Transfer restrictions').checked).toBe(true);
    expect(field('Dividend distribution').checked).toBe(true);
    expect(field('Governance').checked).toBe(false);
    // Every option says what it does.
    for (const hint of [
      /each investor's tokens are frozen on chain/,
      /sent to the chain as its gas limit/,
      /identity registry/,
    ])
      expect(screen.getByText(hint)).toBeTruthy();

    // A suite's 3.7 million gas at Polygon's 30 gwei, in MATIC; at most the 5,000,000 limit's.
    await waitFor(() =>
      expect(estimate()).toBe(
        'Estimated deployment cost: 0.111 MATIC (at most 0.15 MATIC at the gas limit; gas price now 30 gwei)',
      ),
    );
    await chooseBlockchain(user, 'Ethereum');
    expect(estimate()).toBe(
      'Estimated deployment cost: 0.0074 ETH (at most 0.01 ETH at the gas limit; gas price now 2 gwei)',
    );
    await fillIn(user, field('Gas Limit'), '1000000');
    expect(estimate()).toBe(
      'Estimated deployment cost: 0.002 ETH (at most 0.002 ETH at the gas limit; gas price now 2 gwei)',
    );

    await user.click(screen.getByRole('combobox', { name: 'Blockchain' }));
    const algorand = (await screen.findAllByTitle('Algorand (No Algorand adapter yet)')).at(-1)!;
    expect(algorand.className).toContain('ant-select-item-option-disabled');
  });

  it('says so when the chain does not answer, rather than estimating', async () => {
    tokenizationApi({
      [propertyPath]: { body: property() },
      [`GET ${tokenizationPaths.chains}`]: {
        body: {
          chains: tokenChains.chains.map((chain) => ({
            ...chain,
            status: 'offline',
            chainId: null,
            gasPriceWei: null,
          })),
        },
      },
    });
    renderTokenization(url);
    await screen.findByRole('button', { name: 'Deploy Contract' });
    await waitFor(() =>
      expect(estimate()).toBe('Estimated deployment cost: not available: Polygon does not answer right now.'),
    );
  });

  it("checks the configuration with the contracts' messages", async () => {
    tokenizationApi({ [propertyPath]: { body: property() } });
    const { user } = renderTokenization(url);
    await screen.findByRole('button', { name: 'Deploy Contract' });
    await fillIn(user, field('Token Symbol'), 'PROPERTYTOKEN');
    expect(await screen.findByText('Symbol too long')).toBeTruthy();
    await fillIn(user, field('Gas Limit'), '49999');
    expect(await screen.findByText('Gas limit must be at least 50,000')).toBeTruthy();
    await user.clear(field('Compliance Oracle'));
    await user.click(screen.getByRole('button', { name: 'Deploy Contract' }));
    expect(await screen.findByText('A compliance oracle is required')).toBeTruthy();
  });

  it('deploys, follows the deployment live and shows its result', async () => {
    let deployed = false;
    const fetchMock = tokenizationApi({
      [propertyPath]: [
        { body: property() },
        { body: property({ contract: tokenContract({ status: 'deploying', contractAddress: null }) }) },
        { body: property({ contract: tokenContract({ status: 'deploying', contractAddress: null }) }) },
        { body: property({ tokenizationStatus: 'deployed', contract: tokenContract() }) },
      ],
      [`POST ${deployPath}`]: () => {
        deployed = true;
        return {
          status: 202,
          body: property({ contract: tokenContract({ status: 'queued', contractAddress: null }) }),
        };
      },
    });
    const { user } = renderTokenization(url);
    await screen.findByRole('button', { name: 'Deploy Contract' });
    await fillIn(user, field('Compliance Oracle'), 'Platform identity registry');
    await user.click(screen.getByRole('button', { name: 'Deploy Contract' }));

    await waitFor(() => expect(deployed).toBe(true));
    expect(requestBody(callsTo(fetchMock, deployPath, 'POST')[0])).toEqual({
      tokenName: '12 Queen Street Token',
      tokenSymbol: 'PROP',
      totalSupply: 1000,
      decimals: 18,
      transferRestrictions: true,
      dividendDistribution: true,
      governance: false,
      complianceOracle: 'Platform identity registry',
      blockchain: 'polygon',
      gasLimit: 5_000_000,
    });
    expect(await screen.findByText(/Queued for deployment|Deploying the token contract/)).toBeTruthy();

    expect(await screen.findByText('Token contract deployed')).toBeTruthy();
    const contract = tokenContract();
    expect(screen.getByText(contract.contractAddress!)).toBeTruthy();
    expect(screen.getByText(contract.transactionHash!)).toBeTruthy();
    expect(screen.getByText('4,312,345')).toBeTruthy();
    expect(screen.getByText('0.0129 MATIC')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue to Investment Portal' }));
    expect(await screen.findByText('Investment Portal', { selector: '.ant-card-head-title' })).toBeTruthy();
    expect(currentUrl()).toBe(`/tokenization?property=${propertyId}&step=investment`);
    expect(stepState('Smart Contract')).toBe('Complete');
    expect(stepState('Investment Portal')).toBe('Active');
  });

  it("says 'Deployment Failed' when the deployment fails, and offers the form again", async () => {
    const failed = tokenContract({
      status: 'failed',
      contractAddress: null,
      transactionHash: null,
      error: 'The transaction ran out of gas.',
      config: { ...tokenContract().config, gasLimit: 60_000 },
    });
    tokenizationApi({
      [propertyPath]: [
        { body: property({ contract: tokenContract({ status: 'deploying', contractAddress: null }) }) },
        { body: property({ contract: failed }) },
      ],
    });
    renderTokenization(url);

    expect(
      await screen.findByText('Failed to deploy smart contract. Please try again.', {
        selector: '.ant-notification *',
      }),
    ).toBeTruthy();
    const alert = screen
      .getAllByRole('alert')
      .find((node) => node.textContent?.includes('The transaction ran out of gas.'))!;
    expect(within(alert).getByText('Deployment Failed')).toBeTruthy();
    // The failed attempt's settings, to correct and deploy again.
    expect(field('Gas Limit').value).toBe('60000');
    expect(screen.getByRole('button', { name: 'Deploy Contract' })).toBeTruthy();
  });

  it("shows the server's refusal when the risk score does not allow a contract", async () => {
    const message = 'The compliance risk score is 60: a contract needs at least 70.';
    tokenizationApi({
      [propertyPath]: { body: property() },
      [`POST ${deployPath}`]: { status: 409, body: { error: 'CONFLICT', message } },
    });
    const { user } = renderTokenization(url);
    await screen.findByRole('button', { name: 'Deploy Contract' });
    await fillIn(user, field('Compliance Oracle'), 'Platform identity registry');
    await user.click(screen.getByRole('button', { name: 'Deploy Contract' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('keeps Deploy Contract disabled, with the reason, when the plan no longer includes tokenization', async () => {
    tokenizationApi({
      [propertyPath]: {
        body: property({
          contract: tokenContract({ status: 'failed', contractAddress: null, error: 'Reverted.' }),
          deploymentBlockers: [{ condition: 'plan', message: deploymentRuleMessages.plan }],
        }),
      },
    });
    renderTokenization(url);
    const deploy = (await screen.findByRole('button', { name: 'Deploy Contract' })) as HTMLButtonElement;
    expect(deploy.disabled).toBe(true);
    expect(screen.getByText(deploymentRuleMessages.plan)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing');
  });
});
