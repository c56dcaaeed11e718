import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';
import {
  appointmentReminders,
  appointments,
  contacts,
  mailOutbox,
  messages,
  notifications,
} from '../../db/schema.ts';
import { createLocalWhatsAppChannel } from '../../integrations/whatsapp/local-channel.ts';
import type { WhatsAppChannel } from '../../integrations/whatsapp/whatsapp-channel.ts';

const ZONE = 'Europe/Madrid';
let now = new Date('2026-10-20T08:00:00Z');
let t: TestContext;
let headers: Record<string, string>;
// The local channel, with a switch to make WhatsApp refuse sends as an unapproved template would.
const local = createLocalWhatsAppChannel();
let whatsappDown = false;
let listings = 0;
const whatsapp: WhatsAppChannel = {
  name: 'local',
  sendText: (to, text) => local.sendText(to, text),
  sendTemplate: (to, template) => local.sendTemplate(to, template),
  sendCode: (to, code, template) => local.sendCode(to, code, template),
  listTemplates: async () => {
    listings++;
    return whatsappDown ? [] : local.listTemplates();
  },
};

beforeAll(async () => {
  // The test's clock walks a month: a session must outlive it.
  t = await buildTestApp({
    clock: () => now,
    integrations: { whatsapp },
    env: { SESSION_TTL_HOURS: '2000' },
  });
  ({ headers } = await t.signIn());
  const company = await t.app.inject({
    method: 'PUT',
    url: '/api/company',
    headers,
    payload: { name: 'Estudio Norte', information: 'A gym in Madrid.', timeZone: ZONE, language: 'es' },
  });
  expect(company.statusCode, company.body).toBe(200);
}, 60_000);
afterAll(() => t.close());

const at = async (instant: string) => {
  now = new Date(instant);
  await t.app.services.reminders.sendDue();
};
let phoneNumber = 100;
async function appointment(localDate: string, startTime: string, startsAt: string) {
  const phone = `+34 611 000 ${++phoneNumber}`;
  const email = `client${phoneNumber}@example.com`;
  const row = await insertAppointment(t.db, {
    employeeName: 'Carlos',
    clientName: 'Lucía Prieto',
    clientEmail: email,
    clientPhone: phone,
    localDate,
    startTime,
    startsAt: new Date(startsAt),
    slotChosenAt: new Date('2026-10-01T08:00:00Z'),
  });
  return { ...row, phone, email };
}
const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const history = async (id: string) =>
  (await t.app.inject({ url: `/api/appointments/${id}/history`, headers })).json().reminders as Array<{
    hoursBefore: number;
    channel: string;
    status: string;
    dueAt: string;
    error: string | null;
  }>;

describe('appointment reminders', () => {
  it('go out once, 24 hours before on the wall clock across the autumn change, and 2 real hours before', async () => {
    // Sunday 25 October 2026, 10:00 in Madrid: the clocks went back at 03:00 that morning.
    const appt = await appointment('2026-10-25', '10:00', '2026-10-25T09:00:00Z');
    expect(
      (await history(appt.id)).map((r) => `${r.hoursBefore}/${r.channel}/${r.status}/${r.dueAt}`),
    ).toEqual([
      '24/whatsapp/planned/2026-10-24T08:00:00.000Z',
      '24/email/planned/2026-10-24T08:00:00.000Z',
      '2/whatsapp/planned/2026-10-25T07:00:00.000Z',
      '2/email/planned/2026-10-25T07:00:00.000Z',
    ]);
    await at('2026-10-24T07:59:00Z');
    expect(await mailsTo(appt.email)).toHaveLength(0);
    await at('2026-10-24T08:00:30Z'); // 10:00 on Saturday in Madrid, 25 real hours before
    await at('2026-10-24T08:01:30Z'); // the next pass sends nothing again
    const mails = await mailsTo(appt.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      'Reminder: your appointment with Carlos on Sunday, October 25 at 10:00 AM',
    );
    expect(mails[0]!.text).toContain('To cancel or reschedule: http://localhost:3000/booking/');
    const [contact] = await t.db.select().from(contacts).where(eq(contacts.phone, '611000101'));
    const sent = await t.db.select().from(messages).where(eq(messages.sender, 'system'));
    const forContact = sent.filter((m) => m.text.includes('domingo, 25 de octubre, 10:00'));
    expect(contact).toBeDefined();
    expect(forContact).toHaveLength(1);
    expect(forContact[0]!.template).toMatchObject({ name: 'appointment_reminder', language: 'es' });
    expect(forContact[0]!.text).toContain('/booking/');
    expect((await history(appt.id)).filter((r) => r.status === 'sent')).toHaveLength(2);

    await at('2026-10-25T07:00:30Z');
    expect(await mailsTo(appt.email)).toHaveLength(2);
    await at('2026-10-25T09:00:00Z');
    expect((await history(appt.id)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it('never go out for a cancelled appointment, and follow a moved one to its new time', async () => {
    const cancelled = await appointment('2026-11-05', '10:00', '2026-11-05T09:00:00Z');
    await t.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, cancelled.id));
    const moved = await appointment('2026-11-05', '11:00', '2026-11-05T10:00:00Z');
    await at('2026-11-04T10:00:30Z'); // the moved one's 24-hour reminder, for its first time
    expect(await mailsTo(moved.email)).toHaveLength(1);
    // Moved to the next day at noon, chosen now.
    await t.db
      .update(appointments)
      .set({
        localDate: '2026-11-06',
        startTime: '12:00',
        startsAt: new Date('2026-11-06T11:00:00Z'),
        slotChosenAt: now,
      })
      .where(eq(appointments.id, moved.id));
    await at('2026-11-05T08:00:30Z'); // the old time's 2-hour reminder would be now
    expect(await mailsTo(moved.email)).toHaveLength(1);
    await at('2026-11-05T11:00:30Z'); // 24 hours before the new time
    const mails = await mailsTo(moved.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('Friday, November 6 at 12:00 PM');
    expect(await mailsTo(cancelled.email)).toHaveLength(0);
    expect(await history(cancelled.id)).toEqual([]);
  });

  it('a reminder a crash interrupted goes out once, however many instances find it', async () => {
    // Tuesday 27 October 2026, 10:00 in Madrid; its 24-hour reminder was claimed, then the process died.
    now = new Date('2026-10-26T09:03:00Z');
    const appt = await appointment('2026-10-27', '10:00', '2026-10-27T09:00:00Z');
    await t.db.insert(appointmentReminders).values({
      appointmentId: appt.id,
      hoursBefore: 24,
      channel: 'email',
      startsAt: appt.startsAt,
      dueAt: new Date('2026-10-26T09:00:00Z'),
      status: 'planned',
      createdAt: new Date('2026-10-26T09:00:30Z'),
    });
    now = new Date('2026-10-26T09:07:00Z');
    // Three instances' passes at once (a scheduled task runs once per cluster; this holds even so).
    await Promise.all([
      t.app.services.reminders.sendDue(),
      t.app.services.reminders.sendDue(),
      t.app.services.reminders.sendDue(),
    ]);
    expect(await mailsTo(appt.email)).toHaveLength(1);
    await at('2026-10-26T09:20:00Z');
    expect(await mailsTo(appt.email)).toHaveLength(1);
  });

  it('a send that fails is marked failed and staff are told; a number without a country code is skipped', async () => {
    const appt = await appointment('2026-11-12', '10:00', '2026-11-12T09:00:00Z');
    const local = await insertAppointment(t.db, {
      clientName: 'Sin Prefijo',
      clientPhone: '611 222 333',
      clientEmail: null,
      localDate: '2026-11-12',
      startTime: '11:00',
      startsAt: new Date('2026-11-12T10:00:00Z'),
      slotChosenAt: new Date('2026-10-01T08:00:00Z'),
    });
    whatsappDown = true;
    try {
      await at('2026-11-11T09:00:30Z');
    } finally {
      whatsappDown = false;
    }
    const reminders = await history(appt.id);
    expect(reminders.find((r) => r.channel === 'whatsapp' && r.hoursBefore === 24)).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('appointment_reminder'),
    });
    expect(reminders.find((r) => r.channel === 'email' && r.hoursBefore === 24)?.status).toBe('sent');
    const alerts = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Reminder not sent'));
    expect(alerts.map((n) => n.link)).toContain(`/appointments/${appt.id}`);
    await at('2026-11-11T10:00:30Z');
    expect((await history(local.id)).find((r) => r.hoursBefore === 24)).toMatchObject({
      status: 'skipped',
      error: 'The phone number has no country code (+34 …) or is not valid',
    });
  });

  it('sent together share one listing of the approved templates', async () => {
    const first = await appointment('2026-11-16', '10:00', '2026-11-16T09:00:00Z');
    const second = await appointment('2026-11-16', '10:30', '2026-11-16T09:30:00Z');
    const before = listings;
    await at('2026-11-15T09:30:30Z');
    for (const { id } of [first, second])
      expect((await history(id)).find((r) => r.channel === 'whatsapp' && r.hoursBefore === 24)?.status).toBe(
        'sent',
      );
    expect(listings - before).toBe(1);
  });

  it('are off when Company Settings turn them off', async () => {
    const appt = await appointment('2026-11-20', '10:00', '2026-11-20T09:00:00Z');
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/company/booking-settings',
      headers,
      payload: {
        freeCancellationHours: 24,
        remindersEnabled: false,
        reminderHours: [24, 2],
        noShowFollowUp: false,
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await history(appt.id)).toEqual([]);
    await at('2026-11-19T09:00:30Z');
    expect(await mailsTo(appt.email)).toHaveLength(0);
  });

  it('a no-show gets one friendly rebooking message when Company Settings ask for it, none by default', async () => {
    const employee = await insertEmployee(t.db, { username: 'carlos-followup' });
    const setNoShow = async (id: string, status = 'no-show') => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/appointments/${id}/status`,
        headers,
        payload: { status },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const off = await appointment('2026-11-23', '10:00', '2026-11-23T09:00:00Z');
    await t.db.update(appointments).set({ employeeId: employee.id }).where(eq(appointments.id, off.id));
    await setNoShow(off.id);
    expect(await mailsTo(off.email)).toHaveLength(0);

    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/company/booking-settings',
      headers,
      payload: {
        freeCancellationHours: 24,
        remindersEnabled: true,
        reminderHours: [24, 2],
        noShowFollowUp: true,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const missed = await appointment('2026-11-23', '11:00', '2026-11-23T10:00:00Z');
    await t.db.update(appointments).set({ employeeId: employee.id }).where(eq(appointments.id, missed.id));
    await setNoShow(missed.id);
    await setNoShow(missed.id, 'scheduled');
    await setNoShow(missed.id); // marked twice: still one message
    const mails = await mailsTo(missed.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('http://localhost:3000/schedule/carlos-followup');
    const whatsapp = (await t.db.select().from(messages).where(eq(messages.sender, 'system'))).filter((m) =>
      m.text.includes('te echamos de menos'),
    );
    expect(whatsapp).toHaveLength(1);
    expect(whatsapp[0]!.text).toContain('/schedule/carlos-followup');
    const events = (await t.app.inject({ url: `/api/appointments/${missed.id}/history`, headers })).json()
      .items;
    expect(events.filter((e: { kind: string }) => e.kind === 'follow_up_sent')).toHaveLength(1);
  });
});
