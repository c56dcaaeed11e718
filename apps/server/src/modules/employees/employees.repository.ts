import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { textAfter } from '../../db/keyset.ts';
import { employees } from '../../db/schema.ts';
import { searchMatches } from '../../db/search.ts';
import type { Position } from '../../lib/cursor.ts';

export type EmployeeRow = typeof employees.$inferSelect;
export type EmployeeValues = Omit<typeof employees.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export function createEmployeesRepository(db: Db) {
  return {
    /** A page by name; search reads the trigram-indexed search_text, ignoring case and accents. */
    async page(search: string | undefined, limit: number, after?: Position) {
      const conditions: SQL[] = [];
      if (search) conditions.push(searchMatches(sql`${employees.searchText}`, search));
      if (after) conditions.push(textAfter(employees.name, employees.id, after));
      const rows = await db
        .select()
        .from(employees)
        .where(and(...conditions))
        .orderBy(asc(employees.name), asc(employees.id))
        .limit(limit + 1);
      return rows.map((row) => ({ ...row, cursorKey: row.name }));
    },
    async all() {
      return db.select().from(employees).orderBy(asc(employees.name), asc(employees.id));
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
