import { Body, Controller, Get, Put } from '@nestjs/common';
import {
  updateMailPreferencesRequestSchema,
  type MailPreferences,
  type UpdateMailPreferencesRequest,
} from '@app/contracts';
import { CurrentUser, RequestId, ZodValidationPipe, type AuthUser } from '@app/platform';
import { MailPreferencesService } from './mail-preferences.service';

/** Issue 39: Settings' notification card. Each member reads and changes only their own choices. */
@Controller('api/user/mail-preferences')
export class MailPreferencesController {
  constructor(private readonly preferences: MailPreferencesService) {}

  @Get()
  get(@CurrentUser() user: AuthUser): Promise<MailPreferences> {
    return this.preferences.get(user.id);
  }

  @Put()
  update(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateMailPreferencesRequestSchema)) body: UpdateMailPreferencesRequest,
    @RequestId() requestId: string | undefined,
  ): Promise<MailPreferences> {
    return this.preferences.update(user.id, body, requestId);
  }
}
