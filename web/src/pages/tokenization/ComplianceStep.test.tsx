import { deploymentRuleMessages, tokenizationPaths } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, requestBody } from '../../test/render';
import { check, complianceRun, property, propertyId, tokenizationApi, unverifiedKyc } from '../../test/tokenization';
import { currentUrl, renderTokenization, stepState } from './testSupport';

const propertyPath = `GET ${tokenizationPaths.property(propertyId)}`;
const url = `/tokenization?property=${propertyId}&step=compliance`;

const checkRow = (name: string) => within(screen.getByRole('listitem', { name }));

const running = property({
  status: 'compliance',
  compliance: complianceRun({
    status: 'running',
    progress: 17,
    riskScore: null,
    overallStatus: null,
    completedAt: null,
    checks: [
      check('title', 'passed', 'Title verified: current and unencumbered.'),
      check('valuation', 'running'),
      check('insurance', 'pending'),
      check('aml', 'pending'),
      check('kyc', 'pending'),
      check('jurisdiction', 'pending'),
    ],
  }),
});

/** Identity not verified (failed, -30) and one warning (-10): 60, below the 70 needed. */
const belowThreshold = property({
  status: 'rejected',
  compliance: complianceRun({
    riskScore: 60,
    overallStatus: 'failed',
    checks: [
      check('title', 'passed', 'Title verified: current and unencumbered.'),
      check('valuation', 'warning', 'Valuation 15% above the area average.'),
      check('insurance', 'passed', 'Insurance policy on file.'),
      check('aml', 'passed', 'No AML red flags.'),
      check('kyc', 'failed', 'Identity not verified: additional documentation required.'),
      check('jurisdiction', 'passed', 'New Zealand property.'),
    ],
  }),
  deploymentBlockers: [
    {
      condition: 'compliance',
      message: deploymentRuleMessages.checksNotPassed(['Valuation', 'Identity verification']),
    },
  ],
});

const continueButton = () => screen.getByRole('button', { name: 'Continue to Smart Contract' }) as HTMLButtonElement;

describe('Compliance Verification', { timeout: 30_000 }, () => {
  it('shows each check live as the server runs it, then the score and the way on', async () => {
    const fetchMock = tokenizationApi({
      [propertyPath]: [{ body: running }, { body: running }, { body: property() }],
    });
    const { user } = renderTokenization(url);

    expect(await screen.findByText('Running the checks one after another...')).toBeTruthy();
    expect(checkRow('Title verification').getByText('Passed')).toBeTruthy();
    expect(checkRow('Title verification').getByText('Title verified: current and unencumbered.')).toBeTruthy();
    expect(checkRow('Title verification').getByText('Provider: LINZ')).toBeTruthy();
    expect(checkRow('Valuation').getByText('Running')).toBeTruthy();
    expect(checkRow('Identity verification').getByText('Pending')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Compliance progress' }).getAttribute('aria-valuenow')).toBe('17');
    expect(screen.queryByRole('button', { name: 'Continue to Smart Contract' })).toBeNull();
    expect(stepState('Property Submission')).toBe('Complete');
    expect(stepState('Compliance Verification')).toBe('Active');
    expect(screen.getByText('1 of 4 stages complete')).toBeTruthy();

    const score = await screen.findByRole('region', { name: 'Risk score' });
    expect(score.textContent).toContain('100/100');
    expect(within(score).getByText('Low risk')).toBeTruthy();
    expect(within(score).getByText('Meets all requirements')).toBeTruthy();
    for (const name of ['Valuation', 'Insurance', 'AML screening', 'Identity verification', 'Jurisdiction'])
      expect(checkRow(name).getByText('Passed')).toBeTruthy();

    expect(callsTo(fetchMock, tokenizationPaths.property(propertyId)).length).toBeGreaterThanOrEqual(3);

    await user.click(screen.getByRole('button', { name: 'Continue to Smart Contract' }));
    expect(await screen.findByRole('button', { name: 'Deploy Contract' })).toBeTruthy();
    expect(currentUrl()).toBe(`/tokenization?property=${propertyId}&step=contract`);
    expect(stepState('Compliance Verification')).toBe('Complete');
    expect(stepState('Smart Contract')).toBe('Active');
  });

  it('moves on at 70-89 with conditions', async () => {
    tokenizationApi({
      [propertyPath]: {
        body: property({
          compliance: complianceRun({
            riskScore: 80,
            overallStatus: 'warning',
            checks: [check('title', 'warning', 'Minor encumbrances on the title.'), check('aml', 'warning')],
          }),
        }),
      },
    });
    renderTokenization(url);
    const score = await screen.findByRole('region', { name: 'Risk score' });
    expect(within(score).getByText('Medium risk')).toBeTruthy();
    expect(within(score).getByText('Approved with conditions')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to Smart Contract' })).toBeTruthy();
  });

  it('keeps the user on the step below 70, says why, and runs the checks again on request', async () => {
    let rerun = false;
    const fetchMock = tokenizationApi({
      'GET /api/kyc/status': { body: unverifiedKyc },
      [propertyPath]: () => ({ body: rerun ? property() : belowThreshold }),
      [`POST ${tokenizationPaths.complianceCheck(propertyId)}`]: () => {
        rerun = true;
        return { body: property({ compliance: complianceRun({ status: 'queued', progress: 0, riskScore: null }) }) };
      },
    });
    const { user } = renderTokenization(url);

    const score = await screen.findByRole('region', { name: 'Risk score' });
    expect(score.textContent).toContain('60/100');
    expect(within(score).getByText('High risk')).toBeTruthy();
    expect(within(score).getByText('Needs more work')).toBeTruthy();
    expect(checkRow('Identity verification').getByText('Failed')).toBeTruthy();
    expect(checkRow('Valuation').getByText('Warning')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
    expect(screen.getByText('A risk score of at least 70 is needed to configure the smart contract.')).toBeTruthy();
    expect(
      screen.getByText('Identity verification: Identity not verified: additional documentation required.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe(
      '/settings?tab=verification',
    );
    expect(screen.getByRole('button', { name: 'Start Over' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Run Checks Again' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, tokenizationPaths.complianceCheck(propertyId), 'POST')).toHaveLength(1),
    );
    expect(requestBody(callsTo(fetchMock, tokenizationPaths.complianceCheck(propertyId), 'POST')[0])).toEqual({});
    expect(await screen.findByRole('button', { name: 'Continue to Smart Contract' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Risk score' })).getByText('Low risk')).toBeTruthy();
  });

  it('does not let the URL skip the checks', async () => {
    tokenizationApi({ [propertyPath]: { body: belowThreshold } });
    renderTokenization(`/tokenization?property=${propertyId}&step=investment`);
    expect(await screen.findByRole('region', { name: 'Risk score' })).toBeTruthy();
    expect(stepState('Compliance Verification')).toBe('Active');
    expect(screen.queryByRole('button', { name: 'Deploy Contract' })).toBeNull();
    expect(screen.queryByText('Investment Portal', { selector: '.ant-card-head-title' })).toBeNull();
  });

  it('starts over with an empty submission form', async () => {
    tokenizationApi({ [propertyPath]: { body: belowThreshold } });
    const { user } = renderTokenization(url);
    await user.click(await screen.findByRole('button', { name: 'Start Over' }));
    expect(await screen.findByRole('button', { name: 'Submit Property' })).toBeTruthy();
    expect(currentUrl()).toBe('/tokenization');
    expect(stepState('Property Submission')).toBe('Active');
  });

  // Issue 39: the server's rule, shown with its reasons before the button, which stays disabled.
  it('shows why a failed run, an unverified identity and a plan without tokenization block the token', async () => {
    tokenizationApi({
      'GET /api/kyc/status': { body: unverifiedKyc },
      [propertyPath]: {
        body: property({
          status: 'approved',
          compliance: complianceRun({
            riskScore: 70,
            overallStatus: 'failed',
            checks: [check('title', 'passed'), check('kyc', 'failed', 'Identity not verified.')],
          }),
          deploymentBlockers: [
            { condition: 'compliance', message: deploymentRuleMessages.checksNotPassed(['Identity verification']) },
            { condition: 'kyc', message: deploymentRuleMessages.kyc },
            { condition: 'plan', message: deploymentRuleMessages.plan },
          ],
        }),
      },
    });
    renderTokenization(url);
    const reasons = await screen.findByRole('list', { name: 'Deployment conditions not met' });
    expect(within(reasons).getByText(deploymentRuleMessages.checksNotPassed(['Identity verification']))).toBeTruthy();
    expect(within(reasons).getByText(deploymentRuleMessages.kyc)).toBeTruthy();
    expect(within(reasons).getByText(deploymentRuleMessages.plan)).toBeTruthy();
    expect(within(reasons).getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe(
      '/settings?tab=verification',
    );
    expect(within(reasons).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing');
    // One statement: a failed check is never "approved with conditions", whatever the score.
    const score = screen.getByRole('region', { name: 'Risk score' });
    expect(within(score).getByText('Not approved: a check failed')).toBeTruthy();
    expect(within(score).queryByText('Approved with conditions')).toBeNull();
    // The reasons come before the button, and the button cannot be used.
    expect(reasons.compareDocumentPosition(continueButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Run Checks Again' })).toBeTruthy();
  });

  it('keeps a plan without tokenization on the step even when every check passed, and the URL cannot skip it', async () => {
    tokenizationApi({
      [propertyPath]: {
        body: property({ deploymentBlockers: [{ condition: 'plan', message: deploymentRuleMessages.plan }] }),
      },
    });
    renderTokenization(`/tokenization?property=${propertyId}&step=contract`);
    expect(await screen.findByText(deploymentRuleMessages.plan)).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
    expect(stepState('Compliance Verification')).toBe('Active');
    expect(screen.queryByRole('button', { name: 'Deploy Contract' })).toBeNull();
  });

  it("shows the compliance team's exception with who approved it and why, and lets the user on", async () => {
    tokenizationApi({
      [propertyPath]: {
        body: property({
          compliance: complianceRun({ riskScore: 90, overallStatus: 'warning', checks: [check('title', 'warning')] }),
          complianceException: {
            runId: 'run-1',
            approvedBy: 'compliance@example.com',
            reason: 'Title checked by hand against the LINZ register.',
            approvedAt: '2026-11-22T06:00:00.000Z',
          },
        }),
      },
    });
    renderTokenization(url);
    expect(await screen.findByText(/Compliance exception approved by compliance@example.com/)).toBeTruthy();
    expect(screen.getByText('Title checked by hand against the LINZ register.')).toBeTruthy();
    expect(continueButton().disabled).toBe(false);
  });
});
