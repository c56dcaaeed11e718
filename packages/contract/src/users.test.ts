import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, updateProfileSchema, validatePasswordForm } from './users.ts';

const valid = {
  currentPassword: 'old-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

describe('password form', () => {
  it('accepts a complete, matching form', () => {
    expect(validatePasswordForm(valid)).toEqual({});
  });

  it('gives each spec message', () => {
    expect(validatePasswordForm({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: PASSWORD_MESSAGES.currentRequired,
      newPassword: PASSWORD_MESSAGES.newRequired,
      confirmPassword: PASSWORD_MESSAGES.confirmRequired,
    });
    expect(
      validatePasswordForm({ ...valid, newPassword: 'short', confirmPassword: 'short' }).newPassword,
    ).toBe('Password must be at least 8 characters');
    expect(validatePasswordForm({ ...valid, confirmPassword: 'other-password' }).confirmPassword).toBe(
      'Passwords do not match',
    );
  });
});

describe('profile', () => {
  it('trims and checks the email pattern', () => {
    expect(updateProfileSchema.parse({ name: ' Ana ', email: ' ana@example.com ' })).toEqual({
      name: 'Ana',
      email: 'ana@example.com',
    });
    expect(updateProfileSchema.safeParse({ name: 'Ana', email: 'ana@example' }).success).toBe(false);
  });
});
