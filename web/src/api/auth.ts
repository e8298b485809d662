import {
  currentUserSchema,
  registerResponseSchema,
  successResponseSchema,
  verifyEmailResponseSchema,
  type CurrentUser,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '@app/contracts';
import { ApiError, apiRequest } from './client';

/**
 * The spec's sign-out navigation: the server signs out only when the request comes from our own
 * pages, then redirects to /. Links point here (it works without JavaScript); a click calls `logout`.
 */
export const logoutPath = '/api/logout';

/** Ends the session on the server (refresh token and access token at once) and clears its cookies. */
export function logout() {
  return apiRequest('/api/auth/logout', successResponseSchema, { method: 'POST' });
}

export function register(body: RegisterRequest) {
  return apiRequest('/api/auth/register', registerResponseSchema, { method: 'POST', body });
}

export function login(body: LoginRequest) {
  return apiRequest('/api/auth/login', currentUserSchema, { method: 'POST', body });
}

/** The signed-in user, or null when signed out (spec 7: a 401 is not an error here). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiRequest('/api/auth/me', currentUserSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw new Error('Failed to get user data', { cause: error });
  }
}

export function verifyEmail(token: string) {
  return apiRequest(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, verifyEmailResponseSchema);
}

export function sendVerification(body: { email: string; userId: string }) {
  return apiRequest('/api/auth/send-verification', successResponseSchema, { method: 'POST', body });
}

export function forgotPassword(body: { email: string }) {
  return apiRequest('/api/auth/forgot-password', successResponseSchema, { method: 'POST', body });
}

export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest('/api/auth/reset-password', successResponseSchema, { method: 'POST', body });
}
