import { createHash, randomBytes } from 'node:crypto';
import type { Message } from '@chatdesk/contract/chats';
import {
  type updateWebChatSettingsSchema,
  WEB_CHAT_CODE_MINUTES,
  WEB_CHAT_CODE_TRIES,
  WEB_CHAT_DEFAULTS,
  WEB_CHAT_MESSAGES,
  WEB_CHAT_SESSION_IDLE_DAYS,
  WEB_CHAT_VERIFICATION_DAYS,
  WEB_CHAT_VERIFICATION_IDLE_HOURS,
  type WebChatConfig,
  type WebChatConversation,
  type WebChatExport,
  type WebChatMessage,
  type WebChatSettings,
} from '@chatdesk/contract/web-chat';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError, conflict, invalid, notFound, unauthorized } from '../../lib/app-error.ts';
import { emailedCode } from '../../lib/emailed-code.ts';
import { networkKey } from '../../lib/ip-address.ts';
import { internationalDigits, internationalPhone } from '../../lib/phone.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { RateLimitsService } from '../rate-limits/rate-limits.service.ts';
import type { PhoneCodeSender } from './phone-codes.ts';
import type { WebChatRepository, WebChatSessionRow, WebChatSettingsRow } from './web-chat.repository.ts';

/** A web visitor's chat is a contact with this prefix and a made-up, letters-only number. */
export const WEB_CHAT_PREFIX = 'web';

/** Someone on the staff used the dashboard this recently: the chat says a person can answer now (WEB_CHAT_ONLINE_MINUTES). */
export const DEFAULT_ONLINE_MINUTES = 5;
/** How often one instance records that staff are about (the row itself takes one write a minute). */
const STAFF_SEEN_EVERY_MS = 60_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A session unused this long ends: its id is refused and the hourly clean-up deletes it. */
export const SESSION_IDLE_MS = WEB_CHAT_SESSION_IDLE_DAYS * DAY;
/** A verified email stops counting after this long unused, or this long after its code. */
export const VERIFICATION_IDLE_MS = WEB_CHAT_VERIFICATION_IDLE_HOURS * HOUR;
export const VERIFICATION_MAX_MS = WEB_CHAT_VERIFICATION_DAYS * DAY;

/** Whether a session's verification has lapsed at `now` (a session verified before 0038 has no time: lapsed). */
export function verificationLapsed(
  session: Pick<WebChatSessionRow, 'verifiedEmail' | 'verifiedPhone' | 'verifiedAt' | 'lastSeenAt'>,
  now: Date,
): boolean {
  if (!session.verifiedEmail && !session.verifiedPhone) return false;
  if (!session.verifiedAt) return true;
  return (
    now.getTime() - session.verifiedAt.getTime() >= VERIFICATION_MAX_MS ||
    now.getTime() - session.lastSeenAt.getTime() >= VERIFICATION_IDLE_MS
  );
}

/** The limits, each counted in rate_limits (decision 018) so every instance shares one budget. */
export type WebChatLimits = {
  /** Messages one visitor may send a minute. */
  sessionMessagesPerMinute: number;
  /** Messages and new sessions one network (/24, /64) may make a minute: many visitors behind one NAT. */
  networkPerMinute: number;
  /** Codes one visitor may ask for an hour, one network, and one destination address. */
  sessionCodesPerHour: number;
  networkCodesPerHour: number;
  addressCodesPerHour: number;
};

export const DEFAULT_WEB_CHAT_LIMITS: WebChatLimits = {
  sessionMessagesPerMinute: 20,
  networkPerMinute: 120,
  sessionCodesPerHour: 5,
  networkCodesPerHour: 20,
  addressCodesPerHour: 5,
};

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The chat contact's "number" for a session: letters only, so it never matches a client's digits. */
export function webChatPhone(tokenHash: string): string {
  return [...tokenHash.slice(0, 16)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');
}

const codeHashOf = (sessionId: string, email: string, code: string) =>
  emailedCode.hash(sessionId, email, code);

/** A typed number's international digits (what WhatsApp writes to); 400 unless typed with its country code and valid. */
function phoneDigitsOf(typed: string): string {
  const parsed = internationalPhone(typed);
  if (!parsed) throw invalid(WEB_CHAT_MESSAGES.phoneInvalid);
  return internationalDigits(parsed.prefix, parsed.phone);
}

const toSettings = (row: WebChatSettingsRow, publicUrl: string | null): WebChatSettings => ({
  enabled: row.enabled,
  publicKey: row.publicKey,
  allowedOrigins: row.allowedOrigins,
  greeting: row.greeting,
  color: row.color,
  position: row.position,
  privacyNote: row.privacyNote,
  publicUrl,
});

/** What the visitor sees of a stored message: who wrote it in their words, never its delivery state. */
export const toWebChatMessage = (message: Message): WebChatMessage => ({
  id: message.id,
  from: message.sender === 'customer' ? 'visitor' : message.sender === 'assistant' ? 'assistant' : 'staff',
  text: message.text,
  timestamp: message.timestamp,
});

export type WebChatVisitor = WebChatSessionRow;

/**
 * The website's chat (decision 022): its settings, the visitors' sessions, their messages through
 * the chats service (so the assistant, handoff, canned replies and notifications apply as on
 * WhatsApp), and the one way a visitor becomes a client: a code emailed to the client's address.
 */
export function createWebChatService(deps: {
  db: Db;
  repository: WebChatRepository;
  /** The same repository on a caller's transaction (a client's erasure). */
  repositoryIn: (tx: Db) => WebChatRepository;
  chats: ChatsService;
  company: Pick<CompanyService, 'get'>;
  mail: Pick<MailService, 'enqueue'>;
  rateLimits: Pick<RateLimitsService, 'hitEach'>;
  events: EventBus;
  clock: () => Date;
  limits?: Partial<WebChatLimits>;
  /** PUBLIC_URL when the server has one: where the snippet loads the chat's script from. */
  publicUrl?: string | null;
  /** How recently staff must have used the dashboard for the chat to say a person can answer; 0: never. */
  onlineMinutes?: number;
  /** How a number's code is sent (WhatsApp or SMS); without one, visitors verify by email only. */
  phoneCodes?: PhoneCodeSender | null;
}) {
  const { repository, chats, events, clock } = deps;
  const limits = { ...DEFAULT_WEB_CHAT_LIMITS, ...deps.limits };
  const onlineWindowMs = (deps.onlineMinutes ?? DEFAULT_ONLINE_MINUTES) * MINUTE;

  async function settingsRow(): Promise<WebChatSettingsRow> {
    const row = await repository.settings();
    if (row) return row;
    await repository.createSettings({
      publicKey: randomBytes(18).toString('base64url'),
      greeting: WEB_CHAT_DEFAULTS.greeting,
      color: WEB_CHAT_DEFAULTS.color,
    });
    return (await repository.settings())!;
  }

  /** The settings when the key names this install's chat and it is on; 404 otherwise. */
  async function openFor(key: string) {
    const row = await repository.settings();
    if (!row?.enabled || row.publicKey !== key) throw notFound(WEB_CHAT_MESSAGES.notAvailable);
    return row;
  }

  /**
   * Counts one request against each limit (in one statement); 429 with the message when any is
   * spent. Every limit counts the request, refused or not.
   */
  async function limit(...limits: Array<{ what: string; who: string; max: number; windowMs: number }>) {
    const counts = await deps.rateLimits.hitEach(
      limits.map(({ what, who, windowMs }) => ({ route: `web-chat ${what}`, client: who, windowMs })),
    );
    const spent = counts.filter((count, i) => count.count > limits[i]!.max);
    if (spent.length > 0) {
      const wait = Math.max(...spent.map((count) => count.ttlMs));
      throw new AppError('TOO_MANY_REQUESTS', WEB_CHAT_MESSAGES.tooManyRequests, {
        'retry-after': String(Math.max(1, Math.ceil(wait / 1000))),
      });
    }
  }

  const chatOf = (visitor: WebChatVisitor) => chats.findByPhone(WEB_CHAT_PREFIX, visitor.phone);

  async function messagesOf(visitor: WebChatVisitor): Promise<WebChatMessage[]> {
    const chat = await chatOf(visitor);
    if (!chat) return [];
    return (await chats.messages(chat.id)).map(toWebChatMessage);
  }

  let staffSeenAt = 0;

  /**
   * The verification ends: the chat first stops acting for the client (so a crash between the two
   * leaves a visitor who must verify again, never a chat acting for a client nobody proved), then
   * the session forgets the email.
   */
  async function lapse(session: Pick<WebChatSessionRow, 'id' | 'phone' | 'verifiedAt'>) {
    const chat = await chats.findByPhone(WEB_CHAT_PREFIX, session.phone);
    if (chat) await chats.actFor(chat.id, null);
    await repository.lapseVerification(session.id, session.verifiedAt);
  }

  return {
    async settings(): Promise<WebChatSettings> {
      return toSettings(await settingsRow(), deps.publicUrl ?? null);
    },

    async updateSettings(input: z.output<typeof updateWebChatSettingsSchema>): Promise<WebChatSettings> {
      await settingsRow();
      return toSettings((await repository.updateSettings(input))!, deps.publicUrl ?? null);
    },

    /** Where the panel may be framed (its Content-Security-Policy); none while the chat is off. */
    async allowedOrigins(): Promise<string[]> {
      const row = await repository.settings();
      return row?.enabled ? row.allowedOrigins : [];
    },

    /**
     * A staff member's dashboard called the API: recorded at most once a minute per instance, so
     * the visitors' `online` is true on every instance while staff are about.
     */
    async staffSeen() {
      const now = clock().getTime();
      if (now - staffSeenAt < STAFF_SEEN_EVERY_MS) return;
      staffSeenAt = now;
      await repository.markStaffSeen(new Date(now));
    },

    async config(key: string): Promise<WebChatConfig> {
      const row = await openFor(key);
      const company = await deps.company.get();
      return {
        businessName: company.name,
        greeting: row.greeting,
        color: row.color,
        position: row.position,
        privacyNote: row.privacyNote,
        phoneVerification: Boolean(deps.phoneCodes),
        phoneChannel: deps.phoneCodes?.channel ?? null,
        online: row.staffSeenAt !== null && clock().getTime() - row.staffSeenAt.getTime() < onlineWindowMs,
      };
    },

    async createSession(key: string, ip: string) {
      await openFor(key);
      await limit({ what: 'network', who: networkKey(ip), max: limits.networkPerMinute, windowMs: MINUTE });
      const sessionId = randomBytes(32).toString('base64url');
      const tokenHash = sha256(sessionId);
      await repository.createSession({ tokenHash, phone: webChatPhone(tokenHash), lastSeenAt: clock() });
      return { sessionId };
    },

    /**
     * The visitor behind a session id: 401 when missing, unknown, ended or unused for 30 days; 404
     * while the chat is off. A verification that lapsed is ended here, before the request acts, and
     * the visit is recorded (at most once a minute).
     */
    async visitor(sessionId: string | undefined): Promise<WebChatVisitor> {
      if (!sessionId || sessionId.length > 100) throw unauthorized(WEB_CHAT_MESSAGES.sessionRequired);
      const found = await repository.findSession(sha256(sessionId));
      if (!found) throw unauthorized(WEB_CHAT_MESSAGES.sessionRequired);
      const { chatEnabled, ...session } = found;
      if (!chatEnabled) throw notFound(WEB_CHAT_MESSAGES.notAvailable);
      const now = clock();
      if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_IDLE_MS)
        throw unauthorized(WEB_CHAT_MESSAGES.sessionExpired);
      let visitor = session;
      if (verificationLapsed(session, now)) {
        await lapse(session);
        visitor = {
          ...session,
          verifiedEmail: null,
          verifiedPhone: null,
          verifiedAt: null,
          clientId: null,
          verificationLapsed: true,
        };
      }
      if (now.getTime() - session.lastSeenAt.getTime() >= MINUTE) await repository.touch(session.id, now);
      return { ...visitor, lastSeenAt: now };
    },

    /**
     * The hourly clean-up: sessions unused for 30 days go (their chats stay in the inbox, as any
     * chat), and verifications that lapsed while nobody used them end, so no idle session keeps an
     * email or acts for a client. Answers how many sessions went and how many verifications ended.
     */
    async forgetIdle() {
      const now = clock().getTime();
      const deleted = await repository.deleteIdle(new Date(now - SESSION_IDLE_MS));
      const lapsed = await repository.lapsedVerifications(
        new Date(now - VERIFICATION_MAX_MS),
        new Date(now - VERIFICATION_IDLE_MS),
      );
      for (const session of lapsed) await lapse(session);
      return { deleted, lapsed: lapsed.length };
    },

    async conversation(visitor: WebChatVisitor): Promise<WebChatConversation> {
      return {
        messages: await messagesOf(visitor),
        verifiedEmail: visitor.verifiedEmail,
        verifiedPhone: visitor.verifiedPhone ? `+${visitor.verifiedPhone}` : null,
        verificationLapsed: visitor.verificationLapsed,
        replyTo: visitor.replyTo,
      };
    },

    /**
     * A visitor's message, through the chats service as any customer's: the chat acts for the
     * client whose email the visitor proved, and for nobody otherwise.
     */
    async send(visitor: WebChatVisitor, text: string, ip: string): Promise<WebChatMessage> {
      await limit(
        { what: 'session messages', who: visitor.id, max: limits.sessionMessagesPerMinute, windowMs: MINUTE },
        { what: 'network', who: networkKey(ip), max: limits.networkPerMinute, windowMs: MINUTE },
      );
      const received = await chats.receiveInbound(
        {
          prefix: WEB_CHAT_PREFIX,
          phone: visitor.phone,
          name: `Website visitor ${visitor.phone.slice(0, 6)}`,
          text,
          channel: 'web',
          simulatedClientId: visitor.clientId,
        },
        // The visitor's stream, on whichever instance, may be waiting for the chat to exist: told
        // by the statement that stores the message, so no round trip of its own.
        (chatId) => [{ type: 'web-chat.changed', phone: visitor.phone, chatId }],
      );
      if (!received.message) throw new Error('the visitor message was not stored');
      return toWebChatMessage(received.message);
    },

    /** The chat's id, once it has one (its first message makes it). */
    async chatIdOf(visitor: WebChatVisitor) {
      return (await chatOf(visitor))?.id ?? null;
    },

    /** The chat's messages after one of them (all, after null), for a stream catching up. */
    async messagesAfter(chatId: string, afterId: string | null): Promise<WebChatMessage[]> {
      return (await chats.messagesAfter(chatId, afterId)).map(toWebChatMessage);
    },

    /** Whether `messageId` (a Last-Event-ID) is one of the chat's messages. */
    async isMessageOf(chatId: string, messageId: string) {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(messageId)) return false;
      return (await chats.messageOf(chatId, messageId)) !== undefined;
    },

    /** The id of the chat's newest message: where a stream opened without Last-Event-ID starts. */
    async newestMessageId(chatId: string) {
      return (await chats.newestMessage(chatId))?.id ?? null;
    },

    async requestCode(visitor: WebChatVisitor, email: string, ip: string) {
      await limit(
        { what: 'session codes', who: visitor.id, max: limits.sessionCodesPerHour, windowMs: HOUR },
        { what: 'network codes', who: networkKey(ip), max: limits.networkCodesPerHour, windowMs: HOUR },
        { what: 'address codes', who: email, max: limits.addressCodesPerHour, windowMs: HOUR },
      );
      const code = emailedCode.create();
      const now = clock();
      await repository.saveCode({
        sessionId: visitor.id,
        email,
        codeHash: codeHashOf(visitor.id, email, code),
        expiresAt: new Date(now.getTime() + WEB_CHAT_CODE_MINUTES * MINUTE),
        triesLeft: WEB_CHAT_CODE_TRIES,
      });
      const business = (await deps.company.get()).name || 'the business';
      await deps.mail.enqueue({
        to: email,
        subject: WEB_CHAT_MESSAGES.codeEmailSubject,
        text: `Your code for the chat with ${business} is ${code}.\n\nIt is valid for ${WEB_CHAT_CODE_MINUTES} minutes. If you did not ask for it, ignore this email.`,
      });
      return { message: WEB_CHAT_MESSAGES.codeSent };
    },

    /**
     * The only way a visitor becomes a client: the code emailed to the address. A correct one links
     * the chat to the client with that email (if there is one), so the assistant may show, cancel
     * or move that client's appointments; each try spends one of the code's five.
     */
    async confirmCode(visitor: WebChatVisitor, email: string, code: string) {
      const stored = await repository.spendTry(visitor.id, email, clock());
      if (!stored) throw invalid(WEB_CHAT_MESSAGES.codeExpired);
      const given = codeHashOf(visitor.id, email, code);
      if (!emailedCode.matches(stored, given)) throw invalid(WEB_CHAT_MESSAGES.codeWrong);
      const clientId = await repository.clientIdByEmail(email);
      if (!(await repository.verify(visitor.id, email, stored, clientId, clock())))
        throw invalid(WEB_CHAT_MESSAGES.codeExpired);
      const chat = await chatOf(visitor);
      if (chat) await chats.actFor(chat.id, clientId);
      return { verifiedEmail: email };
    },

    /**
     * A code by WhatsApp or SMS to a number typed with its country code, limited as the emailed ones
     * (per visitor, per network, per destination number) and stored the same way: its hash, for the
     * number written '+' and its digits in place of the email. 400 when the number is not one (ours
     * or the SMS provider's judgement), 409 when nothing can send codes, 503 when sending failed.
     */
    async requestPhoneCode(visitor: WebChatVisitor, typed: string, ip: string, language: 'es' | 'en' = 'en') {
      const sender = deps.phoneCodes;
      if (!sender) throw conflict(WEB_CHAT_MESSAGES.phoneUnavailable);
      const digits = phoneDigitsOf(typed);
      const address = `+${digits}`;
      await limit(
        { what: 'session codes', who: visitor.id, max: limits.sessionCodesPerHour, windowMs: HOUR },
        { what: 'network codes', who: networkKey(ip), max: limits.networkCodesPerHour, windowMs: HOUR },
        { what: 'address codes', who: address, max: limits.addressCodesPerHour, windowMs: HOUR },
      );
      const code = emailedCode.create();
      await repository.saveCode({
        sessionId: visitor.id,
        email: address,
        codeHash: codeHashOf(visitor.id, address, code),
        expiresAt: new Date(clock().getTime() + WEB_CHAT_CODE_MINUTES * MINUTE),
        triesLeft: WEB_CHAT_CODE_TRIES,
      });
      try {
        await sender.send(digits, code, { business: (await deps.company.get()).name, language });
      } catch (error) {
        // The visitor reads our words; the provider's (which may name our account) go to the log.
        if (error instanceof AppError && error.code === 'VALIDATION')
          throw invalid(WEB_CHAT_MESSAGES.phoneInvalid);
        const failed = new AppError('UNAVAILABLE', WEB_CHAT_MESSAGES.phoneCodeNotSent);
        failed.cause = error;
        throw failed;
      }
      return {
        message: sender.channel === 'sms' ? WEB_CHAT_MESSAGES.smsCodeSent : WEB_CHAT_MESSAGES.phoneCodeSent,
      };
    },

    /**
     * The number's code: a correct one makes the chat act for the client with those phone digits,
     * as a WhatsApp chat from that number does; a typed number without its code identifies nobody.
     */
    async confirmPhoneCode(visitor: WebChatVisitor, typed: string, code: string) {
      const digits = phoneDigitsOf(typed);
      const address = `+${digits}`;
      const stored = await repository.spendTry(visitor.id, address, clock());
      if (!stored) throw invalid(WEB_CHAT_MESSAGES.codeExpired);
      if (!emailedCode.matches(stored, codeHashOf(visitor.id, address, code)))
        throw invalid(
          deps.phoneCodes?.channel === 'sms'
            ? WEB_CHAT_MESSAGES.smsCodeWrong
            : WEB_CHAT_MESSAGES.phoneCodeWrong,
        );
      const clientId = await repository.clientIdByPhoneDigits(digits);
      if (!(await repository.verify(visitor.id, address, stored, clientId, clock(), digits)))
        throw invalid(WEB_CHAT_MESSAGES.codeExpired);
      const chat = await chatOf(visitor);
      if (chat) await chats.actFor(chat.id, clientId);
      return { verifiedPhone: address };
    },

    async setReplyTo(visitor: WebChatVisitor, contact: string) {
      await repository.setReplyTo(visitor.id, contact);
      const chat = await chatOf(visitor);
      if (chat) await events.publish({ type: 'chats.changed', chatId: chat.id });
      return { replyTo: contact };
    },

    async export(visitor: WebChatVisitor): Promise<WebChatExport> {
      return {
        exportedAt: clock().toISOString(),
        businessName: (await deps.company.get()).name,
        verifiedEmail: visitor.verifiedEmail,
        verifiedPhone: visitor.verifiedPhone ? `+${visitor.verifiedPhone}` : null,
        replyTo: visitor.replyTo,
        messages: await messagesOf(visitor),
      };
    },

    /** In a client's erasure (its transaction): see WebChatRepository.eraseClient. */
    eraseClientIn(tx: Db, emails: string[], clientId: string, phones: string[] = []) {
      return deps.repositoryIn(tx).eraseClient(emails, clientId, phones);
    },

    /**
     * The visitor deletes the conversation: its messages lose their words as in a client's erasure
     * (the rows stay for the counts), the contact keeps nothing, and the session ends.
     */
    async remove(visitor: WebChatVisitor) {
      const chat = await chatOf(visitor);
      await deps.db.transaction(async (tx) => {
        if (chat) {
          const anonymousId = `erased-${webChatPhone(sha256(randomBytes(16).toString('hex')))}`;
          await chats.eraseCustomerIn(tx, { contactIds: [chat.contactId], chatIds: [chat.id], anonymousId });
        }
        await deps.repositoryIn(tx).endSession(visitor.id, clock());
      });
      await events.publish(
        { type: 'web-chat.changed', phone: visitor.phone, chatId: null },
        ...(chat ? [{ type: 'chats.changed' as const, chatId: chat.id }] : []),
        ...(chat ? [{ type: 'messages.changed' as const, chatId: chat.id }] : []),
      );
    },
  };
}

export type WebChatService = ReturnType<typeof createWebChatService>;
