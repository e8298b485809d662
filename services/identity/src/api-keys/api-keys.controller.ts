import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  apiKeyResolveRequestSchema,
  createApiKeyRequestSchema,
  type ApiKeyResolution,
  type ApiKeyView,
  type CreatedApiKey,
} from '@app/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@app/platform';
import type { z } from 'zod';
import { ApiKeysService } from './api-keys.service';

/** A signed-in user's API keys (routes: contracts, http/routes/api-keys.ts). */
@Controller('api/developer/api-keys')
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Get()
  list(@CurrentUser() user: AuthUser): Promise<ApiKeyView[]> {
    return this.apiKeys.list(user);
  }

  @Post()
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createApiKeyRequestSchema)) body: z.output<typeof createApiKeyRequestSchema>,
  ): Promise<CreatedApiKey> {
    return this.apiKeys.create(user, body);
  }

  @Post(':id/rotate')
  rotate(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<CreatedApiKey> {
    return this.apiKeys.rotate(user, id);
  }

  @Delete(':id')
  @HttpCode(204)
  revoke(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<void> {
    return this.apiKeys.revoke(user, id);
  }
}

/** The gateway's service-to-service check of a key; the gateway never exposes this route. */
@Controller('internal/api-keys')
export class ApiKeyResolveController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Post('resolve')
  @HttpCode(200)
  resolve(
    @Body(new ZodValidationPipe(apiKeyResolveRequestSchema)) body: z.output<typeof apiKeyResolveRequestSchema>,
  ): Promise<ApiKeyResolution> {
    return this.apiKeys.resolve(body.key);
  }
}
