import { CLIENT_MESSAGES } from '@chatdesk/contract/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { insertAppointment, insertEmployee } from '../../../test/factories.ts';

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/clients', headers, payload });

describe('clients', () => {
  it('a new client needs only name and phone, and is a lead from whatsapp', async () => {
    const response = await create({ name: ' Pilar Soto ', phone: '+34 699 000 111' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Pilar Soto',
      phone: '+34 699 000 111',
      email: null,
      status: 'lead',
      source: 'whatsapp',
      assignedEmployee: null,
      address: {},
      chatId: null,
    });
  });

  it('validates with messages naming the field', async () => {
    expect((await create({ phone: '1' })).json().message).toBe(`name: ${CLIENT_MESSAGES.nameRequired}`);
    expect((await create({ name: 'A', phone: ' ' })).json().message).toBe(
      `phone: ${CLIENT_MESSAGES.phoneRequired}`,
    );
    expect((await create({ name: 'A', phone: '1', email: 'x' })).json().message).toBe(
      `email: ${CLIENT_MESSAGES.emailInvalid}`,
    );
    expect((await create({ name: 'A', phone: '1', status: 'vip' })).statusCode).toBe(400);
    const ghost = await create({
      name: 'A',
      phone: '1',
      assignedEmployeeId: '00000000-0000-4000-8000-000000000000',
    });
    expect(ghost.json().message).toBe(`assignedEmployeeId: ${CLIENT_MESSAGES.employeeNotFound}`);
  });

  it('edits every field and shows the assigned employee', async () => {
    const employee = await insertEmployee(t.db, { name: 'Javier Moreno' });
    const { id } = (await create({ name: 'Raúl', phone: '600' })).json();
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/clients/${id}`,
      headers,
      payload: {
        name: 'Raúl Díaz',
        phone: '600 111 222',
        email: 'raul@example.com',
        status: 'active',
        source: 'referral',
        assignedEmployeeId: employee.id,
        address: { street: 'Calle Mayor 1', city: 'Valencia', state: '', zipCode: '46001', country: 'Spain' },
        notes: 'Prefers mornings',
      },
    });
    expect(updated.json()).toMatchObject({
      name: 'Raúl Díaz',
      status: 'active',
      source: 'referral',
      assignedEmployee: { id: employee.id, name: 'Javier Moreno' },
      address: { street: 'Calle Mayor 1', city: 'Valencia', zipCode: '46001', country: 'Spain' },
      notes: 'Prefers mornings',
    });
  });

  it('searches name, email and phone and filters by status', async () => {
    const { id } = (
      await create({
        name: 'Olga Vera',
        phone: '+34 611 222 333',
        email: 'olga@vera.example',
        status: 'former',
      })
    ).json();
    const ids = async (query: string) =>
      (await t.app.inject({ url: `/api/clients?${query}`, headers })).json().map((c: { id: string }) => c.id);
    expect(await ids('search=olga')).toEqual([id]);
    expect(await ids('search=vera.example')).toEqual([id]);
    expect(await ids('search=611222333')).toEqual([id]);
    expect(await ids('status=former')).toContain(id);
    expect(await ids('status=inactive')).not.toContain(id);
  });

  it('shows appointments, payments and the subscription on the detail, and records a manual payment', async () => {
    const { id } = (await create({ name: 'Eva', phone: '+34 622 333 444' })).json();
    await insertAppointment(t.db, {
      clientId: id,
      clientName: 'Eva',
      status: 'completed',
      employeeName: 'Carlos',
    });
    const payment = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${id}/payments`,
      headers,
      payload: { amount: 45.5, currency: 'eur', paymentMethod: 'cash', description: 'Pack of 3 sessions' },
    });
    expect(payment.statusCode).toBe(201);
    expect(payment.json()).toMatchObject({
      amount: 4550,
      currency: 'eur',
      status: 'completed',
      paymentMethod: 'cash',
    });
    const detail = (await t.app.inject({ url: `/api/clients/${id}`, headers })).json();
    expect(detail.appointments).toHaveLength(1);
    expect(detail.appointments[0]).toMatchObject({ status: 'completed', employee: { name: 'Carlos' } });
    expect(detail.payments).toHaveLength(1);
    expect(detail.subscription).toBeNull();
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${id}/payments`,
      headers,
      payload: { amount: -1, currency: 'eur' },
    });
    expect(bad.json().message).toBe(`amount: ${CLIENT_MESSAGES.amountInvalid}`);
  });

  it('deletes, and answers 404 after', async () => {
    const { id } = (await create({ name: 'Temp', phone: '1' })).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/clients/${id}`, headers })).statusCode).toBe(
      200,
    );
    const gone = await t.app.inject({ url: `/api/clients/${id}`, headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: CLIENT_MESSAGES.notFound });
  });
});
