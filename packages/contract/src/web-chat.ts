import { z } from 'zod';
import { EMAIL_PATTERN } from './constants.ts';
import {
  normaliseOrigin,
  WEB_CHAT_CODE_LENGTH,
  WEB_CHAT_GREETING_MAX,
  WEB_CHAT_MAX_MESSAGE_LENGTH,
  WEB_CHAT_MAX_ORIGINS,
  WEB_CHAT_MESSAGES,
  WEB_CHAT_POSITIONS,
  WEB_CHAT_PRIVACY_NOTE_MAX,
} from './web-chat-rules.ts';

export * from './web-chat-rules.ts';

const M = WEB_CHAT_MESSAGES;

/** Settings → Web chat, as staff read them. */
export const webChatSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Made once per install; not a secret (it is in the snippet), it only names this business's chat. */
  publicKey: z.string(),
  allowedOrigins: z.array(z.string()),
  greeting: z.string(),
  /** #rrggbb */
  color: z.string(),
  position: z.enum(WEB_CHAT_POSITIONS),
  privacyNote: z.string(),
  /**
   * The server's public address (PUBLIC_URL), where the snippet loads the chat from; null when the
   * server has none, and the dashboard's own address is used instead.
   */
  publicUrl: z.string().nullable(),
});
export type WebChatSettings = z.infer<typeof webChatSettingsSchema>;

const originSchema = z
  .string({ message: M.originInvalid })
  .max(300, M.originInvalid)
  .transform((value, context) => {
    const origin = normaliseOrigin(value);
    if (origin === null) {
      context.addIssue({ code: 'custom', message: M.originInvalid });
      return z.NEVER;
    }
    return origin;
  });

export const updateWebChatSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Normalised, and each once. */
  allowedOrigins: z
    .array(originSchema)
    .max(WEB_CHAT_MAX_ORIGINS, M.tooManyOrigins)
    .transform((origins) => [...new Set(origins)]),
  greeting: z
    .string({ message: M.greetingRequired })
    .trim()
    .min(1, M.greetingRequired)
    .max(WEB_CHAT_GREETING_MAX, M.greetingTooLong),
  color: z
    .string({ message: M.colorInvalid })
    .regex(/^#[0-9a-fA-F]{6}$/, M.colorInvalid)
    .transform((value) => value.toLowerCase()),
  position: z.enum(WEB_CHAT_POSITIONS, { message: M.positionInvalid }),
  privacyNote: z.string().trim().max(WEB_CHAT_PRIVACY_NOTE_MAX, M.privacyNoteTooLong),
});
export type UpdateWebChatSettingsRequest = z.input<typeof updateWebChatSettingsSchema>;

const publicKeySchema = z.string({ message: M.notAvailable }).min(1, M.notAvailable).max(100, M.notAvailable);

export const webChatConfigQuerySchema = z.object({ key: publicKeySchema });

/** What the loader and the panel need to draw the chat: nothing about any customer. */
export const webChatConfigSchema = z.object({
  businessName: z.string(),
  greeting: z.string(),
  color: z.string(),
  position: z.enum(WEB_CHAT_POSITIONS),
  privacyNote: z.string(),
  /** Whether a person can answer now (see decision 022: someone on the staff had the dashboard open in the last minutes). */
  online: z.boolean(),
  /** Whether the visitor may prove a phone number with a code (by WhatsApp or by SMS, as `phoneChannel` says). */
  phoneVerification: z.boolean(),
  /** How a number's code is sent: WhatsApp's authentication template, else SMS (Twilio); null when neither is configured. */
  phoneChannel: z.enum(['whatsapp', 'sms']).nullable(),
});
export type WebChatConfig = z.infer<typeof webChatConfigSchema>;

export const createWebChatSessionSchema = z.object({ key: publicKeySchema });
/** 32 random bytes, base64url: the visitor's only credential; the server keeps its SHA-256. */
export const webChatSessionSchema = z.object({ sessionId: z.string() });
export type WebChatSession = z.infer<typeof webChatSessionSchema>;

export const webChatMessageSchema = z.object({
  id: z.string(),
  from: z.enum(['visitor', 'assistant', 'staff']),
  text: z.string(),
  /** ISO 8601 */
  timestamp: z.string(),
});
export type WebChatMessage = z.infer<typeof webChatMessageSchema>;

export const webChatConversationSchema = z.object({
  messages: z.array(webChatMessageSchema),
  verifiedEmail: z.string().nullable(),
  /** The number proved by a code (WhatsApp or SMS), as + and its digits. */
  verifiedPhone: z.string().nullable(),
  /** An email or number was verified and lapsed (idle or old): the panel asks the visitor to verify again. */
  verificationLapsed: z.boolean(),
  replyTo: z.string().nullable(),
});
export type WebChatConversation = z.infer<typeof webChatConversationSchema>;

export const sendWebChatMessageSchema = z.object({
  text: z
    .string({ message: M.textRequired })
    .max(WEB_CHAT_MAX_MESSAGE_LENGTH * 2, M.textTooLong)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, M.textRequired).max(WEB_CHAT_MAX_MESSAGE_LENGTH, M.textTooLong)),
});
export type SendWebChatMessageRequest = z.input<typeof sendWebChatMessageSchema>;

const emailSchema = z
  .string({ message: M.emailInvalid })
  .trim()
  .max(254, M.emailInvalid)
  .regex(EMAIL_PATTERN, M.emailInvalid)
  .transform((value) => value.toLowerCase());

export const requestWebChatCodeSchema = z.object({ email: emailSchema });
export const webChatCodeSentSchema = z.object({ message: z.string() });

export const confirmWebChatCodeSchema = z.object({
  email: emailSchema,
  code: z
    .string({ message: M.codeInvalid })
    .trim()
    .regex(new RegExp(`^\\d{${WEB_CHAT_CODE_LENGTH}}$`), M.codeInvalid),
});
export const webChatVerifiedSchema = z.object({ verifiedEmail: z.string() });

/** A number with its country code; the server checks it is a valid one (400 otherwise). */
const phoneSchema = z
  .string({ message: M.phoneInvalid })
  .trim()
  .min(1, M.phoneInvalid)
  .max(40, M.phoneInvalid);
export const requestWebChatPhoneCodeSchema = z.object({
  phone: phoneSchema,
  /** The language of a code sent by SMS (the panel's); WhatsApp's template has its own. */
  language: z.enum(['es', 'en']).default('en'),
});
export const confirmWebChatPhoneCodeSchema = z.object({
  phone: phoneSchema,
  code: z
    .string({ message: M.phoneCodeInvalid })
    .trim()
    .regex(new RegExp(`^\\d{${WEB_CHAT_CODE_LENGTH}}$`), M.phoneCodeInvalid),
});
export const webChatPhoneVerifiedSchema = z.object({ verifiedPhone: z.string() });

/** An email address, or a phone number with 7 to 15 digits (spaces, dashes, dots and brackets allowed). */
export function isReplyToContact(value: string): boolean {
  if (EMAIL_PATTERN.test(value)) return value.length <= 254;
  if (!/^\+?[\d\s\-.()]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

export const webChatReplyToRequestSchema = z.object({
  contact: z
    .string({ message: M.contactInvalid })
    .trim()
    .max(254, M.contactInvalid)
    .refine(isReplyToContact, M.contactInvalid),
});
export const webChatReplyToSchema = z.object({ replyTo: z.string() });

/** GET /api/web-chat/export: the visitor's own copy of the conversation. */
export const webChatExportSchema = z.object({
  exportedAt: z.string(),
  businessName: z.string(),
  verifiedEmail: z.string().nullable(),
  verifiedPhone: z.string().nullable(),
  replyTo: z.string().nullable(),
  messages: z.array(webChatMessageSchema),
});
export type WebChatExport = z.infer<typeof webChatExportSchema>;

/**
 * GET /api/web-chat/stream is Server-Sent Events, not JSON: `event: message` (id: the message's id,
 * data: a WebChatMessage), `event: resync` (reload the conversation), and `event: ready` once
 * connected. Reconnecting with `Last-Event-ID: <message id>` replays the messages stored after it.
 */
export const WEB_CHAT_STREAM_EVENTS = ['ready', 'message', 'resync'] as const;

/** The local-only mailbox (no SMTP configured, not production): the latest message to an address. */
export const localMailQuerySchema = z.object({ to: z.string().trim().min(1).max(254) });
export const localMailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type LocalMailMessage = z.infer<typeof localMailMessageSchema>;
export const localWhatsAppCodeQuerySchema = z.object({ to: z.string().trim().min(1).max(40) });
export const localWhatsAppCodeSchema = z.object({ to: z.string(), code: z.string() });
