import { z } from 'zod';
import { calendarDate, idSchema, slotTime } from './common.ts';
import { EMAIL_PATTERN } from './constants.ts';
import { bookingResponseSchema, clientInfoSchema, pageLanguageSchema } from './schedule.ts';
import { BOOKING_MESSAGES } from './schedule-rules.ts';
import { SERVICE_LIMITS } from './services.ts';

export const PACK_LIMITS = {
  nameMax: 80,
  sessionsMin: 1,
  sessionsMax: 100,
  validityMinDays: 1,
  /** Five years: a pack that never runs out is a price list, not a pack. */
  validityMaxDays: 1825,
  /** The price of a whole pack can be many sessions' worth. */
  priceMax: SERVICE_LIMITS.priceMax * 10,
} as const;

/**
 * Every movement of a client's sessions is one ledger row: a sale (+sessions, the money taken),
 * a use by a booking (-1), a return of that session when the booking is cancelled in time (+1),
 * the sessions left when the pack expires (-n), and a refund of the pack (-n, money back).
 */
export const PACK_LEDGER_KINDS = ['sale', 'use', 'return', 'expiry', 'refund'] as const;
export type PackLedgerKind = (typeof PACK_LEDGER_KINDS)[number];

/** How a pack sold at the desk was paid: cash or a card on the business's own terminal. */
export const PACK_SALE_METHODS = ['cash', 'card'] as const;
export type PackSaleMethod = (typeof PACK_SALE_METHODS)[number];

/** How a client's pack was paid: at the desk (cash, card) or online on the booking page. */
export const PACK_PAYMENT_METHODS = [...PACK_SALE_METHODS, 'online'] as const;
export type PackPaymentMethod = (typeof PACK_PAYMENT_METHODS)[number];

/** Who moved a pack's sessions. */
export const PACK_ACTORS = ['staff', 'customer', 'assistant', 'system'] as const;

export const PACK_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${PACK_LIMITS.nameMax} characters`,
  serviceRequired: 'Choose a service from the list',
  sessionsInvalid: `Sessions must be a whole number from ${PACK_LIMITS.sessionsMin} to ${PACK_LIMITS.sessionsMax}`,
  priceInvalid: 'Price must be 0 or more, with at most two decimals',
  priceTooHigh: 'Price is too high',
  validityInvalid: `Validity must be between ${PACK_LIMITS.validityMinDays} and ${PACK_LIMITS.validityMaxDays} days`,
  methodInvalid: 'Choose cash or card',
  notFound: 'Pack not found',
  clientPackNotFound: 'This client has no such pack',
  serviceNotFound: 'Service not found',
  serviceArchived: 'This service is no longer offered',
  archived: 'This pack is archived: restore it to sell it again',
  clientNotFound: 'Client not found',
  /** A booking asked to use a pack and none had a session left, unexpired, for its service. */
  noSessionLeft: 'This client has no pack with a session left for this service.',
  /** An appointment whose pack session was given back cannot take it again by being reopened. */
  sessionReturned:
    'This appointment was paid with a pack session that was given back when it was cancelled. Book it again instead.',
  /** The booking page: a purchase whose payment did not go through creates nothing. */
  paymentNotCompleted: 'The payment was not completed, so no pack was bought.',
  paymentNotForPack: 'This payment is not for a pack.',
  purchaseFailedRefunded: 'The pack could not be created, so your payment was refunded.',
  /** Using a pack on the booking page: an emailed code proves the address first. */
  emailInvalid: 'Enter a valid email address',
  codeInvalid: 'Enter the 6-digit code from the email',
  codeSent: 'If the address can receive email, a code is on its way. It is valid for 10 minutes.',
  codeWrong: 'That code is not right. Check the email and try again.',
  codeExpired: 'That code has expired or was tried too many times. Ask for a new one.',
  tooManyCodes: 'Too many codes asked for. Please wait a while and try again.',
  checkExpired: 'Your email check has expired. Ask for a new code.',
  noPackHere: 'You have no valid pack with a session left for this service.',
  packNotDeleted:
    'An appointment paid with a pack session is kept with its history, so it cannot be deleted. Cancel it instead if it will not take place.',
  /** Refunding a pack (staff). */
  refundAmountInvalid: 'The refund must be an amount of 0 or more, in cents',
  refundTooMuch: "The refund cannot be more than the pack's price",
  refundReasonTooLong: 'The reason must be at most 500 characters',
  alreadyRefunded: 'This pack has already been refunded',
  refundProviderFailed:
    'The payment provider did not give the money back, so nothing was changed. Try again in a moment, or refund it at the desk.',
} as const;

/** The appointments still to come that used a session of the pack: staff cancel or move them before refunding it. */
export const packRefundBooked = (when: string[]) =>
  `Cancel or move the ${when.length === 1 ? 'appointment' : `${when.length} appointments`} booked with this pack first: ${when.join(', ')}`;

/**
 * What a refund gives back by default: the price pro rata of the sessions left, rounded down to
 * the cent (7 of 10 sessions left of 350,00 € is 245,00 €). Staff may change it, from 0 to the price.
 */
export const proRataRefund = (pack: { priceAmount: number; sessionsLeft: number; sessionsTotal: number }) =>
  pack.sessionsTotal > 0 ? Math.floor((pack.priceAmount * pack.sessionsLeft) / pack.sessionsTotal) : 0;

/** Staff give a client money back for a pack: its sessions left end, the amount goes back. */
export const refundPackSchema = z.object({
  /** In cents; the pack's price at most (checked against the pack). */
  amount: z
    .number({ message: PACK_MESSAGES.refundAmountInvalid })
    .int(PACK_MESSAGES.refundAmountInvalid)
    .min(0, PACK_MESSAGES.refundAmountInvalid)
    .max(PACK_LIMITS.priceMax, PACK_MESSAGES.refundTooMuch),
  reason: z
    .string()
    .trim()
    .max(500, PACK_MESSAGES.refundReasonTooLong)
    .optional()
    .transform((value) => value || null),
});
export type RefundPackRequest = z.input<typeof refundPackSchema>;

/** What staff set on a pack (create and edit alike). */
export const packFormSchema = z.object({
  serviceId: z.uuid({ message: PACK_MESSAGES.serviceRequired }),
  name: z
    .string({ message: PACK_MESSAGES.nameRequired })
    .trim()
    .min(1, PACK_MESSAGES.nameRequired)
    .max(PACK_LIMITS.nameMax, PACK_MESSAGES.nameTooLong),
  sessions: z
    .number({ message: PACK_MESSAGES.sessionsInvalid })
    .int(PACK_MESSAGES.sessionsInvalid)
    .min(PACK_LIMITS.sessionsMin, PACK_MESSAGES.sessionsInvalid)
    .max(PACK_LIMITS.sessionsMax, PACK_MESSAGES.sessionsInvalid),
  /** In cents (the smallest unit of the service's currency). */
  priceAmount: z
    .number({ message: PACK_MESSAGES.priceInvalid })
    .int(PACK_MESSAGES.priceInvalid)
    .min(0, PACK_MESSAGES.priceInvalid)
    .max(PACK_LIMITS.priceMax, PACK_MESSAGES.priceTooHigh),
  validityDays: z
    .number({ message: PACK_MESSAGES.validityInvalid })
    .int(PACK_MESSAGES.validityInvalid)
    .min(PACK_LIMITS.validityMinDays, PACK_MESSAGES.validityInvalid)
    .max(PACK_LIMITS.validityMaxDays, PACK_MESSAGES.validityInvalid),
});
export type PackForm = z.input<typeof packFormSchema>;

export const packSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  name: z.string(),
  sessions: z.number().int(),
  priceAmount: z.number().int(),
  /** The service's currency. */
  currency: z.string(),
  validityDays: z.number().int(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Pack = z.infer<typeof packSchema>;
export const packListSchema = z.array(packSchema);

export const listPacksQuerySchema = z.object({
  /** Archived packs too (the Packs section's "Show archived"). */
  archived: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** Staff selling a pack to a client at the desk. */
export const sellPackSchema = z.object({
  packId: idSchema,
  method: z.enum(PACK_SALE_METHODS, { message: PACK_MESSAGES.methodInvalid }),
});
export type SellPackRequest = z.input<typeof sellPackSchema>;

/** A pack a client bought: what is left of it and until when. */
export const clientPackSchema = z.object({
  id: z.string(),
  packId: z.string().nullable(),
  serviceId: z.string().nullable(),
  name: z.string(),
  serviceName: z.string(),
  sessionsTotal: z.number().int(),
  sessionsLeft: z.number().int(),
  priceAmount: z.number().int(),
  currency: z.string(),
  method: z.enum(PACK_PAYMENT_METHODS),
  expiresAt: z.string(),
  /** Past its date: whatever was left cannot be used. */
  expired: z.boolean(),
  /** When staff refunded it (its sessions ended then); null while it is not. */
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientPack = z.infer<typeof clientPackSchema>;
export const clientPackListSchema = z.array(clientPackSchema);

export const clientPackParamsSchema = z.object({ id: idSchema, clientPackId: idSchema });

export const packLedgerEntrySchema = z.object({
  kind: z.enum(PACK_LEDGER_KINDS),
  /** The change to the sessions left: +10 for a sale of ten, -1 for a use, +1 for a return. */
  sessions: z.number().int(),
  /** Money moved with it, in minor units (a sale's price, a refund's negative; 0 for uses and returns). */
  amount: z.number().int(),
  currency: z.string(),
  appointmentId: z.string().nullable(),
  actor: z.enum(PACK_ACTORS),
  /** The staff member who did it, when it was staff and they are still on the team. */
  employeeName: z.string().nullable(),
  /** A refund's reason, as staff wrote it. */
  reason: z.string().nullable(),
  at: z.string(),
});
export type PackLedgerEntry = z.infer<typeof packLedgerEntrySchema>;
export const packLedgerSchema = z.object({
  pack: clientPackSchema,
  entries: z.array(packLedgerEntrySchema),
});
export type PackLedger = z.infer<typeof packLedgerSchema>;

/** A pack as the public booking page offers it, beside booking a single session. */
export const publicPackSchema = packSchema.pick({
  id: true,
  serviceId: true,
  name: true,
  sessions: true,
  priceAmount: true,
  currency: true,
  validityDays: true,
});
export type PublicPack = z.infer<typeof publicPackSchema>;
export const publicPackListSchema = z.array(publicPackSchema);
export const publicPacksQuerySchema = z.object({ serviceId: idSchema });

/** The languages the customer's emails about a pack are written in. */
export const PACK_EMAIL_LANGUAGES = ['es', 'en'] as const;

/** A visitor starts buying a pack: the server sets the amount from the pack. */
export const packCheckoutSchema = z.object({
  packId: idSchema,
  clientInfo: clientInfoSchema,
  language: z.enum(PACK_EMAIL_LANGUAGES).default('en'),
});
export type PackCheckoutRequest = z.input<typeof packCheckoutSchema>;
export const packCheckoutResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});
export type PackCheckoutResponse = z.infer<typeof packCheckoutResponseSchema>;

/** The page says the card was paid: the server asks the provider, and only then sells the pack. */
export const packPurchaseSchema = z.object({ paymentIntentId: z.string().trim().min(1).max(200) });
export const packPurchaseResponseSchema = z.object({
  name: z.string(),
  serviceName: z.string(),
  sessionsTotal: z.number().int(),
  sessionsLeft: z.number().int(),
  expiresAt: z.string(),
  email: z.string(),
});
export type PackPurchase = z.infer<typeof packPurchaseResponseSchema>;

/** Minutes an emailed code is valid, and tries it allows (as the web chat's). */
export const PACK_CODE_MINUTES = 10;
export const PACK_CODE_TRIES = 5;
/** Minutes a checked email may book with its packs before asking for a new code. */
export const PACK_CHECK_MINUTES = 30;

const packEmail = z
  .string({ message: PACK_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(320, PACK_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, PACK_MESSAGES.emailInvalid);

/** "I have a pack": a code is emailed to the address, whoever's it is (the answer is the same). */
export const packCodeRequestSchema = z.object({
  email: packEmail,
  language: z.enum(PACK_EMAIL_LANGUAGES).default('en'),
});
export const packCodeSentSchema = z.object({ verificationId: z.string(), message: z.string() });
export type PackCodeSent = z.infer<typeof packCodeSentSchema>;

export const packCodeConfirmSchema = z.object({
  verificationId: idSchema,
  email: packEmail,
  code: z
    .string({ message: PACK_MESSAGES.codeInvalid })
    .trim()
    .regex(/^\d{6}$/, PACK_MESSAGES.codeInvalid),
});

/** A pack of the checked address's client, as the booking page shows it. */
export const packBalanceSchema = z.object({
  name: z.string(),
  serviceId: z.string().nullable(),
  serviceName: z.string(),
  sessionsLeft: z.number().int(),
  sessionsTotal: z.number().int(),
  expiresAt: z.string(),
});
export type PackBalance = z.infer<typeof packBalanceSchema>;

/** The code was right: the token books with the address's packs for a while. */
export const packCheckSchema = z.object({
  token: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  packs: z.array(packBalanceSchema),
});
export type PackCheck = z.infer<typeof packCheckSchema>;

/** A booking paid with one session of the checked address's pack for the service. */
export const packBookingSchema = z.object({
  token: z.string().trim().min(1).max(200),
  employeeId: idSchema,
  serviceId: idSchema,
  date: calendarDate(BOOKING_MESSAGES.dateInvalid),
  timeSlot: slotTime(BOOKING_MESSAGES.timeInvalid),
  /** The page's language: the confirmation email is written in it. */
  language: pageLanguageSchema,
});
export type PackBookingRequest = z.input<typeof packBookingSchema>;
export const packBookingResponseSchema = bookingResponseSchema.extend({ pack: packBalanceSchema });
export type PackBookingResponse = z.infer<typeof packBookingResponseSchema>;
