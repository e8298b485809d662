import { annualPrice, businessHours, plans, type SupportAccountContext } from '@app/contracts';
import type { AuthUser } from '@app/platform';
import type { AccountFacts } from './account-facts';
import { BuiltinAssistant } from './builtin-assistant';
import { notKnownReply } from './chat-assistant';
import type { SupportHistory } from './support-history';

const user: AuthUser = {
  id: '0b3e1c9e-5d5b-4c4e-9a39-0f3f3b2c8c11',
  email: 'a@b.test',
  emailVerified: true,
  role: 'user',
};
const history = { of: jest.fn().mockResolvedValue([]) } as unknown as SupportHistory;
const noAccount: SupportAccountContext = { plan: null, kycStatus: 'pending', recentTransactions: [] };
const account = { of: jest.fn().mockResolvedValue(noAccount) };
const assistant = new BuiltinAssistant(history, account as unknown as AccountFacts);
const ask = (question: string) => assistant.reply({ user, question, history: [] });

describe('built-in assistant', () => {
  it.each(plans.filter((plan) => plan.monthlyPrice > 0))(
    'quotes the $name plan price from the contracts',
    async (plan) => {
      const reply = await ask(`How much is the ${plan.name} plan?`);
      expect(reply.text).toContain(`$${plan.monthlyPrice.toLocaleString('en-US')} per month`);
      expect(reply.text).toContain(`$${annualPrice(plan.monthlyPrice).toLocaleString('en-US')} per year`);
      expect(reply.sources[0]).toEqual(expect.objectContaining({ id: `pricing.plan-${plan.id}`, path: '/pricing' }));
      expect(reply.offerHuman).toBe(false);
    },
  );

  it.each([
    ['What are your support hours?', businessHours],
    ['Can I get a refund?', 'not refundable'],
    ['How long does KYC take?', '24-48 hours'],
    ['Do you accept bitcoin?', 'Connect an exchange account'],
    ['Which countries can I tokenize property in?', 'New Zealand'],
  ])('answers %j from the help passages', async (question, expected) => {
    const reply = await ask(question);
    expect(reply.text).toContain(expected);
    expect(reply.sources.length).toBeGreaterThan(0);
    expect(reply.text).toContain(`Source: ${reply.sources[0]!.title}`);
  });

  it.each([
    'What is the capital of France?',
    'Who won the rugby world cup?',
    'Tell me about quantum computing plans',
    'How do I connect Shopify?',
    'asdf qwer',
  ])('does not guess at %j: it says so and offers a person', async (question) => {
    expect(await ask(question)).toEqual({ text: notKnownReply, sources: [], offerHuman: true });
  });

  it('greets with the topics it helps with, and offers a person when asked for one', async () => {
    const hello = await ask('Hello!');
    expect(hello.text).toMatch(/account questions, transaction issues, platform features and analytics/);
    const person = await ask('Can I talk to a real person?');
    expect(person.offerHuman).toBe(true);
    expect(person.sources.map((source) => source.id)).toEqual(['support.human-support']);
  });

  it('is deterministic', async () => {
    expect(await ask('How do I verify my email?')).toEqual(await ask('How do I verify my email?'));
  });

  describe("the user's own account (chat-support's read model)", () => {
    const withAccount: SupportAccountContext = {
      plan: { planId: 'growth', billingCycle: 'monthly', currentPeriodEnd: '2026-01-31T00:00:00.000Z' },
      kycStatus: 'pending',
      recentTransactions: [
        {
          id: 'f0e1d2c3-0000-4000-8000-000000000002',
          amount: '129.90',
          currency: 'USD',
          status: 'refunded',
          paymentMethod: 'card',
          processor: 'stripe',
          occurredAt: '2025-12-14T10:00:00.000Z',
        },
        {
          id: 'f0e1d2c3-0000-4000-8000-000000000001',
          amount: '500.00',
          currency: 'USD',
          status: 'completed',
          paymentMethod: 'crypto',
          processor: 'coinbase',
          occurredAt: '2025-12-13T09:00:00.000Z',
        },
      ],
    };

    it.each(['What plan am I on?', 'What is my current subscription?', 'When does my subscription renew?'])(
      'states the plan for %j, and cites it',
      async (question) => {
        account.of.mockResolvedValueOnce(withAccount);
        expect(await ask(question)).toEqual({
          text: 'Your subscription: Growth plan, monthly billing, current period ends 2026-01-31.',
          sources: [{ id: 'my-subscription', title: 'Your subscription', path: '/settings' }],
          offerHuman: false,
        });
      },
    );

    it('lists the recent transactions newest first', async () => {
      account.of.mockResolvedValueOnce(withAccount);
      const reply = await ask('Show me my recent transactions');
      expect(reply.text).toBe(
        'Your most recent transactions, newest first:\n' +
          '- 2025-12-14: 129.90 USD, refunded, card via stripe (transaction f0e1d2c3-0000-4000-8000-000000000002)\n' +
          '- 2025-12-13: 500.00 USD, completed, crypto via coinbase (transaction f0e1d2c3-0000-4000-8000-000000000001)',
      );
      expect(reply.sources).toEqual([
        { id: 'my-transactions', title: 'Your recent transactions', path: '/transactions' },
      ]);
    });

    it('says so when there is nothing on record', async () => {
      expect((await ask('Which plan am I on?')).text).toBe("I don't see a subscription on your account yet.");
      expect((await ask('What were my last payments?')).text).toBe("I don't see any transactions on your account yet.");
    });

    it('leaves how-to questions and plan prices to the help content', async () => {
      account.of.mockClear();
      expect((await ask('How do I change my plan?')).sources[0]!.id).not.toBe('my-subscription');
      expect((await ask('How much is the Growth plan?')).sources[0]!.id).toBe('pricing.plan-growth');
      expect(account.of).not.toHaveBeenCalled();
    });
  });
});
