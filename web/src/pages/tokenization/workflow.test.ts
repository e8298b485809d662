import { describe, expect, it } from 'vitest';
import { investmentSettled, propertyInProgress } from '../../hooks/useTokenization';
import { complianceRun, investment, property, tokenContract } from '../../test/tokenization';
import { currentStage, defaultTokenName, overallProgress, resumeStage, stepStatus, workflowSteps } from './workflow';

const checking = property({ compliance: complianceRun({ status: 'running', riskScore: null }) });
const below = property({ compliance: complianceRun({ riskScore: 60, overallStatus: 'failed' }) });
const passed = property();
const deploying = property({ contract: tokenContract({ status: 'deploying' }) });
const deployed = property({ contract: tokenContract() });

describe('the workflow', () => {
  it('marks the steps before the current one complete, the current active, the rest pending', () => {
    expect(workflowSteps.map((step) => stepStatus(step.stage, 'contract'))).toEqual([
      'complete',
      'complete',
      'active',
      'pending',
    ]);
    expect(stepStatus('investment', 'complete')).toBe('complete');
  });

  it('counts overall progress as the completed stages out of 4', () => {
    expect(overallProgress('upload')).toBe(0);
    expect(overallProgress('compliance')).toBe(25);
    expect(overallProgress('investment')).toBe(75);
    expect(overallProgress('complete')).toBe(100);
  });

  it('resumes a property at its furthest step', () => {
    expect(resumeStage(checking)).toBe('compliance');
    expect(resumeStage(passed)).toBe('compliance');
    expect(resumeStage(deploying)).toBe('contract');
    expect(resumeStage(deployed)).toBe('investment');
  });

  it('never shows a step the server state does not allow', () => {
    expect(currentStage(undefined, 'investment')).toBe('upload');
    expect(currentStage(below, 'contract')).toBe('compliance');
    expect(currentStage(passed, 'contract')).toBe('contract');
    expect(currentStage(passed, 'investment')).toBe('contract');
    expect(currentStage(deploying, 'complete')).toBe('contract');
    expect(currentStage(deployed, 'complete')).toBe('complete');
    // Going back is always allowed.
    expect(currentStage(deployed, 'compliance')).toBe('compliance');
  });

  it('names the token after the first part of the address', () => {
    expect(defaultTokenName('12 Queen Street, Auckland Central, Auckland 1010')).toBe('12 Queen Street Token');
  });

  it('polls a property while its checks run or its contract deploys, and an investment until it settles', () => {
    expect(propertyInProgress(checking)).toBe(true);
    expect(propertyInProgress(deploying)).toBe(true);
    expect(propertyInProgress(passed)).toBe(false);
    expect(propertyInProgress(deployed)).toBe(false);
    expect(investmentSettled(investment({ status: 'minting' }))).toBe(false);
    expect(investmentSettled(investment({ status: 'completed' }))).toBe(true);
    expect(investmentSettled(investment({ status: 'failed' }))).toBe(true);
  });
});
