import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule, PlatformModule } from '@app/platform';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { identityConfigSchema } from './config';
import { identityDatabase } from './entities';
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
  imports: [identityPlatform, TypeOrmModule.forFeature(identityDatabase.entities), MailModule],
  controllers: [AuthController],
  providers: [AuthService, SessionsService, UsersRepository, OneTimeTokensRepository, RefreshTokensRepository],
})
export class AppModule {}
