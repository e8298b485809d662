/** Spec 9: the figures the AML Policy and the User Guide state; one place, shared with the chat assistant. */
export { amlFigures } from '@app/contracts';
