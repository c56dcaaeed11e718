import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { invalid } from '../../lib/app-error.ts';
import { splitPhone } from '../../lib/phone.ts';
import type { ChatsService } from '../chats/chats.service.ts';

type WaMessage = {
  from: string;
  id: string;
  timestamp?: unknown;
  type: string;
  text?: { body: string };
  button?: { text: string };
  interactive?: { button_reply?: { title: string }; list_reply?: { title: string } };
};
type WaStatus = {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  errors?: Array<{ title?: string; message?: string }>;
};
type WaPayload = {
  object?: string;
  entry?: Array<{
    changes?: Array<{
      field?: string;
      value?: {
        contacts?: Array<{ wa_id: string; profile?: { name?: string } }>;
        messages?: WaMessage[];
        statuses?: WaStatus[];
      };
    }>;
  }>;
};

/** Meta retries a delivery for up to 7 days; a time well outside that, or ahead of our clock, is no time. */
const OLDEST_PLAUSIBLE_MS = 30 * 24 * 3_600_000;
const NEWEST_PLAUSIBLE_MS = 3_600_000;

/**
 * When the customer sent a message. WhatsApp gives whole seconds; within that second our own receipt
 * time is the better guess, so a quick follow-up is not ordered before the reply it came after.
 * A timestamp that is no plausible time (absurd, far off, not a number) is treated as missing: the
 * message is still stored, at its receipt time, rather than refused and retried by Meta for days.
 */
export function sentAt(timestamp: unknown, receivedAt: Date): Date | undefined {
  if (typeof timestamp !== 'string' && typeof timestamp !== 'number') return undefined;
  if (typeof timestamp === 'string' && !/^\d{1,15}$/.test(timestamp)) return undefined;
  const start = Number(timestamp) * 1000;
  const received = receivedAt.getTime();
  if (!Number.isFinite(start)) return undefined;
  if (start < received - OLDEST_PLAUSIBLE_MS || start > received + NEWEST_PLAUSIBLE_MS) return undefined;
  return new Date(Math.min(Math.max(received, start), start + 999));
}

/** X-Hub-Signature-256: sha256=HMAC-SHA256(app secret, raw body), compared in constant time. */
export function validSignature(rawBody: Buffer, header: string | undefined, appSecret: string) {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(rawBody).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const listOf = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);

const waMessageSchema = z.object({
  from: z.string().regex(/^\d{4,20}$/),
  id: z
    .string()
    .min(1)
    .max(500)
    .refine((v) => !v.includes('\u0000')),
  type: z.string().max(100),
});
const waStatusSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(500)
    .refine((v) => !v.includes('\u0000')),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
});

const textIn = (value: unknown) =>
  // PostgreSQL cannot store NUL in text.
  typeof value === 'string' && value ? value.replaceAll('\u0000', '') || null : null;

/** At most `max` characters, never cutting a character in two. */
const upTo = (value: string, max: number) =>
  value.length <= max ? value : [...value].slice(0, max).join('');

/** A contact's name is at most 200 characters (as staff may write it); a provider's error at most 1000. */
const NAME_MAX = 200;
const ERROR_MAX = 1000;

function textOf(message: WaMessage) {
  if (message.type === 'text' && textIn(message.text?.body)) return textIn(message.text?.body)!;
  if (message.type === 'button' && textIn(message.button?.text)) return textIn(message.button?.text)!;
  const reply =
    textIn(message.interactive?.button_reply?.title) ?? textIn(message.interactive?.list_reply?.title);
  if (reply) return reply;
  return `[${message.type.replaceAll('\u0000', '')} message: open WhatsApp to see it]`;
}

export function createWhatsAppWebhookService(deps: {
  appSecret: string;
  verifyToken: string | undefined;
  chats: ChatsService;
  clock: () => Date;
}) {
  return {
    /** Meta's subscription check: echo the challenge when the verify token matches. */
    verify(query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string }) {
      if (
        query['hub.mode'] !== 'subscribe' ||
        !deps.verifyToken ||
        query['hub.verify_token'] !== deps.verifyToken ||
        !query['hub.challenge']
      ) {
        return null;
      }
      return query['hub.challenge'];
    },

    /** Checks the signature on the raw body before anything else, then stores messages and statuses once. */
    async receive(rawBody: Buffer, signature: string | undefined) {
      if (!validSignature(rawBody, signature, deps.appSecret)) throw invalid('Invalid X-Hub-Signature-256');
      let payload: WaPayload;
      try {
        payload = JSON.parse(rawBody.toString('utf8')) as WaPayload;
      } catch {
        throw invalid('The request body is not valid JSON');
      }
      const result = { messages: 0, duplicates: 0, statuses: 0 };
      // Signed but of a shape we do not handle: skip that part and acknowledge, or Meta retries for days.
      for (const entry of listOf(payload?.entry)) {
        for (const change of listOf(entry?.changes)) {
          const value = change?.value;
          if (!value || typeof value !== 'object') continue;
          const contacts = listOf(value.contacts).filter((c) => typeof c?.wa_id === 'string');
          for (const message of listOf(value.messages)) {
            if (!waMessageSchema.safeParse(message).success) continue;
            const { prefix, phone } = splitPhone(message.from);
            const profileName = textIn(contacts.find((c) => c.wa_id === message.from)?.profile?.name);
            const name = profileName ? upTo(profileName, NAME_MAX) : `+${message.from}`;
            const at = sentAt(message.timestamp, deps.clock());
            const received = await deps.chats.receiveInbound({
              prefix,
              phone,
              name,
              text: textOf(message),
              externalId: message.id,
              channel: 'whatsapp',
              ...(at ? { at } : {}),
            });
            if (received.duplicate) result.duplicates++;
            else result.messages++;
          }
          for (const status of listOf(value.statuses)) {
            if (!waStatusSchema.safeParse(status).success) continue;
            const error = textIn(
              upTo(
                listOf(status.errors)
                  .map((e) => textIn(e?.message) ?? textIn(e?.title))
                  .filter((m): m is string => m !== null)
                  .join('; '),
                ERROR_MAX,
              ),
            );
            const applied = await deps.chats.applyDeliveryStatus({
              externalId: status.id,
              status: status.status,
              error,
            });
            if (applied) result.statuses++;
          }
        }
      }
      return result;
    },
  };
}

export type WhatsAppWebhookService = ReturnType<typeof createWhatsAppWebhookService>;
