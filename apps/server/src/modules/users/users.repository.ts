import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { employees } from '../../db/schema.ts';

export function createUsersRepository(db: Db) {
  return {
    async findById(id: string) {
      const [row] = await db.select().from(employees).where(eq(employees.id, id)).limit(1);
      return row;
    },
    async emailTakenByOther(email: string, id: string) {
      const [row] = await db
        .select({ id: employees.id })
        .from(employees)
        .where(and(sql`lower(${employees.email}) = lower(${email})`, ne(employees.id, id)))
        .limit(1);
      return Boolean(row);
    },
    async updateProfile(id: string, values: { name: string; email: string }) {
      const [row] = await db.update(employees).set(values).where(eq(employees.id, id)).returning();
      return row;
    },
    async updatePasswordHash(id: string, passwordHash: string) {
      await db.update(employees).set({ passwordHash }).where(eq(employees.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
