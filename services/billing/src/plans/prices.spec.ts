import { plans } from '@app/contracts';
import { findPlan, isFreePlan, priceLookupKey, recurringPrice } from './prices';

describe('plan prices in Stripe terms', () => {
  const growth = findPlan('growth')!;
  const pro = findPlan('pro')!;

  it('names prices by plan and cycle', () => {
    expect(priceLookupKey('growth', 'monthly')).toBe('growth_monthly');
    expect(priceLookupKey('pro', 'annual')).toBe('pro_annual');
  });

  it('charges the monthly price in cents per month', () => {
    expect(recurringPrice(growth, 'monthly')).toEqual({
      lookupKey: 'growth_monthly',
      unitAmount: 2900,
      currency: 'usd',
      interval: 'month',
    });
    expect(recurringPrice(pro, 'monthly').unitAmount).toBe(69900);
  });

  it('charges 12 × monthly less 20%, rounded, per year: 278 and 6,710', () => {
    expect(recurringPrice(growth, 'annual')).toEqual({
      lookupKey: 'growth_annual',
      unitAmount: 27800,
      currency: 'usd',
      interval: 'year',
    });
    expect(recurringPrice(pro, 'annual').unitAmount).toBe(671000);
  });

  it('knows the free plan and no unknown ones', () => {
    expect(plans.filter(isFreePlan).map((plan) => plan.id)).toEqual(['starter']);
    expect(findPlan('platinum')).toBeUndefined();
  });
});
