import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { employees, notifications } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';

const unique = () => randomUUID().slice(0, 8);

export async function insertEmployee(
  db: Db,
  overrides: Partial<typeof employees.$inferInsert> & { password?: string } = {},
) {
  const suffix = unique();
  const { password = 'password123', ...values } = overrides;
  const [row] = await db
    .insert(employees)
    .values({
      name: `Employee ${suffix}`,
      email: `employee-${suffix}@example.com`,
      username: `user-${suffix}`,
      passwordHash: await hashPassword(password),
      role: 'Personal trainer',
      title: 'Coach',
      locations: ['Madrid'],
      ...values,
    })
    .returning();
  return { ...row!, password };
}

export async function insertNotification(db: Db, overrides: Partial<typeof notifications.$inferInsert> = {}) {
  const [row] = await db
    .insert(notifications)
    .values({ title: `Notice ${unique()}`, message: 'Something happened', type: 'info', ...overrides })
    .returning();
  return row!;
}
