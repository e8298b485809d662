import {
  routeById,
  routePath,
  type CurrentUser,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@app/contracts';
import { ApiError, callRoute } from './client';

/**
 * The spec's sign-out navigation: the server signs out only when the request comes from our own
 * pages, then redirects to /. Links point here (it works without JavaScript); a click calls `logout`.
 */
export const logoutPath = routePath(routeById('logoutAndRedirect'));

/** Ends the session on the server (refresh token and access token at once) and clears its cookies. */
export function logout() {
  return callRoute(routeById('logout'));
}

export function register(body: RegisterRequest) {
  return callRoute(routeById('register'), { body });
}

export function login(body: LoginRequest) {
  return callRoute(routeById('login'), { body });
}

/** The signed-in user, or null when signed out (spec 7: a 401 is not an error here). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await callRoute(routeById('getCurrentUser'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw new Error('Failed to get user data', { cause: error });
  }
}

export function verifyEmail(token: string) {
  return callRoute(routeById('verifyEmail'), { query: { token } });
}

export function sendVerification(body: { email: string; userId: string }) {
  return callRoute(routeById('sendVerificationEmail'), { body });
}

export function forgotPassword(body: { email: string }) {
  return callRoute(routeById('forgotPassword'), { body });
}

export function resetPassword(body: ResetPasswordRequest) {
  return callRoute(routeById('resetPassword'), { body });
}
