import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PasswordForm } from './password-form';

function setup() {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<PasswordForm onSubmit={onSubmit} busy={false} />);
  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
  const submit = () => user.click(screen.getByRole('button', { name: 'Update Password' }));
  return { user, onSubmit, field, submit };
}

describe('PasswordForm', () => {
  it('requires every field', async () => {
    const { submit, onSubmit } = setup();
    await submit();

    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for at least 8 characters and a matching confirmation', async () => {
    const { user, field, submit, onSubmit } = setup();
    await user.type(field('Current Password'), 'old-secret');
    await user.type(field('New Password'), 'short');
    await user.type(field('Confirm New Password'), 'different');
    await submit();

    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears the error of a field as soon as it is edited', async () => {
    const { user, field, submit } = setup();
    await submit();
    await user.type(field('Current Password'), 'x');

    expect(screen.queryByText('Current password is required')).not.toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();
  });

  it('sends the current and the new password, never the confirmation', async () => {
    const { user, field, submit, onSubmit } = setup();
    await user.type(field('Current Password'), 'admin1234');
    await user.type(field('New Password'), 'new-password-1');
    await user.type(field('Confirm New Password'), 'new-password-1');
    await submit();

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      currentPassword: 'admin1234',
      newPassword: 'new-password-1',
    });
  });
});
