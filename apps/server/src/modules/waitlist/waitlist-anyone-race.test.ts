import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { appointments, waitlistEntries } from '../../db/schema.ts';
import { waitlistFixture } from './waitlist-fixture.ts';

// A time waited for with 'anyone available' (decision 026's addendum), on Friday 20 November 2026,
// 11:00 in Madrid. On PostgreSQL (TEST_DATABASE_URL) these run truly at once.
const w = waitlistFixture(140);
const { next, staff, aTeam, book, joinAnyone } = w;

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
