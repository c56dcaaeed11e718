import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { employees, serviceEmployees, services } from '../../db/schema.ts';

export type ServiceRow = typeof services.$inferSelect;
export type ServiceValues = Omit<
  typeof services.$inferInsert,
  'id' | 'isDefault' | 'archivedAt' | 'createdAt' | 'updatedAt'
>;
export type ServiceWithEmployees = ServiceRow & { employeeIds: string[] };

const withEmployees = {
  service: services,
  employeeIds: sql<string[]>`coalesce((select array_agg(se.employee_id order by se.employee_id)
    from ${serviceEmployees} se where se.service_id = ${services.id}), '{}')`,
};

const flatten = (row: { service: ServiceRow; employeeIds: string[] }): ServiceWithEmployees => ({
  ...row.service,
  employeeIds: row.employeeIds,
});

export function createServicesRepository(db: Db) {
  /** Only employees that exist: an id from a stale page is dropped, not a foreign-key error. */
  async function existingEmployees(tx: Db, ids: readonly string[]) {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(inArray(employees.id, [...ids]));
    return rows.map((row) => row.id);
  }

  async function replaceEmployees(tx: Db, serviceId: string, employeeIds: readonly string[]) {
    await tx.delete(serviceEmployees).where(eq(serviceEmployees.serviceId, serviceId));
    const ids = await existingEmployees(tx, employeeIds);
    if (ids.length)
      await tx.insert(serviceEmployees).values(ids.map((employeeId) => ({ serviceId, employeeId })));
  }

  return {
    /** The default first, then by name; archived ones only when asked. */
    async list(includeArchived: boolean): Promise<ServiceWithEmployees[]> {
      const rows = await db
        .select(withEmployees)
        .from(services)
        .where(includeArchived ? undefined : isNull(services.archivedAt))
        .orderBy(desc(services.isDefault), asc(sql`lower(${services.name})`), asc(services.createdAt));
      return rows.map(flatten);
    },

    async get(id: string): Promise<ServiceWithEmployees | undefined> {
      const [row] = await db.select(withEmployees).from(services).where(eq(services.id, id)).limit(1);
      return row && flatten(row);
    },

    async create(values: ServiceValues, employeeIds: readonly string[]) {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [row] = await tx.insert(services).values(values).returning({ id: services.id });
        await replaceEmployees(tx, row!.id, employeeIds);
        return row!.id;
      });
    },

    async update(id: string, values: ServiceValues, employeeIds: readonly string[]) {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [row] = await tx
          .update(services)
          .set(values)
          .where(eq(services.id, id))
          .returning({ id: services.id });
        if (!row) return false;
        await replaceEmployees(tx, id, employeeIds);
        return true;
      });
    },

    /** Archives unless it is the default (the condition is in the statement). */
    async archive(id: string, at: Date): Promise<'archived' | 'default' | 'missing'> {
      const [row] = await db
        .update(services)
        .set({ archivedAt: at })
        .where(and(eq(services.id, id), eq(services.isDefault, false)))
        .returning({ id: services.id });
      if (row) return 'archived';
      const [kept] = await db.select({ id: services.id }).from(services).where(eq(services.id, id)).limit(1);
      return kept ? 'default' : 'missing';
    },

    async restore(id: string) {
      const rows = await db
        .update(services)
        .set({ archivedAt: null })
        .where(eq(services.id, id))
        .returning({ id: services.id });
      return rows.length > 0;
    },

    /** Makes an active service the default, in one transaction with unsetting the old one. */
    async setDefault(id: string): Promise<'done' | 'archived' | 'missing'> {
      return db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        const [target] = await tx
          .select({ archivedAt: services.archivedAt })
          .from(services)
          .where(eq(services.id, id))
          .for('update');
        if (!target) return 'missing';
        if (target.archivedAt) return 'archived';
        await tx.update(services).set({ isDefault: false }).where(eq(services.isDefault, true));
        await tx.update(services).set({ isDefault: true }).where(eq(services.id, id));
        return 'done';
      });
    },

    async serviceIdsOf(employeeId: string) {
      const rows = await db
        .select({ id: serviceEmployees.serviceId })
        .from(serviceEmployees)
        .where(eq(serviceEmployees.employeeId, employeeId))
        .orderBy(asc(serviceEmployees.serviceId));
      return rows.map((row) => row.id);
    },

    async setServicesOf(employeeId: string, serviceIds: readonly string[]) {
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Db;
        await tx.delete(serviceEmployees).where(eq(serviceEmployees.employeeId, employeeId));
        if (serviceIds.length === 0) return;
        const known = await tx
          .select({ id: services.id })
          .from(services)
          .where(inArray(services.id, [...serviceIds]));
        if (known.length)
          await tx.insert(serviceEmployees).values(known.map((row) => ({ serviceId: row.id, employeeId })));
      });
    },

    /** The active services an employee offers: the default first, then by name. */
    async offeredBy(employeeId: string): Promise<ServiceRow[]> {
      const rows = await db
        .select({ service: services })
        .from(services)
        .innerJoin(serviceEmployees, eq(serviceEmployees.serviceId, services.id))
        .where(and(eq(serviceEmployees.employeeId, employeeId), isNull(services.archivedAt)))
        .orderBy(desc(services.isDefault), asc(sql`lower(${services.name})`));
      return rows.map((row) => row.service);
    },

    /** `offeredBy` for the employee with this username (any case), so a page reads it with the employee. */
    async offeredByUsername(username: string): Promise<ServiceRow[]> {
      const rows = await db
        .select({ service: services })
        .from(services)
        .innerJoin(serviceEmployees, eq(serviceEmployees.serviceId, services.id))
        .innerJoin(employees, eq(employees.id, serviceEmployees.employeeId))
        .where(and(sql`lower(${employees.username}) = lower(${username})`, isNull(services.archivedAt)))
        .orderBy(desc(services.isDefault), asc(sql`lower(${services.name})`));
      return rows.map((row) => row.service);
    },

    async employeeExists(id: string) {
      const [row] = await db
        .select({ id: employees.id })
        .from(employees)
        .where(eq(employees.id, id))
        .limit(1);
      return Boolean(row);
    },
  };
}

export type ServicesRepository = ReturnType<typeof createServicesRepository>;
