import { Body, Controller, Get, Put } from '@nestjs/common';
import { updateProfileRequestSchema, type UserProfile, type UpdateProfileRequest } from '@app/contracts';
import { CurrentUser, RequestId, ZodValidationPipe, type AuthUser } from '@app/platform';
import { ProfilesService } from './profiles.service';

@Controller('api/user/profile')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get()
  get(@CurrentUser() user: AuthUser): Promise<UserProfile> {
    return this.profiles.get(user.id);
  }

  @Put()
  update(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateProfileRequestSchema)) body: UpdateProfileRequest,
    @RequestId() requestId: string | undefined,
  ): Promise<UserProfile> {
    return this.profiles.update(user.id, body, requestId);
  }
}
