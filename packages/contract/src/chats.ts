import { z } from 'zod';
import { optionalText } from './common.ts';
import { EMAIL_PATTERN, NOTIFICATION_BADGE_CAP } from './constants.ts';

export const CHAT_ASSIGNEES = ['ai', 'human'] as const;
/** Where a chat's customer writes from: WhatsApp, the website's chat, or staff trying the assistant. */
export const CHAT_CHANNELS = ['whatsapp', 'web', 'simulator'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
export const MESSAGE_STATUSES = ['sending', 'sent', 'delivered', 'read', 'failed'] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** The command that starts a new conversation with the assistant (the simulator deletes its chat with it). */
export const NEW_CONVERSATION_COMMAND = '/new';
export const MAX_MESSAGE_LENGTH = 4096;

export const CHAT_MESSAGES = {
  notFound: 'Chat not found',
  contactNotFound: 'Contact not found',
  textRequired: 'Message text is required',
  textTooLong: `Messages can be at most ${MAX_MESSAGE_LENGTH} characters`,
  aiAssigned: 'Turn off AI Response to send messages manually.',
  windowClosed:
    "WhatsApp only allows free-form replies within 24 hours of the customer's last message. Send an approved template instead.",
  templateNotFound: 'This template is not available. Choose another one.',
  templateParameters: 'Fill in every placeholder of the template.',
  templateWhatsAppOnly: 'Templates are sent on WhatsApp chats only.',
  nameRequired: 'Name is required',
  emailInvalid: 'Please enter a valid email address',
  urlInvalid: 'Profile picture must be a valid http(s) URL',
  simulatorDisabled: 'The chat simulator is turned off',
  simulatorClientInvalid: 'Choose a client from the list',
} as const;

export const lastMessageSchema = z.object({
  text: z.string(),
  timestamp: z.string(),
  isOutgoing: z.boolean(),
});

export const chatSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  prefix: z.string(),
  email: z.string().nullable(),
  profilePicture: z.string().nullable(),
  assignedTo: z.enum(CHAT_ASSIGNEES),
  channel: z.enum(CHAT_CHANNELS),
  lastMessage: lastMessageSchema.nullable(),
  unreadCount: z.number().int(),
  /** The contact's id. */
  contact: z.string(),
  /** The client with the same phone, when there is one. */
  clientId: z.string().nullable(),
  /** Since when the customer waits for a person (handed over, no reply yet), or null. */
  waitingSince: z.string().nullable(),
  /**
   * While the chat waits, the customer's last message (the list shows what they asked, not the
   * assistant's handoff line); null when it does not wait.
   */
  lastCustomerText: z.string().nullable(),
  /** Where the list stands at this chat: pass the last one's as `cursor` for the page after it. */
  cursor: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;
export const chatListSchema = z.array(chatSchema);

/**
 * Chats the assistant handed to a person that nobody has opened since (their handoff notification
 * is neither read nor solved) and that a person still has.
 */
export const waitingChatsSchema = z.object({ chatIds: z.array(z.string()) });
export type WaitingChats = z.infer<typeof waitingChatsSchema>;

/**
 * The most chats with unread messages the server counts: the chat list's header shows '99+' past
 * 99, as the sidebar badge does, so counting further would only cost (a walk of at most this many
 * entries of an index of the unread chats, whatever their number).
 */
export const UNREAD_CHATS_COUNT_LIMIT = NOTIFICATION_BADGE_CAP + 1;

/** How many chats have unread messages, counted up to UNREAD_CHATS_COUNT_LIMIT. */
export const unreadChatsSchema = z.object({ count: z.number().int().min(0) });
export type UnreadChats = z.infer<typeof unreadChatsSchema>;

/** One chat as its conversation page reads it. */
export const chatDetailSchema = chatSchema.extend({
  /**
   * WhatsApp chats: when free-form replies stop being allowed (24 hours after the customer's last
   * message); null when the customer has not written. Not used by simulator chats.
   */
  replyWindowEndsAt: z.string().nullable(),
  /**
   * Web chats: where the visitor asked a person to answer later (an email or a WhatsApp number),
   * as they typed it; it identifies nobody. Null otherwise.
   */
  replyTo: z.string().nullable(),
});
export type ChatDetail = z.infer<typeof chatDetailSchema>;

/** Whether a person may write freely now, or WhatsApp only takes a template. */
export function replyWindowOpen(chat: Pick<ChatDetail, 'channel' | 'replyWindowEndsAt'>, now = Date.now()) {
  if (chat.channel !== 'whatsapp') return true;
  return chat.replyWindowEndsAt !== null && Date.parse(chat.replyWindowEndsAt) > now;
}

export const messageSchema = z.object({
  id: z.string(),
  text: z.string(),
  isOutgoing: z.boolean(),
  status: messageStatusSchema,
  timestamp: z.string(),
  /** Who wrote it: the customer, staff, the assistant, or the system. */
  sender: z.enum(['customer', 'staff', 'assistant', 'system']),
  error: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;
export const messageListSchema = z.array(messageSchema);

export const sendMessageSchema = z.object({
  text: z
    .string({ message: CHAT_MESSAGES.textRequired })
    .max(MAX_MESSAGE_LENGTH, CHAT_MESSAGES.textTooLong)
    .refine((value) => value.trim().length > 0, CHAT_MESSAGES.textRequired),
});
export type SendMessageRequest = z.infer<typeof sendMessageSchema>;

/** Chats in one answer when the request does not say, and at most. */
export const CHAT_LIST_DEFAULT_LIMIT = 100;
export const CHAT_LIST_MAX_LIMIT = 200;

export const listChatsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  /** Only the chats of this channel. */
  channel: z.enum(CHAT_CHANNELS).optional(),
  /** A page of the list, latest activity first (100 chats unless asked for fewer, 200 at most). */
  limit: z.coerce.number().int().min(1).max(CHAT_LIST_MAX_LIMIT).optional(),
  /** Chats to skip; deep pages are faster by `cursor`. */
  offset: z.coerce.number().int().min(0).optional(),
  /** The page after the chat whose `cursor` this is (the last one of the page before). */
  cursor: z.string().max(200).optional(),
});

export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  prefix: z.string(),
  notes: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

/** Phone and prefix may be sent (the form has them) but are never changed. */
export const updateContactSchema = z.object({
  name: z.string({ message: CHAT_MESSAGES.nameRequired }).trim().min(1, CHAT_MESSAGES.nameRequired).max(200),
  email: z
    .string()
    .trim()
    .max(320)
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), CHAT_MESSAGES.emailInvalid)
    .nullish()
    .transform((value) => value || null),
  notes: optionalText(5000),
  profilePicture: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), CHAT_MESSAGES.urlInvalid)
    .nullish()
    .transform((value) => value || null),
  phone: z.string().optional(),
  prefix: z.string().optional(),
});
export type UpdateContactRequest = z.input<typeof updateContactSchema>;

export const simulatorRequestSchema = z.object({
  /** Identifies one browser tab's conversation (the page keeps it), within the signed-in staff member's. */
  sessionId: z.string().max(64).optional(),
  /**
   * The client this staff member chose to play: the assistant then knows their appointments and
   * can show, move or cancel them. Without it the simulator is nobody. Another choice starts over.
   */
  clientId: z.uuid({ message: CHAT_MESSAGES.simulatorClientInvalid }).nullish(),
  text: z
    .string({ message: CHAT_MESSAGES.textRequired })
    .max(MAX_MESSAGE_LENGTH, CHAT_MESSAGES.textTooLong)
    .refine((value) => value.trim().length > 0, CHAT_MESSAGES.textRequired),
});
export const simulatorResponseSchema = z.object({
  chatId: z.string().nullable(),
  /** The assistant's replies to this message, oldest first (empty when a person has the chat). */
  replies: z.array(z.string()),
  /** The first reply's text, or null. */
  reply: z.string().nullable(),
  assignedTo: z.enum(CHAT_ASSIGNEES).nullable(),
  /** The client being played, or null when the simulator is nobody. */
  playingAs: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type SimulatorResponse = z.infer<typeof simulatorResponseSchema>;

/** An approved WhatsApp message template; its body's placeholders are {{1}}, {{2}}, … */
export const whatsappTemplateSchema = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  body: z.string(),
  parameterCount: z.number().int().min(0),
});
export type WhatsAppTemplate = z.infer<typeof whatsappTemplateSchema>;
export const whatsappTemplateListSchema = z.array(whatsappTemplateSchema);

export const sendTemplateSchema = z.object({
  name: z.string().trim().min(1, CHAT_MESSAGES.templateNotFound).max(512),
  language: z.string().trim().min(1, CHAT_MESSAGES.templateNotFound).max(16),
  parameters: z
    .array(z.string().trim().min(1, CHAT_MESSAGES.templateParameters).max(1024))
    .max(20)
    .default([]),
});
export type SendTemplateRequest = z.input<typeof sendTemplateSchema>;

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

/** How many values a template body asks for: its highest placeholder number. */
export function templateParameterCount(body: string): number {
  let highest = 0;
  for (const match of body.matchAll(PLACEHOLDER)) highest = Math.max(highest, Number(match[1]));
  return highest;
}

/** The body with {{n}} replaced by the n-th value; a missing value leaves its placeholder. */
export function renderTemplate(body: string, parameters: readonly string[]): string {
  return body.replace(PLACEHOLDER, (placeholder, n: string) => parameters[Number(n) - 1] || placeholder);
}
