import { z } from 'zod';

export const loginRequestSchema = z.object({
  username: z.string({ message: 'Username is required' }).trim().min(1, 'Username is required').max(100),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const verifyResponseSchema = z.object({ valid: z.literal(true), user: sessionUserSchema });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** What the login page needs before anyone signs in. */
export const loginConfigSchema = z.object({
  demo: z.object({ username: z.string(), password: z.string() }).nullable(),
});
export type LoginConfig = z.infer<typeof loginConfigSchema>;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  inactive: 'Your account is inactive. Please contact an administrator.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  unauthorized: 'Authentication required',
} as const;
