import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment } from '../../../test/factories.ts';

// Sunday 22 November 2026, 11:00 in Madrid.
const NOW = new Date('2026-11-22T10:00:00Z');

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  ({ headers } = await t.signIn());
  const book = (
    clientName: string,
    employeeName: string,
    startsAt: string,
    extra: Parameters<typeof insertAppointment>[1] = {},
  ) =>
    insertAppointment(t.db, {
      clientName,
      employeeName,
      startsAt: new Date(startsAt),
      localDate: startsAt.slice(0, 10),
      ...extra,
    });
  await book('Lucía Fernández', 'Carlos Ruiz', '2026-12-03T09:00:00Z', { clientPhone: '+34 611 222 333' });
  await book('Lucia Gómez', 'Inés Romero', '2026-11-30T15:00:00Z');
  await book('Lucía Fernández', 'Carlos Ruiz', '2026-11-20T09:00:00Z', { status: 'completed' });
  await book('Lucía Fernández', 'Carlos Ruiz', '2026-12-10T09:00:00Z', { status: 'cancelled' });
  await book('Pablo Núñez', 'Inés Romero', '2026-11-25T10:00:00Z');
  // Earlier today: already started, so not upcoming.
  await book('Lucía Peña', 'Carlos Ruiz', '2026-11-22T09:00:00Z');
});
afterAll(() => t.close());

type Listed = { client: { name: string }; employee: { name: string }; date: string; status: string };
async function list(query: string) {
  const response = await t.app.inject({ url: `/api/appointments?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { appointments: Listed[]; pagination: { total: number } };
}
const who = (page: { appointments: Listed[] }) =>
  page.appointments.map((a) => `${a.client.name} / ${a.employee.name} / ${a.date}`);

describe('appointment search', () => {
  it("finds upcoming appointments by the client's name typed without accents, soonest first", async () => {
    const found = await list('search=lucia&upcoming=true');
    expect(who(found)).toEqual([
      'Lucia Gómez / Inés Romero / 2026-11-30',
      'Lucía Fernández / Carlos Ruiz / 2026-12-03',
    ]);
    expect(found.pagination.total).toBe(2);
  });

  it("finds them by the professional's name and by part of the client's number", async () => {
    expect(who(await list('search=INES&upcoming=true'))).toEqual([
      'Pablo Núñez / Inés Romero / 2026-11-25',
      'Lucia Gómez / Inés Romero / 2026-11-30',
    ]);
    expect(who(await list(`search=${encodeURIComponent('611 222')}&upcoming=true`))).toEqual([
      'Lucía Fernández / Carlos Ruiz / 2026-12-03',
    ]);
  });

  it('combines with a date, and without upcoming lists every status, latest first', async () => {
    expect(who(await list('search=ruiz&upcoming=true&startDate=2026-12-03&endDate=2026-12-03'))).toEqual([
      'Lucía Fernández / Carlos Ruiz / 2026-12-03',
    ]);
    const all = await list('search=fernandez');
    expect(all.appointments.map((a) => a.status)).toEqual(['cancelled', 'scheduled', 'completed']);
    expect(all.pagination.total).toBe(3);
  });

  it('lists every upcoming appointment soonest first when nothing is typed, and nothing for a stranger', async () => {
    expect(who(await list('upcoming=true&limit=5'))).toEqual([
      'Pablo Núñez / Inés Romero / 2026-11-25',
      'Lucia Gómez / Inés Romero / 2026-11-30',
      'Lucía Fernández / Carlos Ruiz / 2026-12-03',
    ]);
    expect((await list('search=nadie&upcoming=true')).appointments).toEqual([]);
    // A LIKE wildcard typed is a character, not "anything".
    expect((await list(`search=${encodeURIComponent('%')}`)).appointments).toEqual([]);
  });

  it('refuses a malformed filter with a 400 and a message', async () => {
    for (const query of ['upcoming=yes', `search=${'x'.repeat(101)}`]) {
      const response = await t.app.inject({ url: `/api/appointments?${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('has a trigram index the search can walk instead of reading the whole table', async () => {
    await t.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await t.db.execute(
        sql`explain select id from appointments where search_text like chatdesk_fold('%fernandez%')`,
      );
      expect(JSON.stringify(plan.rows)).toContain('appointments_search_idx');
    } finally {
      await t.db.execute(sql`set enable_seqscan = on`);
    }
  });
});
