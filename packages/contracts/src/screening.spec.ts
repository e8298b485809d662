import { screen, screeningRecordStatus, supersedes } from './screening';

const fiat = { type: 'fiat' as const, status: 'completed' as const, country: 'NZ' };

describe('AML screening of one transaction', () => {
  it('scores a small domestic card sale low with no rules', () => {
    expect(screen({ ...fiat, amountUsd: '62.89' })).toMatchObject({ score: 5, level: 'low', rules: [] });
  });

  it('screens above NZ$3,000 (USD 2,000 is NZ$3,180 at 0.6289)', () => {
    expect(screen({ ...fiat, amountUsd: '2000.00' })).toMatchObject({
      score: 35,
      level: 'medium',
      rules: ['large_transaction'],
    });
  });

  it('adds enhanced due diligence above NZ$10,000 and the travel rule for crypto', () => {
    expect(screen({ type: 'crypto', status: 'completed', country: null, amountUsd: '7000.00' })).toMatchObject({
      score: 70,
      level: 'medium',
      rules: ['large_transaction', 'enhanced_due_diligence', 'travel_rule'],
    });
    expect(screen({ type: 'crypto', status: 'refunded', country: null, amountUsd: '7000.00' }).level).toBe('high');
  });

  it('flags the structuring band just under the threshold (NZ$2,700-3,000)', () => {
    // 1,800 USD = NZ$2,862
    expect(screen({ ...fiat, amountUsd: '1800.00' })).toMatchObject({ score: 30, rules: ['structuring'] });
  });

  it('applies no amount rules without a USD price', () => {
    expect(screen({ type: 'crypto', status: 'completed', country: null, amountUsd: null })).toMatchObject({
      score: 20,
      rules: [],
    });
  });

  it('never moves a status backwards, and lets a failed payment still succeed', () => {
    expect(supersedes('refunded', 'completed')).toBe(true);
    expect(supersedes('completed', 'pending')).toBe(true);
    expect(supersedes('pending', 'completed')).toBe(false);
    expect(supersedes('completed', 'refunded')).toBe(false);
    expect(supersedes('completed', 'completed')).toBe(true);
    expect(supersedes('completed', 'failed')).toBe(true);
    expect(supersedes('failed', 'completed')).toBe(false);
    expect(supersedes('refunded', 'failed')).toBe(false);
    expect(supersedes('cancelled', 'failed')).toBe(false);
  });

  it('sends EDD and the travel rule to review always, a large transaction when high, structuring from the third in 24 hours', () => {
    expect(screeningRecordStatus('enhanced_due_diligence', 55, 0)).toBe('review');
    expect(screeningRecordStatus('travel_rule', 15, 0)).toBe('review');
    expect(screeningRecordStatus('large_transaction', 70, 0)).toBe('cleared');
    expect(screeningRecordStatus('large_transaction', 71, 0)).toBe('review');
    expect(screeningRecordStatus('structuring', 30, 1)).toBe('cleared');
    expect(screeningRecordStatus('structuring', 30, 2)).toBe('review');
  });
});
