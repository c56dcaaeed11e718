import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';
import { appointments, mailOutbox, notifications } from '../../db/schema.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { TEST_CARDS } from '../../integrations/payments/local-payment-provider.ts';
import { createInlineJobQueue, type JobQueue } from '../../jobs/queue.ts';

// Sunday 22 November 2026, 11:00 in Madrid.
let now = new Date('2026-11-22T10:00:00Z').getTime();
const minutes = (n: number) => {
  now += n * 60_000;
};

/** Every email the mail server accepted, by address. */
const sent: string[] = [];
const mailer: Mailer = {
  name: 'smtp',
  async send(message) {
    sent.push(message.to);
    return 'sent';
  },
};

/**
 * The job queue of a process that dies right after the booking commits: the confirmation's
 * delivery is never queued (the first `crashes` sends of it are lost), and nothing after it runs.
 */
let crashes = 0;
const inline = createInlineJobQueue();
const dying: JobQueue = {
  ...inline,
  async send(job, data) {
    if (job === 'mailDeliver' && crashes > 0) {
      crashes -= 1;
      throw new Error('the process died');
    }
    return inline.send(job, data);
  },
};

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now), queue: dying, integrations: { mailer } });
});
afterAll(() => t.close());

let address = 0;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.77.0.${++address}` });

async function payAndBook(employeeId: string, email: string, timeSlot: string) {
  const intent = (await post('/api/payments/intent', { employeeId, date: '2026-11-23', timeSlot })).json();
  await post('/api/payments/local/confirm', {
    clientSecret: intent.clientSecret,
    card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '123' },
  });
  return post('/api/schedule/book', {
    employeeId,
    date: '2026-11-23',
    timeSlot,
    day: 'Monday',
    clientInfo: { name: 'Rosa Vidal', email, phone: '+34 600 333 444' },
    payment: { id: intent.paymentIntentId, amount: 1000, currency: 'eur', status: 'succeeded' },
  });
}

describe("a booking's side effects", () => {
  it('survive a crash between the commit and the send: one notification, one email, exactly once', async () => {
    const employee = await insertEmployee(t.db, {
      name: 'Carlos Ruiz',
      availability: { monday: [['09:00', '12:00']] },
    });
    const email = 'rosa.crash@example.com';
    crashes = 1;
    const booked = await payAndBook(employee.id, email, '10:00');
    expect(booked.statusCode, booked.body).toBe(200);
    const { id } = booked.json().appointment;

    // Written with the appointment, in its transaction: nothing was lost with the process.
    const notices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/appointments/${id}`));
    expect(notices).toHaveLength(1);
    const outbox = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect((await outbox()).map((m) => m.status)).toEqual(['pending']);
    expect(sent).not.toContain(email);

    // The provider's webhook for the same payment finds the appointment and sends nothing more.
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, id));
    expect(await t.app.services.schedule.completeFromProvider(row!.providerPaymentId!)).toBe(false);

    // The next passes of the recovery sweep: not before the message is two minutes old, then once.
    minutes(1);
    await t.app.schedules.runOnce();
    expect(sent.filter((to) => to === email)).toHaveLength(0);
    minutes(2);
    await t.app.schedules.runOnce();
    expect(sent.filter((to) => to === email)).toHaveLength(1);
    minutes(30);
    await t.app.schedules.runOnce();
    await t.app.schedules.runOnce();
    expect(sent.filter((to) => to === email)).toHaveLength(1);
    expect((await outbox()).map((m) => m.status)).toEqual(['sent']);
  });

  it('without a crash the email goes out at once, and the sweep never sends it again', async () => {
    const employee = await insertEmployee(t.db, { availability: { monday: [['09:00', '12:00']] } });
    const email = 'rosa.fine@example.com';
    const booked = await payAndBook(employee.id, email, '11:00');
    expect(booked.statusCode, booked.body).toBe(200);
    expect(sent.filter((to) => to === email)).toHaveLength(1);
    minutes(30);
    await t.app.schedules.runOnce();
    expect(sent.filter((to) => to === email)).toHaveLength(1);
  });

  it('two deliveries of one message at once send it once', async () => {
    const to = 'twice@example.com';
    const id = await t.app.services.mail.writeIn(t.db, { to, subject: 'Hola', text: 'Hola' });
    await Promise.all([t.app.services.mail.deliver({ id }), t.app.services.mail.deliver({ id })]);
    expect(sent.filter((address) => address === to)).toHaveLength(1);
  });
});
