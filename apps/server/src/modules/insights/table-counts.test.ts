import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import {
  appointmentEvents,
  appointments,
  clientPacks,
  employees,
  packLedger,
  services,
} from '../../db/schema.ts';
import { addDays, zonedDate, zonedTimeToUtc } from '../../lib/time-zone.ts';
import { createInsightsRepository, type Range } from './insights.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = new Date('2026-11-26T12:00:00Z');

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
});
afterAll(() => t.close());

/** A small deterministic random source, so a failure replays the same history. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const localDays = (zone: string, from: string, to: string): Range => ({
  from: zonedTimeToUtc(from, '00:00', zone),
  to: zonedTimeToUtc(addDays(to, 1), '00:00', zone),
});

/** The kept counts and the same recomputed from the rows, per figure, bucket and dimension. */
async function keptAndRecomputed() {
  const read = async (source: string) =>
    (
      await t.db.execute(
        sql.raw(`select figure, bucket::text, key, detail, sum(count)::int as count, sum(amount)::bigint::text as amount
                   from ${source} group by 1, 2, 3, 4 having sum(count) <> 0 or sum(amount) <> 0 order by 1, 2, 3, 4`),
      )
    ).rows;
  return {
    kept: await read('insights_counts'),
    recomputed: await read(`insights_counts_of('-infinity', 'infinity')`),
  };
}

describe("the professionals' and services' tables counted per quarter hour and day", () => {
  const repository = () => createInsightsRepository(t.db);
  const today = zonedDate(now, 'Europe/Madrid');
  // Local days in zones whose midnights fall at every kind of UTC time (Kolkata +5:30, Kathmandu
  // +5:45, Los Angeles -8), a single day (no whole UTC day inside) and a day around Madrid's midnight.
  const periods: Range[] = [
    localDays('Europe/Madrid', addDays(today, -29), today),
    localDays('Europe/Madrid', addDays(today, -59), addDays(today, -30)),
    localDays('Asia/Kolkata', '2026-11-01', '2026-11-20'),
    localDays('Asia/Kathmandu', '2026-10-20', '2026-11-26'),
    localDays('America/Los_Angeles', '2026-11-02', '2026-11-09'),
    localDays('Europe/Madrid', '2026-11-20', '2026-11-20'),
    localDays('UTC', '2026-11-10', '2026-11-16'),
  ];
  const ids: { appointments: string[]; employees: string[]; services: string[] } = {
    appointments: [],
    employees: [],
    services: [],
  };

  /** Every period's tables from the counts equal the rows', and the kept counts the recomputed ones. */
  async function expectTablesEqualRows() {
    const { kept, recomputed } = await keptAndRecomputed();
    expect(kept).toEqual(recomputed);
    for (const range of periods) {
      expect(await repository().byProfessional(range)).toEqual(
        await repository().professionalsFromRows(range),
      );
      expect(await repository().byService(range)).toEqual(await repository().servicesFromRows(range));
    }
  }

  beforeAll(async () => {
    const next = random(49);
    for (const name of ['Ane Etxeberria', 'Luis Gómez', 'Marta Ruiz']) {
      const employee = await insertEmployee(t.db, { name });
      ids.employees.push(employee.id);
    }
    // Two with the same name in two currencies, one with a name of several words.
    for (const [name, currency, amount] of [
      ['Corte', 'eur', 2500],
      ['Corte', 'usd', 3000],
      ['Color y mechas', 'eur', 6000],
    ] as const) {
      const [service] = await t.db
        .insert(services)
        .values({ name, durationMinutes: 30, priceAmount: amount, currency })
        .returning();
      ids.services.push(service!.id);
    }
    const statuses = ['scheduled', 'completed', 'no-show', 'cancelled'] as const;
    const channels = ['page', 'chat', 'staff'] as const;
    const actors = ['customer', 'staff', 'assistant', 'system'] as const;
    // Ninety days of bookings, each on its own hours (a professional's visits never overlap).
    for (let index = 0; index < 90; index++) {
      const startsAt = new Date(
        now.getTime() - 70 * DAY + index * 17 * HOUR + Math.floor(next() * 16) * 7 * MINUTE,
      );
      const createdAt = new Date(
        startsAt.getTime() - Math.floor(next() * 60) * HOUR - Math.floor(next() * 60) * MINUTE,
      );
      const employee = Math.floor(next() * 4); // 3: a professional deleted long ago (no id)
      const service = Math.floor(next() * 4); // 3: a service deleted long ago (no id)
      const [name, currency, amount] = [
        ['Corte', 'eur', 2500],
        ['Corte', 'usd', 3000],
        ['Color y mechas', 'eur', 6000],
        ['Consulta antigua', 'eur', 0],
      ][service] as [string, string, number];
      const appointment = await insertAppointment(t.db, {
        createdAt,
        startsAt,
        employeeId: ids.employees[employee] ?? null,
        employeeName: ['Ane Etxeberria', 'Luis Gómez', 'Marta Ruiz', 'Pedro Antiguo'][employee]!,
        serviceId: ids.services[service] ?? null,
        serviceName: name,
        priceAmount: amount,
        priceCurrency: currency,
        channel: channels[index % 3],
        status: statuses[Math.floor(next() * 4)],
      });
      ids.appointments.push(appointment.id);
      const roll = next();
      if (roll < 0.5) {
        await t.db.insert(appointmentEvents).values({
          appointmentId: appointment.id,
          kind: roll < 0.3 ? 'cancelled' : 'rescheduled',
          actor: actors[Math.floor(next() * 4)]!,
          createdAt: new Date(createdAt.getTime() + Math.floor(next() * 40) * HOUR),
        });
      }
    }
    // A minute either side of Madrid's and Kolkata's midnights.
    for (const [zone, date, visits] of [
      ['Europe/Madrid', '2026-11-20', '2026-12-10'],
      ['Asia/Kolkata', '2026-11-10', '2026-12-11'],
    ] as const) {
      const midnight = zonedTimeToUtc(date, '00:00', zone).getTime();
      for (const [offset, slot] of [
        [-MINUTE, 0],
        [MINUTE, 1],
      ] as const) {
        const appointment = await insertAppointment(t.db, {
          createdAt: new Date(midnight + offset),
          startsAt: new Date(`${visits}T0${8 + slot}:00:00Z`),
          employeeId: ids.employees[slot],
          employeeName: ['Ane Etxeberria', 'Luis Gómez'][slot]!,
          serviceId: ids.services[2],
          serviceName: 'Color y mechas',
          priceAmount: 6000,
        });
        ids.appointments.push(appointment.id);
        await t.db.insert(appointmentEvents).values({
          appointmentId: appointment.id,
          kind: 'cancelled',
          actor: 'customer',
          createdAt: new Date(midnight - offset),
        });
      }
    }
  });

  it("gives the rows' figures for every period, in every time zone, with nothing passing as a zero", async () => {
    await expectTablesEqualRows();
    const month = periods[0]!;
    const professionals = await repository().byProfessional(month);
    const table = await repository().byService(month);
    expect(professionals.map((p) => p.name).sort()).toEqual(
      ['Ane Etxeberria', 'Luis Gómez', 'Marta Ruiz', 'Pedro Antiguo'].sort(),
    );
    expect(professionals.some((p) => p.id === null)).toBe(true);
    for (const key of ['bookings', 'cancellations', 'attended', 'noShows'] as const)
      expect(professionals.some((p) => p[key] > 0)).toBe(true);
    expect(
      table
        .filter((s) => s.name === 'Corte')
        .map((s) => s.currency)
        .sort(),
    ).toEqual(['eur', 'usd']);
    expect(table.some((s) => s.name === 'Color y mechas' && s.value > 0)).toBe(true);
    expect(table.some((s) => s.id === null)).toBe(true);
  });

  it('moves the counts as appointments and their history change, and takes them off when deleted', async () => {
    const [first, second, third, fourth] = ids.appointments.slice(-8);
    const withCancellation = (
      await t.db.select().from(appointmentEvents).where(eq(appointmentEvents.kind, 'cancelled')).limit(1)
    )[0]!.appointmentId;
    const steps: Array<() => Promise<unknown>> = [
      // Another professional takes a cancelled visit: its cancellation goes with it.
      () =>
        t.db
          .update(appointments)
          .set({ employeeId: ids.employees[2], employeeName: 'Marta Ruiz' })
          .where(eq(appointments.id, withCancellation)),
      // A visit moved a week, attended, its service's name and price as another.
      () =>
        t.db
          .update(appointments)
          .set({ startsAt: new Date(now.getTime() - 12 * DAY), status: 'completed' })
          .where(eq(appointments.id, first!)),
      () =>
        t.db
          .update(appointments)
          .set({ serviceName: 'Corte', priceAmount: 3000, priceCurrency: 'usd', serviceId: ids.services[1] })
          .where(eq(appointments.id, second!)),
      // Its status alone (the trigger's own path for it): attended, then a no-show, then cancelled.
      ...(['completed', 'no-show', 'cancelled'] as const).map(
        (status) => () => t.db.update(appointments).set({ status }).where(eq(appointments.id, third!)),
      ),
      // A cancellation written, then taken back.
      () =>
        t.db.insert(appointmentEvents).values({
          appointmentId: fourth!,
          kind: 'cancelled',
          actor: 'staff',
          createdAt: new Date(now.getTime() - DAY),
        }),
      () =>
        t.db
          .delete(appointmentEvents)
          .where(
            sql`${appointmentEvents.appointmentId} = ${fourth!} and ${appointmentEvents.kind} = 'cancelled'`,
          ),
      // A professional and a service deleted: their visits stay, under their names, without an id.
      () => t.db.delete(employees).where(eq(employees.id, ids.employees[1]!)),
      () => t.db.delete(services).where(eq(services.id, ids.services[0]!)),
      // An appointment deleted with its history.
      () => t.db.delete(appointments).where(eq(appointments.id, withCancellation)),
    ];
    for (const step of steps) {
      await step();
      await expectTablesEqualRows();
    }
    const professionals = await repository().byProfessional(periods[0]!);
    expect(professionals.some((p) => p.name === 'Luis Gómez' && p.id === null)).toBe(true);
  });

  it("counts a pack's refund in the refunded figure, as the ledger's rows say, through every change", async () => {
    const [pack] = await t.db
      .insert(clientPacks)
      .values({
        name: 'Diez',
        serviceName: 'Corte',
        sessionsTotal: 10,
        sessionsLeft: 0,
        priceAmount: 20000,
        currency: 'eur',
        method: 'online',
        expiresAt: new Date(now.getTime() + 60 * DAY),
        createdAt: new Date(now.getTime() - 20 * DAY),
      })
      .returning();
    const refundedAt = new Date(now.getTime() - 3 * DAY - 7 * MINUTE);
    const month = periods[0]!;
    const eurRefunds = async () =>
      (await repository().bookings(month)).money.find((m) => m.currency === 'eur')?.refunds ?? 0;
    const before = await eurRefunds();
    const steps: Array<() => Promise<unknown>> = [
      () =>
        t.db.insert(packLedger).values([
          {
            clientPackId: pack!.id,
            kind: 'sale',
            sessions: 10,
            amount: 20000,
            currency: 'eur',
            actor: 'staff',
          },
          {
            clientPackId: pack!.id,
            kind: 'refund',
            sessions: -10,
            amount: -12000,
            currency: 'eur',
            actor: 'staff',
            createdAt: refundedAt,
          },
        ]),
      // Its amount corrected, then the pack (and its ledger) deleted.
      () => t.db.update(packLedger).set({ amount: -9000 }).where(eq(packLedger.kind, 'refund')),
      () => t.db.delete(clientPacks).where(eq(clientPacks.id, pack!.id)),
    ];
    const refunds: number[] = [];
    for (const step of steps) {
      await step();
      await expectTablesEqualRows();
      refunds.push((await eurRefunds()) - before);
    }
    expect(refunds).toEqual([12000, 9000, 0]);
  });
});
