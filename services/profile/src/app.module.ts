import { Module } from '@nestjs/common';
import { PlatformModule } from '@app/platform';
import { profileConfigSchema } from './config';
import { profileDatabase } from './entities';
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
  controllers: [ProfilesController],
  providers: [ProfilesService, ProfilesRepository, UserRegisteredHandler],
})
export class AppModule {}
