import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import {
  affiliateVisitorApplicationSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sendVerificationRequestSchema,
  verifyEmailQuerySchema,
  type AffiliateVisitorApplicationResponse,
  type CurrentUser as CurrentUserBody,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type RegisterResponse,
  type ResetPasswordRequest,
  type SuccessResponse,
} from '@app/contracts';
import { accessTokenOf, CurrentUser, REFRESH_COOKIE, RequestId, ZodValidationPipe, type AuthUser } from '@app/platform';
import type { Request, Response } from 'express';
import { SessionsService, type SessionCookies } from '../sessions/sessions.service';
import { toAuthUser, toCurrentUser } from '../users/user.mapper';
import { AuthService, messages, type AffiliateVisitorApplicationInput } from './auth.service';
import { RetryAfterFilter } from './retry-later.error';

/** The session cookies (or a Bearer token) a sign-out names the session by. */
const sessionCookiesOf = (req: Request): SessionCookies => ({
  refresh: req.cookies?.[REFRESH_COOKIE],
  access: accessTokenOf(req.cookies, req.headers.authorization),
});

@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
  ) {}

  /** The same answer whether the address was new or taken (see AuthService.register): nothing identifies the account. */
  @Post('auth/register')
  async register(
    @Body(new ZodValidationPipe(registerRequestSchema)) body: RegisterRequest,
    @RequestId() requestId: string | undefined,
  ): Promise<RegisterResponse> {
    await this.auth.register(body, requestId);
    return { success: true, message: messages.registered };
  }

  /**
   * Spec 6: a visitor's affiliate application, which also creates their account (see AuthService);
   * answered like a registration, the same for a new and a taken address.
   */
  @Post('affiliate/apply')
  async applyAsAffiliate(
    @Body(new ZodValidationPipe(affiliateVisitorApplicationSchema)) body: AffiliateVisitorApplicationInput,
    @RequestId() requestId: string | undefined,
  ): Promise<AffiliateVisitorApplicationResponse> {
    await this.auth.registerAffiliateApplicant(body, requestId);
    return { success: true, message: messages.affiliateApplied, email: body.contactEmail.toLowerCase() };
  }

  @Post('auth/login')
  @HttpCode(200)
  @UseFilters(RetryAfterFilter)
  async login(
    @Body(new ZodValidationPipe(loginRequestSchema)) body: LoginRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CurrentUserBody> {
    const user = await this.auth.login(body.email, body.password);
    await this.sessions.start(toAuthUser(user), res);
    return toCurrentUser(user);
  }

  @Get('auth/me')
  async me(@CurrentUser() auth: AuthUser, @Res({ passthrough: true }) res: Response): Promise<CurrentUserBody> {
    const user = await this.auth.currentUser(auth.id);
    if (user.emailVerified !== auth.emailVerified) {
      await this.sessions.setAccessCookie(res, { ...toAuthUser(user), sessionId: auth.sessionId });
    }
    return toCurrentUser(user);
  }

  @Post('auth/refresh')
  @HttpCode(200)
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<CurrentUserBody> {
    const grant = await this.sessions.rotate(req.cookies?.[REFRESH_COOKIE], res);
    const user = await this.auth.currentUser(grant.userId);
    await this.sessions.setAccessCookie(res, { ...toAuthUser(user), sessionId: grant.sessionId }, grant.issuedAt);
    return toCurrentUser(user);
  }

  /** Signs out: the refresh family and the access token's session are revoked; answers even without a session. */
  @Post('auth/logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SuccessResponse> {
    await this.sessions.end(sessionCookiesOf(req), res);
    return { success: true, message: messages.signedOutNow };
  }

  /** Spec 7's navigation: signs out when our own pages asked (never for another site's link), then goes home. */
  @Get('logout')
  async logoutNavigation(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.sessions.endFromNavigation(req.headers, sessionCookiesOf(req), res);
    res.redirect(302, '/');
  }

  @Get('auth/verify-email')
  async verifyEmail(
    @Query(new ZodValidationPipe(verifyEmailQuerySchema)) query: { token: string },
    @RequestId() requestId: string | undefined,
  ): Promise<SuccessResponse> {
    await this.auth.verifyEmail(query.token, requestId);
    return { success: true, message: messages.verified };
  }

  @Post('auth/send-verification')
  @HttpCode(200)
  async sendVerification(
    @Body(new ZodValidationPipe(sendVerificationRequestSchema)) _body: unknown,
    @CurrentUser() auth: AuthUser,
  ): Promise<SuccessResponse> {
    await this.auth.resendVerification(auth);
    return { success: true, message: messages.verificationSent };
  }

  @Post('auth/forgot-password')
  @HttpCode(200)
  async forgotPassword(
    @Body(new ZodValidationPipe(forgotPasswordRequestSchema)) body: ForgotPasswordRequest,
  ): Promise<SuccessResponse> {
    await this.auth.forgotPassword(body.email);
    return { success: true, message: messages.resetRequested };
  }

  @Post('auth/reset-password')
  @HttpCode(200)
  async resetPassword(
    @Body(new ZodValidationPipe(resetPasswordRequestSchema)) body: ResetPasswordRequest,
  ): Promise<SuccessResponse> {
    await this.auth.resetPassword(body);
    return { success: true, message: messages.passwordReset };
  }
}
