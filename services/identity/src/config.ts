import {
  baseConfigSchema,
  keySetting,
  LOCAL_SIGNING_KEY,
  parseSigningKey,
  stripeConfigShape,
  stripeDevDefault,
} from '@app/platform';
import { z } from 'zod';
import { standardCost } from './auth/password.util';

const isProduction = process.env.NODE_ENV === 'production';

export const identityConfigSchema = baseConfigSchema.extend({
  SERVICE_NAME: z.string().default('identity'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Origin of the web app, used in the links of e-mails. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** Secure cookies need HTTPS; on by default in production. */
  COOKIE_SECURE: z.stringbool().default(process.env.NODE_ENV === 'production'),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  /**
   * The private key access tokens are signed with (`kid:<base64url of the 32-byte Ed25519 seed>`).
   * Identity alone holds it; its public half must be in JWT_PUBLIC_KEYS (checked at start).
   */
  JWT_SIGNING_KEY: isProduction ? keySetting(parseSigningKey) : keySetting(parseSigningKey).default(LOCAL_SIGNING_KEY),
  /** Identity verification (KYC) runs on Stripe Identity: the account's secret key and STRIPE_API_*. */
  ...stripeConfigShape,
  /** Signing secret of the Stripe Identity webhook endpoint (whsec_...), separate from billing's. */
  STRIPE_IDENTITY_WEBHOOK_SECRET: stripeDevDefault(
    z.string().regex(/^whsec_\w+$/),
    'whsec_local_identity_development_only',
  ),
  /**
   * argon2id's cost for new password hashes: memory in KiB and passes (by default OWASP's 64 MiB and
   * 3 passes, which production may not go below). A stored hash names its own cost, so hashes of
   * any cost verify. The test stacks use 1 MiB and 1 pass: their tests register and sign in
   * hundreds of users on two cores.
   */
  PASSWORD_HASH_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(isProduction ? standardCost.memoryKib : 1024)
    .max(4_194_304)
    .default(standardCost.memoryKib),
  PASSWORD_HASH_PASSES: z.coerce
    .number()
    .int()
    .min(isProduction ? standardCost.passes : 1)
    .max(10)
    .default(standardCost.passes),
  /** Whether the provider also matches a live selfie against the document's photo. */
  KYC_REQUIRE_MATCHING_SELFIE: z.stringbool().default(true),
  /**
   * How long a rotated API key keeps working beside its replacement, so the programs that use it
   * can be switched over without a failed call.
   */
  API_KEY_ROTATION_OVERLAP_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(3600),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;
