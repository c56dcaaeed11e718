import { z } from 'zod';
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from './constants.ts';

export const profileSchema = z.object({ name: z.string(), email: z.string() });
export type Profile = z.infer<typeof profileSchema>;

export const PROFILE_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'This email is already used by another employee',
} as const;

export const updateProfileSchema = z.object({
  name: z
    .string({ message: PROFILE_MESSAGES.nameRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.nameRequired)
    .max(200),
  email: z
    .string({ message: PROFILE_MESSAGES.emailRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.emailRequired)
    .max(320)
    .regex(EMAIL_PATTERN, PROFILE_MESSAGES.emailInvalid),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileSchema>;

export const PASSWORD_MESSAGES = {
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  confirmRequired: 'Please confirm your new password',
  mismatch: 'Passwords do not match',
  currentWrong: 'Current password is incorrect',
} as const;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ message: PASSWORD_MESSAGES.currentRequired })
    .min(1, PASSWORD_MESSAGES.currentRequired)
    .max(200),
  newPassword: z
    .string({ message: PASSWORD_MESSAGES.newRequired })
    .min(1, PASSWORD_MESSAGES.newRequired)
    .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort)
    .max(200),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordSchema>;

/** The web form adds the confirmation, which never reaches the server. */
export type PasswordFormValues = ChangePasswordRequest & { confirmPassword: string };
export type PasswordFormErrors = Partial<Record<keyof PasswordFormValues, string>>;

export function validatePasswordForm(values: PasswordFormValues): PasswordFormErrors {
  const errors: PasswordFormErrors = {};
  if (!values.currentPassword) errors.currentPassword = PASSWORD_MESSAGES.currentRequired;
  if (!values.newPassword) errors.newPassword = PASSWORD_MESSAGES.newRequired;
  else if (values.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = PASSWORD_MESSAGES.tooShort;
  if (!values.confirmPassword) errors.confirmPassword = PASSWORD_MESSAGES.confirmRequired;
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORD_MESSAGES.mismatch;
  return errors;
}
