import { EMPLOYEE_MESSAGES } from '@chatdesk/contract/employees';
import {
  type AffectedAppointment,
  type BusinessClosure,
  type BusinessClosureCreated,
  type createBusinessClosureSchema,
  type createDateOverrideSchema,
  type DateOverride,
  type DateOverrideCreated,
  TIME_OFF_MESSAGES,
} from '@chatdesk/contract/time-off';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { dayStartTimes } from '../../lib/slots.ts';
import type { TimeOffRepository } from './time-off.repository.ts';

type Deps = { repository: TimeOffRepository; clock: () => Date };

type Span = { fromDate: string; toDate: string };

export function createTimeOffService({ repository, clock }: Deps) {
  /**
   * The upcoming appointments the time off takes away: every one in its span, or with different
   * hours only those whose start those hours no longer offer. Staff contact these customers.
   */
  async function affected(
    span: Span & { ranges?: ReadonlyArray<[string, string]> },
    employeeId?: string,
  ): Promise<AffectedAppointment[]> {
    const rows = await repository.scheduledAppointments({
      from: span.fromDate,
      to: span.toDate,
      after: clock(),
      ...(employeeId ? { employeeId } : {}),
    });
    // An appointment still stands when the new hours hold the whole of it, whatever its length.
    return rows
      .filter((row) => !dayStartTimes(span.ranges ?? [], Number(row.minutes)).includes(row.time))
      .map(({ minutes: _minutes, ...row }) => row);
  }

  async function loadEmployee(id: string) {
    if (!(await repository.employeeExists(id))) throw notFound(EMPLOYEE_MESSAGES.notFound);
  }

  async function loadOverride(employeeId: string, id: string) {
    await loadEmployee(employeeId);
    const override = await repository.findOverride(employeeId, id);
    if (!override) throw notFound(TIME_OFF_MESSAGES.overrideNotFound);
    return override;
  }

  async function loadClosure(id: string) {
    const closure = await repository.findClosure(id);
    if (!closure) throw notFound(TIME_OFF_MESSAGES.closureNotFound);
    return closure;
  }

  return {
    async overrides(employeeId: string): Promise<DateOverride[]> {
      await loadEmployee(employeeId);
      return repository.overrides(employeeId);
    },

    async createOverride(
      employeeId: string,
      input: z.output<typeof createDateOverrideSchema>,
    ): Promise<DateOverrideCreated> {
      await loadEmployee(employeeId);
      const override = await repository.insertOverride({ employeeId, ...input });
      return { override, affectedAppointments: await affected(override, employeeId) };
    },

    async overrideAffected(employeeId: string, id: string): Promise<AffectedAppointment[]> {
      return affected(await loadOverride(employeeId, id), employeeId);
    },

    async removeOverride(employeeId: string, id: string) {
      await loadEmployee(employeeId);
      if (!(await repository.deleteOverride(employeeId, id))) {
        throw notFound(TIME_OFF_MESSAGES.overrideNotFound);
      }
    },

    closures(): Promise<BusinessClosure[]> {
      return repository.closures();
    },

    async createClosure(
      input: z.output<typeof createBusinessClosureSchema>,
    ): Promise<BusinessClosureCreated> {
      const closure = await repository.insertClosure(input);
      return { closure, affectedAppointments: await affected(closure) };
    },

    async closureAffected(id: string): Promise<AffectedAppointment[]> {
      return affected(await loadClosure(id));
    },

    async removeClosure(id: string) {
      if (!(await repository.deleteClosure(id))) throw notFound(TIME_OFF_MESSAGES.closureNotFound);
    },
  };
}

export type TimeOffService = ReturnType<typeof createTimeOffService>;
