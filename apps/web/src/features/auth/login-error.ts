import { ApiError } from '../../lib/api-client';

export const LOGIN_FAILED = 'Login failed';
export const LOGIN_FALLBACK = 'Failed to login. Please check your credentials.';

/** Spec §8: the server's message, else 'Login failed' for an answer without one, else the generic text. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? LOGIN_FAILED;
  return LOGIN_FALLBACK;
}
