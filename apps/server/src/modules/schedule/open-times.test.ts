import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import { slotHolds } from '../../db/schema.ts';

// Monday 23 November 2026, 10:10 in Madrid.
const now = new Date('2026-11-23T09:10:00Z');
const ZONE = 'Europe/Madrid';
let t: TestContext;
let employee: Awaited<ReturnType<typeof insertEmployee>>;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  await t.app.services.company.update({
    name: 'Estudio',
    information: 'Un estudio.',
    systemPrompt: null,
    logo: null,
    website: null,
    industry: null,
    timeZone: ZONE,
    language: 'es',
  });
  employee = await insertEmployee(t.db, {
    username: 'open-times',
    availability: { monday: [['09:00', '12:00']], tuesday: [['09:00', '10:30']] },
  });
  // Tuesday 24th: 09:00 booked, 09:30 held by a visitor paying, 10:00 held once but expired.
  await insertAppointment(t.db, {
    employeeId: employee.id,
    startsAt: new Date('2026-11-24T08:00:00Z'),
    localDate: '2026-11-24',
    startTime: '09:00',
    endTime: '09:30',
  });
  await t.db.insert(slotHolds).values([
    {
      employeeId: employee.id,
      startsAt: new Date('2026-11-24T08:30:00Z'),
      blockedFrom: new Date('2026-11-24T08:30:00Z'),
      blockedUntil: new Date('2026-11-24T09:00:00Z'),
      expiresAt: new Date(now.getTime() + 5 * 60_000),
      providerPaymentId: 'pi_open_times_live',
    },
    {
      employeeId: employee.id,
      startsAt: new Date('2026-11-24T09:00:00Z'),
      blockedFrom: new Date('2026-11-24T09:00:00Z'),
      blockedUntil: new Date('2026-11-24T09:30:00Z'),
      expiresAt: new Date(now.getTime() - 60_000),
      providerPaymentId: 'pi_open_times_expired',
    },
  ]);
}, 60_000);
afterAll(() => t.close());

describe("the assistant's open times", () => {
  const openTimes = (from: string, to: string) =>
    t.app.services.schedule.openTimes({ id: employee.id, availability: employee.availability }, ZONE, {
      from,
      to,
    });

  it('are what the public schedule offers on those days: no past times, no booked or held slot', async () => {
    const days = await openTimes('2026-11-23', '2026-11-24');
    expect(days).toEqual([
      { date: '2026-11-23', times: ['10:30', '11:00', '11:30'] },
      { date: '2026-11-24', times: ['10:00'] },
    ]);
    const schedule = await t.app.services.schedule.getPublicSchedule('open-times');
    expect(schedule.slots.filter((day) => day.date <= '2026-11-24')).toEqual(days);
  });

  it('stop at the booking horizon and never look back', async () => {
    expect(await openTimes('2026-11-01', '2026-11-22')).toEqual([]);
    const far = await openTimes('2027-01-18', '2027-03-01');
    expect(far.map((day) => day.date)).toEqual(['2027-01-18', '2027-01-19']);
  });
});
