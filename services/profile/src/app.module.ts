import { Module } from '@nestjs/common';
import { PlatformModule } from '@app/platform';
import { profileConfigSchema } from './config';
import { profileDatabase } from './entities';
import { MailPreferencesController } from './preferences/mail-preferences.controller';
import { MailPreferencesRepository } from './preferences/mail-preferences.repository';
import { MailPreferencesService } from './preferences/mail-preferences.service';
import { ProfilesController } from './profiles/profiles.controller';
import { ProfilesRepository } from './profiles/profiles.repository';
import { ProfilesService } from './profiles/profiles.service';
import { UserRegisteredHandler } from './profiles/user-registered.handler';

@Module({
  imports: [
    PlatformModule.forService({
      config: profileConfigSchema,
      database: profileDatabase,
      events: { handlers: [UserRegisteredHandler] },
    }),
  ],
  controllers: [ProfilesController, MailPreferencesController],
  providers: [
    ProfilesService,
    ProfilesRepository,
    UserRegisteredHandler,
    MailPreferencesService,
    MailPreferencesRepository,
  ],
})
export class AppModule {}
