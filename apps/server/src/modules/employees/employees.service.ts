import type { Paged } from '@chatdesk/contract/common';
import {
  type Availability,
  type createEmployeeSchema,
  EMPLOYEE_MESSAGES,
  type Employee,
  type listEmployeesQuerySchema,
  type updateEmployeeSchema,
} from '@chatdesk/contract/employees';
import type { z } from 'zod';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import { decodeCursor, isTextKey, toPage } from '../../lib/cursor.ts';
import type { AuthService, StaffPrincipal } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { calendarFeedUrls, newCalendarSecret } from '../calendar-feed/feed-url.ts';
import type { EmployeeRow, EmployeesRepository } from './employees.repository.ts';

export const toEmployee = (row: EmployeeRow): Employee => ({
  id: row.id,
  name: row.name,
  email: row.email,
  username: row.username,
  isActive: row.isActive,
  takesBookings: row.takesBookings,
  role: row.role,
  title: row.title,
  locations: row.locations,
  availability: row.availability as Availability,
});

export function createEmployeesService({
  repository,
  auth,
  publicUrl,
  onChange = () => {},
}: {
  repository: EmployeesRepository;
  auth: Pick<AuthService, 'revokeAllSessions' | 'revokeOtherSessions'>;
  publicUrl: string;
  /** The team changed: what the assistant knows of it must be read again (composition/services.ts). */
  onChange?: () => void;
}) {
  async function assertUsernameFree(username: string, exceptId?: string) {
    const existing = await repository.findByUsername(username);
    if (existing && existing.id !== exceptId) throw conflict(EMPLOYEE_MESSAGES.usernameTaken);
  }

  /** Two saves racing for one username: the unique index decides, and the loser gets the same message. */
  async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EMPLOYEE_MESSAGES.usernameTaken);
      throw error;
    }
  }

  return {
    async page(query: z.output<typeof listEmployeesQuerySchema>): Promise<Paged<Employee>> {
      const after = decodeCursor(query.cursor, isTextKey);
      return toPage(await repository.page(query.search, query.limit, after), query.limit, toEmployee);
    },

    /** Every employee, for the assistant's directory: a business has a team, not thousands. */
    async list() {
      return (await repository.all()).map(toEmployee);
    },

    async get(id: string) {
      const row = await repository.findById(id);
      if (!row) throw notFound(EMPLOYEE_MESSAGES.notFound);
      return toEmployee(row);
    },

    async create(input: z.output<typeof createEmployeeSchema>) {
      await assertUsernameFree(input.username);
      const { password, ...values } = input;
      const passwordHash = await hashPassword(password);
      const row = await guardUnique(() =>
        repository.insert({ ...values, passwordHash, calendarSecret: newCalendarSecret() }),
      );
      onChange();
      return toEmployee(row);
    },

    async update(id: string, input: z.output<typeof updateEmployeeSchema>, staff: StaffPrincipal) {
      if (!(await repository.findById(id))) throw notFound(EMPLOYEE_MESSAGES.notFound);
      if (id === staff.id && !input.isActive) {
        throw new AppError('CONFLICT', 'You cannot deactivate your own account');
      }
      await assertUsernameFree(input.username, id);
      const { password, ...values } = input;
      const passwordHash = password ? await hashPassword(password) : undefined;
      const row = await guardUnique(() =>
        repository.update(id, { ...values, ...(passwordHash ? { passwordHash } : {}) }),
      );
      if (!row) throw notFound(EMPLOYEE_MESSAGES.notFound);
      onChange();
      // A deactivated account or a reset password must not stay signed in anywhere.
      if (id === staff.id && passwordHash) await auth.revokeOtherSessions(id, staff.sessionId);
      else if (!row.isActive || passwordHash) await auth.revokeAllSessions(id);
      return toEmployee(row);
    },

    async calendarFeed(id: string) {
      const row = await repository.findById(id);
      if (!row) throw notFound(EMPLOYEE_MESSAGES.notFound);
      return calendarFeedUrls(publicUrl, row.calendarSecret);
    },

    /** A new secret: the old URL stops working at once, for whoever had it. */
    async regenerateCalendarFeed(id: string) {
      const row = await repository.update(id, { calendarSecret: newCalendarSecret() });
      if (!row) throw notFound(EMPLOYEE_MESSAGES.notFound);
      return calendarFeedUrls(publicUrl, row.calendarSecret);
    },

    /** Appointments keep the employee's name and email; they are not lost with the employee. */
    async remove(id: string, staff: StaffPrincipal) {
      if (id === staff.id) throw conflict(EMPLOYEE_MESSAGES.cannotDeleteSelf);
      if (!(await repository.delete(id))) throw notFound(EMPLOYEE_MESSAGES.notFound);
      onChange();
      await auth.revokeAllSessions(id);
    },
  };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
