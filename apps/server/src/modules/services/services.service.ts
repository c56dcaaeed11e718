import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule';
import {
  type PublicService,
  SERVICE_MESSAGES,
  type Service,
  type serviceFormSchema,
} from '@chatdesk/contract/services';
import type { z } from 'zod';
import { conflict, invalid, notFound } from '../../lib/app-error.ts';
import type { SlotShape } from '../../lib/slots.ts';
import type { ServiceRow, ServicesRepository, ServiceWithEmployees } from './services.repository.ts';

/** A form as validated; callers inside the server that predate classes may leave seats out. */
type ServiceForm = Omit<z.output<typeof serviceFormSchema>, 'seats'> & { seats?: number | null };

const toService = (row: ServiceWithEmployees): Service => ({
  id: row.id,
  name: row.name,
  description: row.description,
  durationMinutes: row.durationMinutes,
  priceAmount: row.priceAmount,
  currency: row.currency,
  bufferBeforeMinutes: row.bufferBeforeMinutes,
  bufferAfterMinutes: row.bufferAfterMinutes,
  minNoticeMinutes: row.minNoticeMinutes,
  horizonDays: row.horizonDays,
  dailyCap: row.dailyCap,
  seats: row.seats,
  isDefault: row.isDefault,
  archivedAt: row.archivedAt?.toISOString() ?? null,
  employeeIds: row.employeeIds,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A service as visitors and the assistant see it. */
export const toPublicService = (row: ServiceRow): PublicService => ({
  id: row.id,
  name: row.name,
  description: row.description,
  durationMinutes: row.durationMinutes,
  price: { amount: row.priceAmount, currency: row.currency },
  seats: row.seats,
});

/** The calendar time a booking of the service takes. */
export const shapeOf = (row: ServiceRow): SlotShape => ({
  durationMinutes: row.durationMinutes,
  bufferBeforeMinutes: row.bufferBeforeMinutes,
  bufferAfterMinutes: row.bufferAfterMinutes,
});

const values = (form: ServiceForm) => ({
  name: form.name,
  description: form.description,
  durationMinutes: form.durationMinutes,
  priceAmount: form.priceAmount,
  currency: form.currency,
  bufferBeforeMinutes: form.bufferBeforeMinutes,
  bufferAfterMinutes: form.bufferAfterMinutes,
  minNoticeMinutes: form.minNoticeMinutes,
  horizonDays: form.horizonDays,
  dailyCap: form.dailyCap,
  seats: form.seats ?? null,
});

export function createServicesService(deps: {
  repository: ServicesRepository;
  clock: () => Date;
  /** The catalogue changed: what the assistant knows of it must be read again. */
  onChange?: () => void;
}) {
  const { repository, clock } = deps;
  const changed = () => deps.onChange?.();

  async function load(id: string) {
    const row = await repository.get(id);
    if (!row) throw notFound(SERVICE_MESSAGES.notFound);
    return toService(row);
  }

  /**
   * Of the services an employee offers, the one named (it must be active and offered by them), or
   * when none is named (older pages, API clients), the default if they offer it, else their only one.
   */
  async function chooseService(offered: ServiceRow[], serviceId: string | undefined): Promise<ServiceRow> {
    if (serviceId) {
      const chosen = offered.find((service) => service.id === serviceId);
      if (chosen) return chosen;
      const row = await repository.get(serviceId);
      if (!row) throw notFound(SERVICE_MESSAGES.notFound);
      throw conflict(row.archivedAt ? SERVICE_MESSAGES.archived : SERVICE_MESSAGES.notOffered);
    }
    const fallback =
      offered.find((service) => service.isDefault) ?? (offered.length === 1 ? offered[0] : undefined);
    if (fallback) return fallback;
    throw offered.length ? invalid(BOOKING_MESSAGES.serviceRequired) : conflict(SERVICE_MESSAGES.noService);
  }

  async function assertEmployee(id: string) {
    if (!(await repository.employeeExists(id))) throw notFound('Employee not found');
  }

  return {
    async list(includeArchived: boolean) {
      return (await repository.list(includeArchived)).map(toService);
    },

    async create(form: ServiceForm) {
      const id = await repository.create(values(form), form.employeeIds);
      changed();
      return load(id);
    },

    async update(id: string, form: ServiceForm) {
      if (!(await repository.update(id, values(form), form.employeeIds)))
        throw notFound(SERVICE_MESSAGES.notFound);
      changed();
      return load(id);
    },

    async archive(id: string) {
      const result = await repository.archive(id, clock());
      if (result === 'missing') throw notFound(SERVICE_MESSAGES.notFound);
      if (result === 'default') throw conflict(SERVICE_MESSAGES.defaultArchived);
      changed();
      return load(id);
    },

    async restore(id: string) {
      if (!(await repository.restore(id))) throw notFound(SERVICE_MESSAGES.notFound);
      changed();
      return load(id);
    },

    async setDefault(id: string) {
      const result = await repository.setDefault(id);
      if (result === 'missing') throw notFound(SERVICE_MESSAGES.notFound);
      if (result === 'archived') throw conflict(SERVICE_MESSAGES.archived);
      changed();
      return load(id);
    },

    async servicesOf(employeeId: string) {
      await assertEmployee(employeeId);
      return { serviceIds: await repository.serviceIdsOf(employeeId) };
    },

    async setServicesOf(employeeId: string, serviceIds: readonly string[]) {
      await assertEmployee(employeeId);
      await repository.setServicesOf(employeeId, serviceIds);
      changed();
      return { serviceIds: await repository.serviceIdsOf(employeeId) };
    },

    /** A service as stored, archived or not: what a payment already made was for. */
    find: (id: string): Promise<ServiceRow | undefined> => repository.get(id),

    /** The active services an employee offers, the default first. */
    offeredBy: (employeeId: string) => repository.offeredBy(employeeId),
    offeredByUsername: (username: string) => repository.offeredByUsername(username),

    /**
     * The service a booking with this employee is for: the one named (it must be active and
     * offered by them), or, when none is named (older pages, API clients), the default if they
     * offer it, else their only one.
     */
    async forBooking(employeeId: string, serviceId: string | undefined): Promise<ServiceRow> {
      return chooseService(await repository.offeredBy(employeeId), serviceId);
    },

    /** `forBooking` from the employee's offered services already read (the public schedule has them). */
    chooseService,
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
