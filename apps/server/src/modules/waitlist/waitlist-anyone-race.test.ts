import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { appointments, waitlistEntries } from '../../db/schema.ts';
import { createWaitlistRepository } from './waitlist.repository.ts';
import { waitlistFixture } from './waitlist-fixture.ts';

// A time waited for with 'anyone available' (decision 026's addendum), on Friday 20 November 2026,
// 11:00 in Madrid. On PostgreSQL (TEST_DATABASE_URL) these run truly at once.
const w = waitlistFixture(140);
const { next, staff, aTeam, book, join, joinAnyone } = w;

it("two professionals' bookings at a time cancelled at once, with one waiting with anyone: offered once, one time held", {
  // Each round sets up a team and two bookings: slow on a loaded machine.
  timeout: 120_000,
}, async () => {
  // Eight rounds: both cancels' commit-time offers reach the one entry; the second finds it offered.
  for (let round = 0; round < 8; round++) {
    const { service, team } = await aTeam(2);
    const bookings = [await book(team[0]!.slot), await book(team[1]!.slot)];
    const email = `cualquiera-${next()}@example.com`;
    expect((await joinAnyone(service.id, { name: 'Cualquiera', email })).statusCode).toBe(201);
    const cancels = await Promise.all(
      bookings.map((booking) =>
        staff('PATCH', `/api/appointments/${booking.id}/status`, { status: 'cancelled' }),
      ),
    );
    for (const cancel of cancels) expect(cancel.statusCode, cancel.body).toBe(200);
    const [entry] = await w.t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));
    expect(entry!.status).toBe('offered');
    const held = await w.t.db
      .select({ id: appointments.id, employeeId: appointments.employeeId })
      .from(appointments)
      .where(
        and(
          inArray(
            appointments.id,
            bookings.map((booking) => booking.id),
          ),
          isNotNull(appointments.heldFrom),
        ),
      );
    // One time held, the offer's, with the professional it names; the other time is free.
    expect(held).toEqual([{ id: entry!.holderId, employeeId: entry!.employeeId }]);
  }
});

it("one email joining a taken time by both kinds of line at once gets one place: the professional's line or anyone's, never both", {
  timeout: 120_000,
}, async () => {
  // Ten rounds, each with joins of one email racing: half to a professional's line, half with anyone.
  for (let round = 0; round < 10; round++) {
    const { service, team } = await aTeam(2);
    for (const member of team) await book(member.slot);
    const who = { name: 'Doble', email: `doble-${next()}@example.com` };
    const joins = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? join(team[0]!.slot, {
              ...who,
              email: i < 3 ? who.email : who.email.toUpperCase(),
            })
          : joinAnyone(service.id, who),
      ),
    );
    const statuses = joins.map((response) => response.statusCode);
    for (const response of joins) expect([201, 409], response.body).toContain(response.statusCode);
    const entries = await w.t.db
      .select()
      .from(waitlistEntries)
      .where(sql`lower(${waitlistEntries.email}) = ${who.email}`);
    // One place, and exactly one join told it was in line.
    expect(entries).toHaveLength(1);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  }
});

it.skipIf(!process.env.TEST_DATABASE_URL)(
  "a join with anyone waits for a join of the same email to a professional's line in flight, then finds it (PostgreSQL: two connections)",
  async () => {
    const { service, team } = await aTeam(2);
    for (const member of team) await book(member.slot);
    const email = `en-vuelo-${next()}@example.com`;
    // 10:00 on Monday 23 November in Madrid, as the booked times.
    const startsAt = new Date('2026-11-23T09:00:00Z');
    let anyone: ReturnType<typeof joinAnyone> | undefined;
    await w.t.db.transaction(async (tx) => {
      const joined = await createWaitlistRepository(tx as unknown as Db).joinOneToOne({
        line: { employeeId: team[0]!.employee.id },
        serviceId: service.id,
        startsAt,
        blockedFrom: startsAt,
        blockedUntil: new Date(startsAt.getTime() + 3_600_000),
        name: 'En vuelo',
        email,
        phone: null,
        language: null,
        holdMinutes: 30,
      });
      expect(joined).toEqual({ position: 1 });
      // Not committed yet: the other join must wait for it rather than read around it.
      anyone = joinAnyone(service.id, { name: 'En vuelo', email: email.toUpperCase() });
      for (let attempt = 0; ; attempt++) {
        const { rows } = await w.t.db.execute(
          sql`select 1 from pg_stat_activity where datname = current_database()
                 and wait_event_type = 'Lock' and query like '%insert into waitlist_entries%'`,
        );
        if (rows.length > 0) break;
        if (attempt === 500) throw new Error('the join with anyone did not wait for the one in flight');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    const refused = await anyone!;
    expect(refused.statusCode, refused.body).toBe(409);
    const entries = await w.t.db
      .select()
      .from(waitlistEntries)
      .where(sql`lower(${waitlistEntries.email}) = ${email}`);
    expect(entries).toMatchObject([{ anyProfessional: false, employeeId: team[0]!.employee.id }]);
  },
);
