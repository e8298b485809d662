import { route, type RouteDescriptor, type ServiceName } from '../route';
import {
  deadLetterListQuerySchema,
  deadLetterListSchema,
  deadLetterPath,
  replayAllResultSchema,
  replayResultSchema,
} from '../../dead-letters';

/**
 * The services whose event consumers keep dead letters (packages/platform, docs/events.md): each
 * serves the routes below for its own consumer. integrations consumes since its outgoing webhooks;
 * billing since plans paid with crypto (ChargeCompleted).
 */
export const eventConsumers = [
  'profile',
  'affiliate',
  'analytics',
  'chat-support',
  'crypto-escrow',
  'reports-ai',
  'tokenization',
  'integrations',
  'billing',
] as const satisfies readonly ServiceName[];
export type EventConsumingService = (typeof eventConsumers)[number];

/** `chat-support` → `chatSupport`: the ids' suffix (ids become SDK method names). */
const idSuffix = (service: string): string =>
  service.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase());

/** Ops only (role admin): one consumer's dead letters and their replay after a fix. */
export const deadLetterRoutesOf = (service: EventConsumingService) => {
  const path = deadLetterPath(service);
  const suffix = idSuffix(service);
  const common = { service, tag: 'Operations', access: 'admin' } as const;
  return [
    route({
      id: `listDeadLetters_${suffix}`,
      method: 'GET',
      path,
      summary: `The ${service} consumer's dead letters: open ones (the default) or all.`,
      ...common,
      query: deadLetterListQuerySchema,
      response: deadLetterListSchema,
    }),
    route({
      id: `replayDeadLetters_${suffix}`,
      method: 'POST',
      path: `${path}/replay`,
      summary: `Replays every open dead letter of the ${service} consumer, oldest first.`,
      ...common,
      response: replayAllResultSchema,
    }),
    route({
      id: `replayDeadLetter_${suffix}`,
      method: 'POST',
      path: `${path}/:id/replay`,
      summary: `Replays one dead letter of the ${service} consumer.`,
      ...common,
      response: replayResultSchema,
    }),
  ] as const satisfies readonly RouteDescriptor[];
};

export const deadLetterRoutes: readonly RouteDescriptor[] = eventConsumers.flatMap(deadLetterRoutesOf);
