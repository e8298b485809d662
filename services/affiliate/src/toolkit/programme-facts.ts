import {
  affiliateTiers,
  tierReferralsLabel,
  annualPrice,
  ANNUAL_DISCOUNT,
  plans,
  tokenization,
  type Plan,
} from '@app/contracts';

/** The programme's and product's real facts the toolkit writes from (spec 1 and 9), one place. */
const money = (value: number) => `$${value.toLocaleString('en-US')}`;

export const planLine = (plan: Plan): string =>
  plan.monthlyPrice === 0
    ? `${plan.name}: free, up to ${money(plan.monthlyVolume)} monthly processing volume`
    : `${plan.name}: ${money(plan.monthlyPrice)}/month or ${money(annualPrice(plan.monthlyPrice))}/year, ` +
      `${money(plan.monthlyVolume)} monthly volume, ${plan.teamMembers} team members` +
      (plan.apiAccess ? ', API access' : '') +
      (plan.propertyTokenizationsPerMonth
        ? `, ${plan.propertyTokenizationsPerMonth} property tokenization per month`
        : '');

export const planLines = (): string[] => plans.map(planLine);
export const paidPlans = (): Plan[] => plans.filter((plan) => plan.monthlyPrice > 0);
export const annualSaving = `${Math.round(ANNUAL_DISCOUNT * 100)}%`;

export const tierLines = (): string[] =>
  affiliateTiers.map(
    (tier) =>
      `${tier.name}: ${tier.ratePercent}% commission (${tierReferralsLabel(tier)}, ${tier.cookieDays}-day cookie${tier.perks.length ? `, ${tier.perks.join(', ').toLowerCase()}` : ''})`,
  );

export const capabilities = [
  'one dashboard for card, wallet, crypto and point-of-sale payments',
  'automatic conversion of 50+ cryptocurrencies to the currency you choose',
  'AI business intelligence: cash-flow analysis, customer segmentation and risk monitoring',
  'built-in KYC/AML checks, fraud detection and regulatory reporting',
  `real-estate tokenization for properties in ${tokenization.jurisdictions.join(' and ')}`,
  '256-bit encryption and a 99.9% uptime SLA with 24/7 support',
] as const;

export const programme = {
  commissionBasis: 'first-year subscription fees',
} as const;
