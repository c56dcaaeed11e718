import { randomInt } from 'node:crypto';
import type { Paged } from '@chatdesk/contract/common';
import {
  type ClientExport,
  confirmationKey,
  type EraseClientResult,
  type listPrivacyRequestsQuerySchema,
  PRIVACY_MESSAGES,
  type PrivacyRequest,
} from '@chatdesk/contract/privacy';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { identifiersPattern } from '../../db/redact.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import type { SubscriptionProvider } from '../../integrations/payments/subscription-provider.ts';
import { conflict, invalid, notFound } from '../../lib/app-error.ts';
import { decodeCursor, isTimestampKey, toPage } from '../../lib/cursor.ts';
import { formatMoney } from '../../lib/money.ts';
import { appointmentWrites } from '../appointments/appointment-writes.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import { clientWrites } from '../clients/client-writes.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { forgetPackCodesIn } from '../packs/pack-codes.repository.ts';
import { paymentWrites } from '../payments/payment-writes.ts';
import type { RemindersService } from '../reminders/reminders.service.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import { forgetWaitlistIn } from '../waitlist/waitlist.repository.ts';
import type { WebChatService } from '../web-chat/web-chat.service.ts';
import { renderClientExportHtml } from './export-html.ts';
import type { PrivacyRepository, PrivacyRequestRow } from './privacy.repository.ts';

/** Who answered the request: the signed-in staff member. */
export type Staff = { id: string; name: string };

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** `erased-` and 12 random letters (about 56 bits): no digit, so it can never spell a phone number. */
function anonymousId() {
  const letters = Array.from({ length: 12 }, () => String.fromCharCode(97 + randomInt(26)));
  return `erased-${letters.join('')}`;
}

const toRequest = (row: PrivacyRequestRow): PrivacyRequest => ({
  id: row.id,
  kind: row.kind,
  client: row.clientId && row.clientName !== null ? { id: row.clientId, name: row.clientName } : null,
  anonymousId: row.anonymousId,
  staff: { id: row.staffId, name: row.staffName },
  details: row.details,
  createdAt: row.createdAt.toISOString(),
});

/** A file name that says what the file is, and names no one: the client's id and the day. */
const fileName = (clientId: string, at: Date, extension: 'json' | 'html') =>
  `client-data-${clientId.slice(0, 8)}-${at.toISOString().slice(0, 10)}.${extension}`;

export function createPrivacyService(deps: {
  db: Db;
  repository: PrivacyRepository;
  repositoryIn: (tx: Db) => PrivacyRepository;
  company: CompanyService;
  chats: ChatsService;
  mail: MailService;
  webChat: Pick<WebChatService, 'eraseClientIn'>;
  notifications: NotificationsService;
  subscriptions: SubscriptionsService;
  reminders: RemindersService;
  schedule: ScheduleService;
  payments: PaymentProvider;
  subscriptionProvider: SubscriptionProvider;
  events: EventBus;
  clock: () => Date;
  log?: Logger;
}) {
  const { repository, repositoryIn, clock } = deps;

  /** Everything held about the client, read as one whole (the export, JSON or HTML). */
  async function collect(id: string): Promise<ClientExport> {
    const found = await repository.findClient(id);
    if (!found) throw notFound(PRIVACY_MESSAGES.notFound);
    const { client } = found;
    const links = await repository.linksOf(client);
    const appointmentIds = links.appointments.map((a) => a.id);
    const [company, chats, history, payments, subscriptions, emails] = await Promise.all([
      deps.company.get(),
      repository.chatsWithMessages(links.chatIds),
      repository.historyOf(appointmentIds),
      repository.paymentsOf(client.id),
      repository.subscriptionsOf(client.id),
      repository.emailsTo(links.emails),
    ]);
    return {
      format: 'chatdesk.client-export',
      version: 1,
      exportedAt: clock().toISOString(),
      business: { name: company.name },
      client: {
        id: client.id,
        name: client.name,
        phone: client.phone,
        email: client.email,
        status: client.status,
        source: client.source,
        address: client.address,
        notes: client.notes,
        assignedEmployee: found.assignedEmployee,
        createdAt: client.createdAt.toISOString(),
        updatedAt: client.updatedAt.toISOString(),
      },
      contacts: links.contacts.map((contact) => ({
        id: contact.id,
        name: contact.name,
        email: contact.email,
        phone: `${contact.prefix ? `+${contact.prefix} ` : ''}${contact.phone}`,
        notes: contact.notes,
        profilePicture: contact.profilePicture,
        createdAt: contact.createdAt.toISOString(),
      })),
      chats: chats.map(({ chat, messages, conversations }) => ({
        id: chat.id,
        channel: chat.channel,
        createdAt: chat.createdAt.toISOString(),
        messages: messages.map((message) => ({
          at: message.createdAt.toISOString(),
          sender: message.sender,
          text: message.text,
          status: message.status,
        })),
        conversations: conversations.map((conversation) => ({
          startedAt: conversation.startedAt.toISOString(),
          lastMessageAt: conversation.lastMessageAt.toISOString(),
          customerMessages: conversation.customerMessages,
          handedOverAt: iso(conversation.handedOverAt),
          handoffReason: conversation.handoffReason,
        })),
      })),
      appointments: links.appointments.map((a) => ({
        id: a.id,
        date: a.localDate,
        startTime: a.startTime,
        endTime: a.endTime,
        status: a.status,
        service: a.serviceName,
        professional: a.employeeName,
        price: { amount: a.priceAmount, currency: a.priceCurrency },
        bookedAs: { name: a.clientName, email: a.clientEmail, phone: a.clientPhone },
        notes: a.notes,
        channel: a.channel,
        createdAt: a.createdAt.toISOString(),
        history: history.events
          .filter((event) => event.appointmentId === a.id)
          .map((event) => ({
            at: event.createdAt.toISOString(),
            kind: event.kind,
            actor: event.actor,
            data: event.data,
          })),
        reminders: history.reminders
          .filter((reminder) => reminder.appointmentId === a.id)
          .map((reminder) => ({
            hoursBefore: reminder.hoursBefore,
            channel: reminder.channel,
            status: reminder.status,
            dueAt: reminder.dueAt.toISOString(),
            sentAt: iso(reminder.sentAt),
          })),
      })),
      payments: payments.map((p) => ({
        id: p.id,
        paidAt: p.paidAt.toISOString(),
        amount: p.amount,
        currency: p.currency,
        status: p.status,
        paymentMethod: p.paymentMethod,
        description: p.description,
        providerPaymentId: p.providerPaymentId,
      })),
      subscriptions: subscriptions.map((s) => ({
        id: s.id,
        plan: s.planName,
        amount: s.amount,
        currency: s.currency,
        interval: s.interval,
        status: s.status,
        currentPeriodStart: iso(s.currentPeriodStart),
        currentPeriodEnd: iso(s.currentPeriodEnd),
        canceledAt: iso(s.canceledAt),
        endedAt: iso(s.endedAt),
        createdAt: s.createdAt.toISOString(),
      })),
      emails: emails.map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        status: m.status,
        createdAt: m.createdAt.toISOString(),
        sentAt: iso(m.sentAt),
      })),
    };
  }

  async function logExport(clientId: string, staff: Staff, format: 'json' | 'html') {
    await repository.insertRequest({
      kind: 'export',
      clientId,
      staffId: staff.id,
      staffName: staff.name,
      details: { format },
    });
  }

  /** What stops an erasure, in words staff can act on. */
  function refusal(blockers: Awaited<ReturnType<PrivacyRepository['blockers']>>) {
    const parts = [
      ...blockers.upcoming.map(
        (a) => `the appointment on ${a.localDate} at ${a.startTime} with ${a.employeeName} (${a.status})`,
      ),
      ...blockers.live.map(
        (s) =>
          `the ${s.planName} subscription (${s.status}, ${formatMoney(s.amount, s.currency)}/${s.interval})`,
      ),
    ];
    return `Nothing was erased: first cancel ${parts.join(', ')}. An erasure never cancels or refunds by itself.`;
  }

  return {
    async exportJson(id: string, staff: Staff) {
      const data = await collect(id);
      await logExport(id, staff, 'json');
      return { filename: fileName(id, clock(), 'json'), data };
    },

    async exportHtml(id: string, staff: Staff) {
      const data = await collect(id);
      await logExport(id, staff, 'html');
      return { filename: fileName(id, clock(), 'html'), html: renderClientExportHtml(data) };
    },

    /**
     * Erases the client in one transaction: their record goes, everything that identified them
     * elsewhere is removed or anonymised by the module that owns it, and the money records stay
     * under an anonymous id. Refused while an appointment is to come or a subscription is live.
     * The payment provider forgets them after the commit (it is not ours to roll back).
     */
    async erase(id: string, confirm: string, staff: Staff): Promise<EraseClientResult> {
      const now = clock();
      const outcome = await deps.db.transaction(async (tx) => {
        const repo = repositoryIn(tx);
        const client = await repo.lockClient(id);
        if (!client) throw notFound(PRIVACY_MESSAGES.notFound);
        if (confirmationKey(confirm) !== confirmationKey(client.name))
          throw invalid(PRIVACY_MESSAGES.confirmMismatch);
        const links = await repo.linksOf(client);
        const appointmentIds = links.appointments.map((a) => a.id);
        const blockers = await repo.blockers(client.id, appointmentIds, now);
        if (blockers.upcoming.length > 0 || blockers.live.length > 0) throw conflict(refusal(blockers));

        const anonymous = anonymousId();
        // Full names, addresses and numbers wherever they are; a first name alone only in their own rows.
        const identifiers = {
          anywhere: identifiersPattern(links),
          aboutThem: identifiersPattern(links, { oneWordNames: true }),
        };
        const [payments, subscriptions] = await Promise.all([
          repo.paymentsOf(client.id),
          repo.subscriptionsOf(client.id),
        ]);
        const provider = {
          paymentIntentIds: [
            ...new Set(
              [...payments, ...links.appointments].flatMap((row) =>
                row.providerPaymentId ? [row.providerPaymentId] : [],
              ),
            ),
          ],
          subscriptionIds: subscriptions.flatMap((s) =>
            s.providerSubscriptionId ? [s.providerSubscriptionId] : [],
          ),
          emails: links.emails,
        };
        const aboutThem = [
          `/clients/${client.id}`,
          ...links.chatIds.map((chatId) => `/chat/${chatId}`),
          ...appointmentIds.map((appointmentId) => `/appointments/${appointmentId}`),
          ...subscriptions.map((s) => `/subscriptions/${s.id}`),
        ];

        const keptAppointments = await appointmentWrites.anonymiseClient(tx, appointmentIds);
        await deps.reminders.forgetErrorsIn(tx, appointmentIds);
        const keptPayments = await paymentWrites.anonymiseClient(
          tx,
          client.id,
          anonymous,
          identifiers.aboutThem,
        );
        const keptSubscriptions = await deps.subscriptions.anonymiseClientIn(tx, client.id, anonymous);
        const messages = await deps.chats.eraseCustomerIn(tx, {
          contactIds: links.contacts.map((contact) => contact.id),
          chatIds: links.chatIds,
          anonymousId: anonymous,
        });
        const emails = await deps.mail.eraseRecipientIn(tx, links.emails, identifiers.anywhere);
        const notifications = await deps.notifications.redactPersonIn(tx, identifiers, aboutThem, [
          `/clients/${client.id}`,
        ]);
        await deps.schedule.forgetHolderIn(tx, links.emails);
        await deps.webChat.eraseClientIn(tx, links.emails, client.id, links.phones);
        await forgetPackCodesIn(tx, links.emails);
        await forgetWaitlistIn(tx, links.emails);
        await repo.anonymiseRequests(client.id, anonymous);
        await clientWrites.delete(tx, client.id);

        const result = {
          anonymousId: anonymous,
          kept: { payments: keptPayments, subscriptions: keptSubscriptions, appointments: keptAppointments },
          erased: { chats: links.chatIds.length, messages, emails, notifications },
        };
        await repo.insertRequest({
          kind: 'erase',
          clientId: null,
          anonymousId: anonymous,
          staffId: staff.id,
          staffName: staff.name,
          details: {
            paymentsKept: keptPayments,
            subscriptionsKept: keptSubscriptions,
            appointmentsKept: keptAppointments,
            chatsErased: links.chatIds.length,
            messagesErased: messages,
            emailsRemoved: emails,
            notificationsRedacted: notifications,
          },
        });
        await tx.execute(
          deps.events.inStatement(
            { type: 'clients.changed' },
            { type: 'chats.changed' },
            { type: 'appointments.changed' },
            { type: 'subscriptions.changed' },
            ...links.chatIds.map((chatId) => ({ type: 'messages.changed' as const, chatId })),
          ),
        );
        return { result, provider };
      });

      let providerMessage: string | null = null;
      try {
        await deps.payments.forgetCustomer(outcome.provider);
        await deps.subscriptionProvider.forgetCustomer(outcome.provider);
      } catch (error) {
        deps.log?.warn(
          { err: error, anonymousId: outcome.result.anonymousId },
          'privacy: the payment provider did not forget an erased client',
        );
        providerMessage = `Erased here, but the payment provider could not be reached: remove the customer (${outcome.result.anonymousId}'s payments ${outcome.provider.paymentIntentIds.join(', ') || 'none'}) in its dashboard.`;
      }
      return { ...outcome.result, providerForgotten: providerMessage === null, providerMessage };
    },

    async requests(query: z.output<typeof listPrivacyRequestsQuerySchema>): Promise<Paged<PrivacyRequest>> {
      const after = decodeCursor(query.cursor, isTimestampKey);
      return toPage(await repository.page(query, query.limit, after), query.limit, toRequest);
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
