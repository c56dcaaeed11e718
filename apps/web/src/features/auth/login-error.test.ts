import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { loginErrorMessage } from './login-error';

describe('loginErrorMessage', () => {
  it('prefers the server message', () => {
    expect(loginErrorMessage(new ApiError(401, 'Invalid username or password'))).toBe(
      'Invalid username or password',
    );
  });

  it("falls back to 'Login failed' when the server sent no message", () => {
    expect(loginErrorMessage(new ApiError(502, null))).toBe('Login failed');
  });

  it('falls back to the generic text when the server could not be reached', () => {
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Failed to login. Please check your credentials.',
    );
  });
});
