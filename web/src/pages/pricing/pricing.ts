import { ANNUAL_DISCOUNT, plans, tokenization, type BillingCycle, type Plan, type PlanView } from '@app/contracts';

/** What a plan includes besides its prices: the comparison table and the feature lists read these. */
export type PlanFacts = Pick<Plan, 'monthlyVolume' | 'teamMembers' | 'apiAccess' | 'propertyTokenizationsPerMonth'>;

/** A plan from GET /api/plans (name and prices) with the facts of its tier. */
export type PricingPlan = PlanView & PlanFacts;

const noFacts: PlanFacts = { monthlyVolume: 0, teamMembers: 1, apiAccess: false, propertyTokenizationsPerMonth: 0 };

/** The static facts of each tier from the contracts, without their prices (prices come from GET /api/plans). */
const factsById = new Map<Plan['id'], PlanFacts>(
  plans.map(({ id, monthlyVolume, teamMembers, apiAccess, propertyTokenizationsPerMonth }) => [
    id,
    { monthlyVolume, teamMembers, apiAccess, propertyTokenizationsPerMonth },
  ]),
);

/** The tier that includes property tokenizations, from the static facts (its name is also shown while loading). */
export const tokenizationTier = plans.find((plan) => plan.propertyTokenizationsPerMonth > 0);

/** Adds a tier's facts to a plan of GET /api/plans. */
export const withFacts = (plan: PlanView): PricingPlan => ({ ...(factsById.get(plan.id) ?? noFacts), ...plan });

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Whole dollars: $6,710. */
export const formatUsd = (amount: number) => usd.format(amount);
/** With cents: $1.50. */
export const formatUsdCents = (amount: number) => usdCents.format(amount);

/** "Save 20%", from the shared discount. */
export const annualSavingLabel = `Save ${Math.round(ANNUAL_DISCOUNT * 100)}%`;

/** The price charged per billing cycle, as GET /api/plans gives it (spec 9). */
export const priceFor = (plan: PlanView, cycle: BillingCycle) =>
  cycle === 'annual' ? plan.annualPrice : plan.monthlyPrice;

export const isFree = (plan: PlanView) => plan.monthlyPrice === 0;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "1 property tokenization per month". */
export const tokenizationsPerMonth = (plan: PlanFacts) =>
  `${plural(plan.propertyTokenizationsPerMonth, 'property tokenization', 'property tokenizations')} per month`;

/** A plan card's feature list, derived from the plan's facts only. */
export function planFeatures(plan: PlanFacts): string[] {
  const features = [
    `${formatUsd(plan.monthlyVolume)} monthly processing volume`,
    plural(plan.teamMembers, 'team member', 'team members'),
    plan.apiAccess ? 'API access' : 'Dashboard access (no API)',
  ];
  if (plan.propertyTokenizationsPerMonth > 0) {
    features.push(
      tokenizationsPerMonth(plan),
      `Whitelisting of ${tokenization.whitelistedInvestors} investors`,
      `KYC for ${tokenization.investorKycIncluded} investors included`,
    );
  }
  return features;
}

/** Where a plan's button leads: Starter to registration, paid plans to checkout (spec 2.9, 2.10). */
export const planHref = (plan: PlanView, cycle: BillingCycle) =>
  isFree(plan) ? '/register' : `/payment?plan=${encodeURIComponent(plan.id)}&cycle=${cycle}`;
