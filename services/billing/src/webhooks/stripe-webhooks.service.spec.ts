import type Stripe from 'stripe';
import { disputeOutcomeOf } from './stripe-webhooks.service';

const event = (type: string, status: string) =>
  ({ id: 'evt_1', type, data: { object: { id: 'du_1', object: 'dispute', status } } }) as unknown as Stripe.Event;
const outcome = (type: string, status: string) => {
  const result = disputeOutcomeOf(event(type, status));
  return result && (result.won ? 'won' : 'taken');
};

describe('dispute webhooks', () => {
  it('takes the money on a chargeback, its withdrawal and a lost close; returns it on reinstatement and a won close', () => {
    expect(outcome('charge.dispute.created', 'needs_response')).toBe('taken');
    expect(outcome('charge.dispute.funds_withdrawn', 'needs_response')).toBe('taken');
    expect(outcome('charge.dispute.closed', 'lost')).toBe('taken');
    expect(outcome('charge.dispute.funds_reinstated', 'won')).toBe('won');
    expect(outcome('charge.dispute.closed', 'won')).toBe('won');
  });

  it('ignores inquiries (nothing withdrawn), other updates and other events', () => {
    expect(outcome('charge.dispute.created', 'warning_needs_response')).toBeNull();
    expect(outcome('charge.dispute.closed', 'warning_closed')).toBeNull();
    expect(outcome('charge.dispute.updated', 'under_review')).toBeNull();
    // Money is not returned on a dispute that was lost, whatever the event's type.
    expect(outcome('charge.dispute.funds_reinstated', 'lost')).toBeNull();
    expect(outcome('charge.refunded', 'succeeded')).toBeNull();
  });
});
