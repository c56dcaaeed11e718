import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { employees } from '../../db/schema.ts';

export type EmployeeRow = typeof employees.$inferSelect;
export type EmployeeValues = Omit<typeof employees.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createEmployeesRepository(db: Db) {
  return {
    async list(search?: string) {
      const pattern = search ? `%${escapeLike(search)}%` : undefined;
      return db
        .select()
        .from(employees)
        .where(
          pattern
            ? or(
                ilike(employees.name, pattern),
                ilike(employees.email, pattern),
                ilike(employees.username, pattern),
                ilike(employees.role, pattern),
                ilike(employees.title, pattern),
                sql`array_to_string(${employees.locations}, ',') ilike ${pattern}`,
              )
            : undefined,
        )
        .orderBy(asc(employees.name));
    },
    async findById(id: string) {
      const [row] = await db.select().from(employees).where(eq(employees.id, id)).limit(1);
      return row;
    },
    async findByUsername(username: string) {
      const [row] = await db
        .select()
        .from(employees)
        .where(sql`lower(${employees.username}) = lower(${username})`)
        .limit(1);
      return row;
    },
    async insert(values: EmployeeValues) {
      const [row] = await db.insert(employees).values(values).returning();
      return row!;
    },
    async update(id: string, values: Partial<EmployeeValues>) {
      const [row] = await db.update(employees).set(values).where(eq(employees.id, id)).returning();
      return row;
    },
    async delete(id: string) {
      const rows = await db.delete(employees).where(eq(employees.id, id)).returning({ id: employees.id });
      return rows.length > 0;
    },
  };
}

export type EmployeesRepository = ReturnType<typeof createEmployeesRepository>;
