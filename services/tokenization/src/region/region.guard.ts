import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import { AppError } from '@app/platform';
import type { Request } from 'express';
import { CLIENT_ADDRESS_HEADER, RegionLocator } from './region-locator';

/** The client's address as the gateway forwarded it (one value; anything else counts as none). */
export const clientAddressOf = (request: Request): string | undefined => {
  const value = request.headers[CLIENT_ADDRESS_HEADER];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * Every tokenization call but the eligibility read: refused (403 REGION_RESTRICTED, the spec's
 * message naming the detected location) unless the client is in New Zealand or Australia.
 */
@Injectable()
export class RegionGuard implements CanActivate {
  constructor(private readonly locator: RegionLocator) {}

  canActivate(context: ExecutionContext): boolean {
    const eligibility = this.locator.eligibility(clientAddressOf(context.switchToHttp().getRequest<Request>()));
    if (!eligibility.isAllowed) throw new AppError(ErrorCode.RegionRestricted, eligibility.restrictionMessage!);
    return true;
  }
}
