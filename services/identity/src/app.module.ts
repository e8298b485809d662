import { Module } from '@nestjs/common';
import { MailModule, PlatformModule, REDIS, SessionRevocationList, stripeClientProvider } from '@app/platform';
import type Redis from 'ioredis';
import { ApiKeyResolveController, ApiKeysController } from './api-keys/api-keys.controller';
import { ApiKeysRepository } from './api-keys/api-keys.repository';
import { ApiKeysService } from './api-keys/api-keys.service';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { SignInThrottle } from './auth/sign-in-throttle';
import { identityConfigSchema } from './config';
import { identityDatabase } from './entities';
import { IdentityVerificationProvider, StripeIdentityProvider } from './kyc/identity-verification.provider';
import { KycController, StripeIdentityWebhookController } from './kyc/kyc.controller';
import { KycService } from './kyc/kyc.service';
import { KycVerificationsRepository } from './kyc/kyc-verifications.repository';
import { RefreshTokensRepository } from './sessions/refresh-tokens.repository';
import { SessionsService } from './sessions/sessions.service';
import { OneTimeTokensRepository } from './tokens/one-time-tokens.repository';
import { UsersRepository } from './users/users.repository';

export const identityPlatform = PlatformModule.forService({
  config: identityConfigSchema,
  database: identityDatabase,
  queues: true,
});

@Module({
  imports: [identityPlatform, MailModule],
  controllers: [
    AuthController,
    KycController,
    StripeIdentityWebhookController,
    ApiKeysController,
    ApiKeyResolveController,
  ],
  providers: [
    AuthService,
    SessionsService,
    SignInThrottle,
    { provide: SessionRevocationList, inject: [REDIS], useFactory: (redis: Redis) => new SessionRevocationList(redis) },
    UsersRepository,
    KycService,
    KycVerificationsRepository,
    stripeClientProvider,
    { provide: IdentityVerificationProvider, useClass: StripeIdentityProvider },
    OneTimeTokensRepository,
    RefreshTokensRepository,
    ApiKeysService,
    ApiKeysRepository,
  ],
})
export class AppModule {}
