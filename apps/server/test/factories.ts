import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { appointments, employees, notifications } from '../src/db/schema.ts';
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

export async function insertAppointment(db: Db, overrides: Partial<typeof appointments.$inferInsert> = {}) {
  const startsAt = overrides.startsAt ?? new Date('2026-12-01T09:00:00Z');
  const [row] = await db
    .insert(appointments)
    .values({
      employeeName: 'Employee',
      clientName: `Client ${unique()}`,
      clientEmail: `client-${unique()}@example.com`,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      localDate: '2026-12-01',
      startTime: '10:00',
      endTime: '10:30',
      serviceName: 'Appointment',
      priceAmount: 1000,
      priceCurrency: 'eur',
      ...overrides,
      // The calendar time it takes: its own, unless the test says otherwise.
      blockedFrom: overrides.blockedFrom ?? overrides.startsAt ?? startsAt,
      blockedUntil: overrides.blockedUntil ?? overrides.endsAt ?? new Date(startsAt.getTime() + 30 * 60_000),
    })
    .returning();
  return row!;
}
