import {
  CLIENT_MESSAGES,
  type Client,
  type ClientDetail,
  type ClientPayment,
  type clientFormSchema,
  type createPaymentSchema,
  type listClientsQuerySchema,
} from '@chatdesk/contract/clients';
import type { Paged } from '@chatdesk/contract/common';
import type { CustomerLanguage } from '@chatdesk/contract/customer-texts';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import { decodeCursor, isTimestampKey, toPage } from '../../lib/cursor.ts';
import type { ClientRow, ClientsRepository } from './clients.repository.ts';

type PaymentRow = Awaited<ReturnType<ClientsRepository['paymentsOf']>>[number];

export const toClient = (row: ClientRow): Client => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  email: row.email,
  status: row.status,
  source: row.source,
  assignedEmployee:
    row.assignedEmployeeId && row.assignedEmployeeName
      ? { id: row.assignedEmployeeId, name: row.assignedEmployeeName }
      : null,
  address: row.address,
  notes: row.notes,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  chatId: row.chatId,
});

export const toPayment = (row: PaymentRow): ClientPayment => ({
  id: row.id,
  date: row.paidAt.toISOString(),
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  paymentMethod: row.paymentMethod,
  description: row.description,
});

export function createClientsService({
  repository,
  events,
}: {
  repository: ClientsRepository;
  events: EventBus;
}) {
  const changed = () => events.publish({ type: 'clients.changed' });

  async function checkEmployee(id: string | null) {
    if (id && !(await repository.employeeExists(id)))
      throw invalid(`assignedEmployeeId: ${CLIENT_MESSAGES.employeeNotFound}`);
  }

  return {
    /** The client (or clients) behind a verified number write in this language: their emails will be in it. */
    noteLanguage(phoneDigits: string, language: CustomerLanguage) {
      return repository.noteLanguage(phoneDigits, language);
    },

    /** Name, email and phone of the client behind a verified number (the assistant joins them to a waitlist). */
    contactByPhone(phoneDigits: string) {
      return repository.contactByPhone(phoneDigits);
    },

    async page(query: z.output<typeof listClientsQuerySchema>): Promise<Paged<Client>> {
      const after = decodeCursor(query.cursor, isTimestampKey);
      return toPage(await repository.page(query, query.limit, after), query.limit, toClient);
    },

    async get(id: string): Promise<ClientDetail> {
      const row = await repository.findById(id);
      if (!row) throw notFound(CLIENT_MESSAGES.notFound);
      const [appointments, payments, subscription] = await Promise.all([
        repository.appointmentsOf(id),
        repository.paymentsOf(id),
        repository.mainSubscriptionOf(id),
      ]);
      return {
        ...toClient(row),
        appointments: appointments.map((a) => ({
          id: a.id,
          date: a.localDate,
          startTime: a.startTime,
          endTime: a.endTime,
          status: a.status,
          employee: { id: a.employeeId, name: a.employeeName },
        })),
        subscription: subscription
          ? {
              id: subscription.id,
              status: subscription.status,
              plan: subscription.planName,
              currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
              cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
            }
          : null,
        payments: payments.map(toPayment),
      };
    },

    async create(input: z.output<typeof clientFormSchema>) {
      await checkEmployee(input.assignedEmployeeId);
      const id = await repository.insert(input);
      await changed();
      return toClient((await repository.findById(id))!);
    },

    async update(id: string, input: z.output<typeof clientFormSchema>) {
      await checkEmployee(input.assignedEmployeeId);
      if (!(await repository.update(id, input))) throw notFound(CLIENT_MESSAGES.notFound);
      await changed();
      return toClient((await repository.findById(id))!);
    },

    /** Deletes the client with its payments and subscriptions; appointments stay with the client's name. */
    async remove(id: string) {
      if (!(await repository.delete(id))) throw notFound(CLIENT_MESSAGES.notFound);
      await changed();
    },

    /** A payment taken outside the site (cash, bank transfer, a card terminal). */
    async recordPayment(id: string, input: z.output<typeof createPaymentSchema>) {
      if (!(await repository.findById(id))) throw notFound(CLIENT_MESSAGES.notFound);
      const row = await repository.insertPayment({
        clientId: id,
        amount: Math.round(input.amount * 100),
        currency: input.currency,
        status: input.status,
        paymentMethod: input.paymentMethod,
        description: input.description,
        ...(input.date ? { paidAt: new Date(input.date) } : {}),
      });
      await changed();
      return toPayment(row);
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
