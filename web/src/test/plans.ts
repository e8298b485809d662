import { planViews, type PlanView } from '@app/contracts';
import type { MockResponse } from './render';

/** The answer of GET /api/plans: the contracts' plans, as the billing service serves them. */
export const plansResponse = (plans: PlanView[] = planViews()): MockResponse => ({ body: { plans } });

/** GET /api/plans failing, as when the gateway or the billing service is down. */
export const plansFailure: MockResponse = {
  status: 503,
  body: { error: 'SERVICE_UNAVAILABLE', message: 'Billing is unavailable' },
};
