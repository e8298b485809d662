import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  API_KEY_SCOPES_HEADER,
  createWebhookEndpointRequestSchema,
  updateWebhookEndpointRequestSchema,
  webhookDeliveriesQuerySchema,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
} from '@app/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@app/platform';
import {
  callerOf,
  WebhookEndpointsService,
  type CreateWebhookEndpoint,
  type DeliveriesQuery,
  type UpdateWebhookEndpoint,
} from './webhook-endpoints.service';

/** Routes: packages/contracts/src/http/routes/webhook-endpoints.ts. */
@Controller('api/developer/webhooks')
export class WebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  @Get()
  list(@CurrentUser() user: AuthUser): Promise<WebhookEndpointView[]> {
    return this.endpoints.list(user.id);
  }

  @Post()
  create(
    @CurrentUser() user: AuthUser,
    @Headers(API_KEY_SCOPES_HEADER) keyScopes: string | undefined,
    @Body(new ZodValidationPipe(createWebhookEndpointRequestSchema)) body: CreateWebhookEndpoint,
  ): Promise<WebhookEndpointWithSecret> {
    return this.endpoints.create(callerOf(user, keyScopes), body);
  }

  @Put(':id')
  update(
    @CurrentUser() user: AuthUser,
    @Headers(API_KEY_SCOPES_HEADER) keyScopes: string | undefined,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateWebhookEndpointRequestSchema)) body: UpdateWebhookEndpoint,
  ): Promise<WebhookEndpointView> {
    return this.endpoints.update(callerOf(user, keyScopes), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<void> {
    return this.endpoints.remove(user.id, id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  rotateSecret(
    @CurrentUser() user: AuthUser,
    @Headers(API_KEY_SCOPES_HEADER) keyScopes: string | undefined,
    @Param('id') id: string,
  ): Promise<WebhookEndpointWithSecret> {
    return this.endpoints.rotateSecret(callerOf(user, keyScopes), id);
  }

  @Get(':id/deliveries')
  deliveries(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(webhookDeliveriesQuerySchema)) query: DeliveriesQuery,
  ): Promise<WebhookDeliveryView[]> {
    return this.endpoints.deliveries(user.id, id, query);
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @HttpCode(202)
  resend(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryView> {
    return this.endpoints.resend(user.id, id, deliveryId);
  }

  @Post(':id/test')
  @HttpCode(202)
  sendTest(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<WebhookDeliveryView> {
    return this.endpoints.sendTest(user.id, id);
  }
}
