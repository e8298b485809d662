import { join } from 'node:path';
import { complianceChecks, type CheckInputs } from './compliance-checks';
import { SanctionsList } from './sanctions-list';

describe('the compliance checks', () => {
  let inputs: CheckInputs;

  beforeAll(async () => {
    inputs = {
      property: {
        jurisdiction: 'nz',
        titleReference: 'NA123/45',
        ownerName: 'Queen Street Holdings Limited',
        valuationDate: '2026-09-25',
      },
      documents: [
        { key: 'titleDeed', fileName: 'deed.pdf' },
        { key: 'valuationReport', fileName: 'valuation.pdf' },
        { key: 'insurancePolicy', fileName: 'policy.pdf' },
      ],
      kycVerified: true,
      sanctions: await SanctionsList.load(join(__dirname, '../../fixtures/sdn.csv')),
      now: new Date('2026-11-25T10:00:00Z'),
    };
  });
  const run = (
    check: keyof typeof complianceChecks,
    change: Partial<CheckInputs> = {},
    property: Partial<CheckInputs['property']> = {},
  ) => complianceChecks[check]({ ...inputs, ...change, property: { ...inputs.property, ...property } });

  it('verifies LINZ and Australian title references by their format, with the deed on file', () => {
    expect(run('title').status).toBe('passed');
    expect(run('title', {}, { titleReference: '1234567' }).status).toBe('passed');
    expect(run('title', {}, { jurisdiction: 'au', titleReference: 'Volume 1234 Folio 56' }).status).toBe('passed');
    expect(run('title', {}, { jurisdiction: 'au', titleReference: '12/DP345678' }).status).toBe('passed');
    expect(run('title', {}, { titleReference: 'ABC-??' })).toMatchObject({
      status: 'warning',
      result: expect.stringMatching(/manual review/),
    });
    expect(run('title', { documents: inputs.documents.slice(1) }).status).toBe('failed');
  });

  it('wants a valuation dated within six months and not in the future', () => {
    expect(run('valuation', {}, { valuationDate: '2026-05-26' }).status).toBe('passed');
    expect(run('valuation', {}, { valuationDate: '2026-05-25' })).toMatchObject({
      status: 'failed',
      result: expect.stringMatching(/more than 6 months/),
    });
    expect(run('valuation', {}, { valuationDate: '2026-12-01' }).status).toBe('failed');
  });

  it("screens the owner against the list, recording the list's date and digest", () => {
    const clear = run('aml');
    expect(clear).toMatchObject({ status: 'passed', evidence: { sha256: inputs.sanctions.sha256, entries: 8 } });
    expect(run('aml', {}, { ownerName: 'usama bin ladin' }).status).toBe('failed');
    expect(run('aml', {}, { ownerName: 'Oleg Deripaska' }).status).toBe('warning');
  });

  it("needs the submitter's identity verified and a property in NZ or AU", () => {
    expect(run('kyc').status).toBe('passed');
    expect(run('kyc', { kycVerified: false }).status).toBe('failed');
    expect(run('jurisdiction', {}, { jurisdiction: 'au' }).status).toBe('passed');
    expect(run('jurisdiction', {}, { jurisdiction: 'sg' })).toMatchObject({
      status: 'failed',
      result: expect.stringMatching(/Singapore is not supported/),
    });
    expect(run('insurance', { documents: [] }).status).toBe('failed');
  });
});
