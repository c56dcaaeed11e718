import {
  type ChangePasswordRequest,
  PASSWORD_MESSAGES,
  PROFILE_MESSAGES,
  type Profile,
  type UpdateProfileRequest,
} from '@chatdesk/contract/users';
import { conflict, invalid, notFound } from '../../lib/app-error.ts';
import type { AuthService, StaffPrincipal } from '../auth/auth.service.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { UsersRepository } from './users.repository.ts';

/** "The user" of the settings page is the signed-in employee. */
export function createUsersService({
  repository,
  auth,
  onChange,
}: {
  repository: UsersRepository;
  auth: AuthService;
  /** The team changed (a name or an email): whoever keeps it forgets it. */
  onChange: () => void;
}) {
  async function load(id: string) {
    const row = await repository.findById(id);
    if (!row) throw notFound('User not found');
    return row;
  }

  return {
    async getProfile(staff: StaffPrincipal): Promise<Profile> {
      const row = await load(staff.id);
      return { name: row.name, email: row.email };
    },

    async updateProfile(staff: StaffPrincipal, input: UpdateProfileRequest): Promise<Profile> {
      if (await repository.emailTakenByOther(input.email, staff.id))
        throw conflict(PROFILE_MESSAGES.emailTaken);
      const row = await repository.updateProfile(staff.id, input);
      if (!row) throw notFound('User not found');
      onChange();
      return { name: row.name, email: row.email };
    },

    async changePassword(staff: StaffPrincipal, input: ChangePasswordRequest) {
      const row = await load(staff.id);
      if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
        throw invalid(PASSWORD_MESSAGES.currentWrong);
      }
      await repository.updatePasswordHash(staff.id, await hashPassword(input.newPassword));
      await auth.revokeOtherSessions(staff.id, staff.sessionId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
