import { annualPrice, businessHours, plans } from '@app/contracts';
import type { AuthUser } from '@app/platform';
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
const assistant = new BuiltinAssistant(history);
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
});
