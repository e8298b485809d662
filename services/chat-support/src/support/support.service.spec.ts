import { checkTransition } from './support.service';

const me = 'agent-1';
const other = 'agent-2';

describe('checkTransition: the support queue rules', () => {
  it.each([
    // [status, assignedTo, action, error or null]
    ['pending', null, 'claim', null],
    ['pending', null, 'work', 'Claim this conversation before replying.'],
    ['open', me, 'claim', null],
    ['open', me, 'work', null],
    ['open', other, 'claim', 'This conversation is already claimed by another agent.'],
    ['open', other, 'work', 'This conversation is already claimed by another agent.'],
    ['resolved', me, 'claim', 'This conversation is resolved.'],
    ['resolved', me, 'work', 'This conversation is resolved.'],
  ] as const)('%s assigned to %s, %s: %s', (status, assignedTo, action, error) => {
    const check = () => checkTransition({ status, assignedTo }, me, action);
    if (error) expect(check).toThrow(error);
    else expect(check).not.toThrow();
  });
});
