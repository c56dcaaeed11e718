import { MANAGE_BOOKING_MESSAGES } from '@chatdesk/contract/manage-booking';
import type { Pack } from '@chatdesk/contract/packs';
import type { Service } from '@chatdesk/contract/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertEmployee } from '../../../test/factories.ts';

// Friday 20 November 2026, 11:00 in Madrid: Monday is more than the policy's 24 hours away.
let now = new Date('2026-11-20T10:00:00Z');
let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function created<T>(method: 'POST' | 'PUT', url: string, payload: object): Promise<T> {
  const response = await staff(method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

describe('what the assistant knows of the packs of the client who writes', () => {
  it('their unexpired packs with balance and expiry, and whether a pack-paid appointment gets its session back', async () => {
    const service = await created<Service>('POST', '/api/services', {
      name: 'Entrenamiento personal',
      durationMinutes: 30,
      priceAmount: 4000,
      currency: 'eur',
    });
    const employee = await insertEmployee(t.db, { availability: { monday: [['09:00', '13:00']] } as never });
    await created('PUT', `/api/employees/${employee.id}/services`, { serviceIds: [service.id] });
    const { id: clientId } = await created<{ id: string }>('POST', '/api/clients', {
      name: 'Lola Paz',
      phone: '+34 600 123 456',
      email: 'lola@example.com',
    });
    const pack = await created<Pack>('POST', '/api/packs', {
      serviceId: service.id,
      name: 'Bono 10 sesiones',
      sessions: 10,
      priceAmount: 35000,
      validityDays: 90,
    });
    await created('POST', `/api/clients/${clientId}/packs`, { packId: pack.id, method: 'cash' });
    const booked = await created<{ id: string }>('POST', '/api/appointments', {
      clientId,
      employeeId: employee.id,
      serviceId: service.id,
      date: '2026-11-23',
      timeSlot: '10:00',
      payment: 'pack',
    });

    const customer = await t.app.services.manageBooking.customerByPhone('34600123456');
    expect(customer?.packs).toEqual([
      {
        name: 'Bono 10 sesiones',
        serviceName: 'Entrenamiento personal',
        sessionsTotal: 10,
        sessionsLeft: 9,
        // Sold on Friday 20 November, valid 90 days.
        expiresOn: '2027-02-18',
      },
    ]);
    expect(customer?.appointments).toMatchObject([
      { id: booked.id, refundOnCancel: null, packSessionBack: true },
    ]);

    // Monday morning, less than 24 hours before: cancelling keeps the session used.
    now = new Date('2026-11-23T07:00:00Z');
    const late = await t.app.services.manageBooking.customerByPhone('34600123456');
    expect(late?.appointments).toMatchObject([{ id: booked.id, packSessionBack: false }]);

    // Told in time that the session goes back, confirmed after the deadline: asked again, nothing done.
    const manage = t.app.services.manageBooking;
    await expect(manage.cancelById(booked.id, 'assistant', 0, true)).rejects.toMatchObject({
      status: 409,
      message: MANAGE_BOOKING_MESSAGES.termsChanged,
    });
    expect((await manage.customerByPhone('34600123456'))?.appointments).toHaveLength(1);
    // Confirmed on the terms now (the session stays used): cancelled, the balance unchanged.
    await manage.cancelById(booked.id, 'assistant', 0, false);
    const after = await manage.customerByPhone('34600123456');
    expect(after?.appointments).toEqual([]);
    expect(after?.packs[0]?.sessionsLeft).toBe(9);

    // Refunded by staff, the pack is not told as theirs any more.
    const [sold] = (await staff('GET', `/api/clients/${clientId}/packs`)).json() as Array<{ id: string }>;
    const refunded = await staff('POST', `/api/clients/${clientId}/packs/${sold!.id}/refund`, {
      amount: 31500,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await manage.customerByPhone('34600123456'))?.packs).toEqual([]);

    // Past its date the pack is no longer theirs to use, nor told.
    now = new Date('2027-02-19T10:00:00Z');
    expect((await t.app.services.manageBooking.customerByPhone('34600123456'))?.packs).toEqual([]);
  });
});
