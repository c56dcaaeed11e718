import { z } from 'zod';
import { pageQuerySchema } from './common.ts';

/** What a data-protection request did: an export of a client's data (GDPR art. 15) or its erasure (art. 17). */
export const PRIVACY_REQUEST_KINDS = ['export', 'erase'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

/** The name an erased client's kept records show instead of theirs. */
export const ERASED_CLIENT_NAME = 'Erased client';

export const PRIVACY_MESSAGES = {
  notFound: 'Client not found: an erased client is gone for good (the privacy log lists the erasure)',
  confirmRequired: "Type the client's name to confirm the erasure",
  confirmMismatch: "The name typed is not this client's: nothing was erased",
} as const;

/** Compared for the confirmation: the name as a person would type it, case and spacing aside. */
export const confirmationKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

export const eraseClientSchema = z.object({
  /** The client's name, typed by the staff member who asked for the erasure. */
  confirm: z
    .string({ message: PRIVACY_MESSAGES.confirmRequired })
    .trim()
    .min(1, PRIVACY_MESSAGES.confirmRequired)
    .max(300),
});
export type EraseClientRequest = z.infer<typeof eraseClientSchema>;

export const eraseClientResultSchema = z.object({
  /** What the kept money records (payments, subscriptions) carry instead of the client: `erased-…`. */
  anonymousId: z.string(),
  kept: z.object({
    payments: z.number().int(),
    subscriptions: z.number().int(),
    appointments: z.number().int(),
  }),
  erased: z.object({
    chats: z.number().int(),
    messages: z.number().int(),
    emails: z.number().int(),
    notifications: z.number().int(),
  }),
  /**
   * The payment provider's own records (card payments' metadata, the subscription customer):
   * asked to forget the client after the erasure committed. False when it could not be reached,
   * and `providerMessage` says what is left to do there by hand.
   */
  providerForgotten: z.boolean(),
  providerMessage: z.string().nullable(),
});
export type EraseClientResult = z.infer<typeof eraseClientResultSchema>;

const money = { amount: z.number().int(), currency: z.string() };

/** Everything the business holds about one client, as `GET /clients/{id}/export` gives it. */
export const clientExportSchema = z.object({
  format: z.literal('chatdesk.client-export'),
  version: z.literal(1),
  exportedAt: z.string(),
  business: z.object({ name: z.string() }),
  client: z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    status: z.string(),
    source: z.string(),
    address: z.record(z.string(), z.string().optional()),
    notes: z.string().nullable(),
    assignedEmployee: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  contacts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string(),
      notes: z.string().nullable(),
      profilePicture: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  chats: z.array(
    z.object({
      id: z.string(),
      channel: z.string(),
      createdAt: z.string(),
      messages: z.array(
        z.object({
          at: z.string(),
          sender: z.string(),
          text: z.string(),
          status: z.string(),
        }),
      ),
      /** The conversations the assistant's report counts in this chat. */
      conversations: z.array(
        z.object({
          startedAt: z.string(),
          lastMessageAt: z.string(),
          customerMessages: z.number().int(),
          handedOverAt: z.string().nullable(),
          handoffReason: z.string().nullable(),
        }),
      ),
    }),
  ),
  appointments: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      status: z.string(),
      service: z.string(),
      professional: z.string(),
      price: z.object(money),
      bookedAs: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
      notes: z.string().nullable(),
      channel: z.string(),
      createdAt: z.string(),
      history: z.array(
        z.object({
          at: z.string(),
          kind: z.string(),
          actor: z.string(),
          data: z.record(z.string(), z.unknown()),
        }),
      ),
      reminders: z.array(
        z.object({
          hoursBefore: z.number().int(),
          channel: z.string(),
          status: z.string(),
          dueAt: z.string(),
          sentAt: z.string().nullable(),
        }),
      ),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      paidAt: z.string(),
      ...money,
      status: z.string(),
      paymentMethod: z.string().nullable(),
      description: z.string().nullable(),
      providerPaymentId: z.string().nullable(),
    }),
  ),
  subscriptions: z.array(
    z.object({
      id: z.string(),
      plan: z.string(),
      ...money,
      interval: z.string(),
      status: z.string(),
      currentPeriodStart: z.string().nullable(),
      currentPeriodEnd: z.string().nullable(),
      canceledAt: z.string().nullable(),
      endedAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** The emails sent (or waiting to be sent) to the client's addresses. */
  emails: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
});
export type ClientExport = z.infer<typeof clientExportSchema>;

export const privacyRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  /** The client, while their record exists. */
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** After an erasure: the anonymous id their kept records carry. */
  anonymousId: z.string().nullable(),
  staff: z.object({ id: z.string().nullable(), name: z.string() }),
  /** An export's format, or what an erasure removed and kept. */
  details: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.string(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

export const listPrivacyRequestsQuerySchema = pageQuerySchema.extend({
  clientId: z.uuid().optional(),
});
