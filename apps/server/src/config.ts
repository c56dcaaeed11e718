import path from 'node:path';
import { z } from 'zod';
import { JOBS } from './jobs/definitions.ts';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST_DIR } from './paths.ts';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = z.preprocess(blankToUndefined, z.string().optional());

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optional,
  DATA_DIR: optional,
  /**
   * The embedded database's shared buffers. PostgreSQL's default (128 MB) lives in the process's
   * own memory here, and every page it touches stays: 32 MB holds a small business's data whole.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'PGLITE_SHARED_BUFFERS is a size such as 32MB')
    .default('32MB'),
  /**
   * The local mailbox route (GET /api/mail/local/latest), which shows anyone the newest email to
   * an address: only when asked for (tests, a laptop trying the web chat), never by default, as a
   * code it shows would let anyone prove an address that is not theirs.
   */
  LOCAL_MAILBOX: z.preprocess(blankToUndefined, z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional()),
  /** Demo data and its published credentials: on by default except in production. */
  SEED_DEMO: z.preprocess(blankToUndefined, z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional()),
  ADMIN_USERNAME: optional,
  ADMIN_PASSWORD: optional,
  JWT_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  PUBLIC_URL: z.preprocess(blankToUndefined, z.string().url().optional()),
  WEB_DIST_DIR: optional,
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** The longest one SQL statement of a request may run on PostgreSQL before it is cancelled; 0 for no limit. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /**
   * The longest the server works on one request before answering 503; 0 for no limit. Two minutes:
   * the chat simulator waits for a language model through its retries (about a minute).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  /**
   * Calendar addresses on this machine's own network (localhost, 10.x, 192.168.x…) are refused, so
   * a calendar address cannot make the server read internal services. A self-hosted CalDAV server
   * on the same network needs this on.
   */
  CALENDAR_ALLOW_PRIVATE_ADDRESSES: flag(false),
  /** Failed sign-ins one address may make across all accounts per window; default 4 × LOGIN_MAX_FAILURES. */
  LOGIN_MAX_ADDRESS_FAILURES: z.coerce.number().int().positive().optional(),
  /**
   * Failed sign-ins on one account from all unknown devices after which each further attempt waits a
   * doubling delay; default 2 × LOGIN_MAX_FAILURES.
   */
  LOGIN_MAX_ACCOUNT_FAILURES: z.coerce.number().int().positive().optional(),
  /** Which proxies' X-Forwarded-For to believe: false (default), true, a hop count, or addresses/CIDRs. */
  TRUST_PROXY: optional,
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PREMIUM_PRICE_ID: optional,
  /** Tests only: a local server that speaks Stripe's API, as http://host:port. */
  STRIPE_API_BASE: optional,
  SMTP_URL: optional,
  MAIL_FROM: optional,
  WHATSAPP_TOKEN: optional,
  WHATSAPP_PHONE_NUMBER_ID: optional,
  WHATSAPP_BUSINESS_ACCOUNT_ID: optional,
  WHATSAPP_APP_SECRET: optional,
  WHATSAPP_VERIFY_TOKEN: optional,
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
  /** An approved AUTHENTICATION template: without it the web chat offers no verification by WhatsApp. */
  WHATSAPP_CODE_TEMPLATE: optional,
  WHATSAPP_CODE_TEMPLATE_LANGUAGE: z.preprocess(blankToUndefined, z.string().min(2).max(15).default('en')),
  /**
   * Twilio, for the web chat's codes by SMS when WhatsApp has no authentication template: all three
   * or none. TWILIO_FROM is a Twilio number (+…) or a Messaging Service SID (MG…).
   */
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM: optional,
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  LLM_BASE_URL: z.preprocess(blankToUndefined, z.string().url().optional()),
  LLM_MODEL: optional,
  LLM_API_KEY: optional,
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** How many of a conversation's latest turns the assistant reads. */
  ASSISTANT_HISTORY_TURNS: z.coerce.number().int().positive().default(20),
  /** Tries after the first when the assistant fails (timeout, 429, 5xx, malformed or empty answer). */
  ASSISTANT_RETRY_LIMIT: z.coerce.number().int().min(0).default(JOBS.assistantReply.retry.retryLimit),
  /** Seconds before the first retry; each later one waits about twice as long. */
  ASSISTANT_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(JOBS.assistantReply.retry.retryDelaySeconds),
  /** Customer messages a minute on one chat beyond which the assistant stops answering it. */
  ASSISTANT_SENDER_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /**
   * A folder of extra vocabulary for the built-in assistant (languages/*.json, trades/*.json,
   * places.json), merged on top of its own. Read by modules/assistant/vocabulary/vocabulary.ts when
   * the engine loads, before this configuration is read; listed here so it is documented with the rest.
   */
  ASSISTANT_VOCABULARY_DIR: optional,
  SIMULATOR_ENABLED: flag(true),
  /**
   * Website chat: the messages and new sessions one network (an IPv4 /24, an IPv6 /64) may make a
   * minute, all its visitors together (modules/web-chat). Raise it for many visitors behind one NAT.
   */
  WEB_CHAT_NETWORK_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Website chat: the messages one visitor may send a minute. */
  WEB_CHAT_SESSION_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /**
   * Website chat: a person can answer while someone on the staff used the dashboard this many minutes
   * ago or less; 0 never says so, and every visitor is asked where to reply (a business that does not
   * answer live).
   */
  WEB_CHAT_ONLINE_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  /** How long a freed class seat is held for the waitlisted customer it is offered to (decision 026). */
  WAITLIST_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** How long SIGTERM keeps serving with /api/health/ready at 503, so a load balancer stops sending first. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).optional(),
  /** Requests slower than this are logged at info; the rest at debug. */
  LOG_SLOW_REQUEST_MS: z.coerce.number().int().positive().default(1000),
  SERVE_SOURCE_MAPS: flag(false),
  /** A folder for a backup every day at 03:00 UTC (db/backup-files.ts); none is taken without it. */
  BACKUP_DIR: optional,
  /** How many of the daily backups BACKUP_DIR keeps; older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().positive().default(7),
});

type Env = z.infer<typeof envSchema>;

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {}

/** Fastify's trustProxy: off, every hop, the nearest n hops, or these proxies' addresses/CIDRs. */
function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim().toLowerCase();
  if (!text || ['false', '0', 'no'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) return true;
  if (/^\d+$/.test(text)) return Number(text);
  const proxies = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (proxies.some((entry) => !/^[0-9a-f.:]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/.test(entry))) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count, or a comma-separated list of proxy addresses or CIDRs; got "${value}".`,
    );
  }
  return proxies;
}

/** Reads the environment once; every default works with no variables set. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError(
      'JWT_SECRET is required when NODE_ENV=production. Set it to a random string of at least 32 characters, for example: openssl rand -hex 32',
    );
  }
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM].filter(Boolean).length;
  if (twilio > 0 && twilio < 3) {
    throw new ConfigError(
      'Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together, or none of them.',
    );
  }
  if (Boolean(e.ADMIN_USERNAME) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither.');
  }
  if (e.ADMIN_PASSWORD && e.ADMIN_PASSWORD.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters.');
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      'Set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or neither (the local test provider).',
    );
  }
  if (Boolean(e.LLM_BASE_URL) !== Boolean(e.LLM_MODEL)) {
    throw new ConfigError(
      'Set both LLM_BASE_URL and LLM_MODEL to use a language model, or neither (the built-in assistant).',
    );
  }
  if (Boolean(e.WHATSAPP_TOKEN) !== Boolean(e.WHATSAPP_PHONE_NUMBER_ID)) {
    throw new ConfigError(
      'Set both WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID to send WhatsApp messages, or neither.',
    );
  }
  const seedDemo =
    e.SEED_DEMO === undefined ? e.NODE_ENV !== 'production' : ['true', '1', 'yes'].includes(e.SEED_DEMO);
  return toConfig(e, { seedDemo, trustProxy: parseTrustProxy(e.TRUST_PROXY) });
}

function toConfig(e: Env, derived: { seedDemo: boolean; trustProxy: boolean | number | string[] }) {
  const stripeApi = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    /** PostgreSQL when set, else embedded PGlite in dataDir. */
    dataDir: e.DATA_DIR ? path.resolve(e.DATA_DIR) : DEFAULT_DATA_DIR,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    seedDemo: derived.seedDemo,
    trustProxy: derived.trustProxy,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    jwtSecret: e.JWT_SECRET,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    // Without PUBLIC_URL, links point at this server as started locally.
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    /** Whether PUBLIC_URL was given: without it, the dashboard's own address is the best guess of this server's. */
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : DEFAULT_WEB_DIST_DIR,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    bodyLimit: e.BODY_LIMIT_BYTES,
    statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    calendars: { allowPrivateAddresses: e.CALENDAR_ALLOW_PRIVATE_ADDRESSES },
    backups: { dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined, keep: e.BACKUP_KEEP },
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      maxAddressFailures: e.LOGIN_MAX_ADDRESS_FAILURES ?? e.LOGIN_MAX_FAILURES * 4,
      maxAccountFailures: e.LOGIN_MAX_ACCOUNT_FAILURES ?? e.LOGIN_MAX_FAILURES * 2,
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
      ratePerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            premiumPriceId: e.STRIPE_PREMIUM_PRICE_ID,
            ...(stripeApi
              ? {
                  apiHost: {
                    host: stripeApi.hostname,
                    port: Number(stripeApi.port || (stripeApi.protocol === 'https:' ? 443 : 80)),
                    protocol: stripeApi.protocol === 'https:' ? ('https' as const) : ('http' as const),
                  },
                }
              : {}),
          }
        : undefined,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM ?? 'Chatdesk <no-reply@localhost>' } : undefined,
    localMailbox: ['true', '1', 'yes'].includes(e.LOCAL_MAILBOX ?? ''),
    whatsapp: {
      token: e.WHATSAPP_TOKEN,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      businessAccountId: e.WHATSAPP_BUSINESS_ACCOUNT_ID,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      apiUrl: e.WHATSAPP_API_URL,
      codeTemplate: e.WHATSAPP_CODE_TEMPLATE
        ? { name: e.WHATSAPP_CODE_TEMPLATE, language: e.WHATSAPP_CODE_TEMPLATE_LANGUAGE }
        : undefined,
    },
    sms:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiUrl: e.TWILIO_API_URL,
          }
        : undefined,
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? {
            baseUrl: e.LLM_BASE_URL,
            model: e.LLM_MODEL,
            ...(e.LLM_API_KEY ? { apiKey: e.LLM_API_KEY } : {}),
            timeoutMs: e.LLM_TIMEOUT_MS,
          }
        : undefined,
    assistant: {
      historyTurns: e.ASSISTANT_HISTORY_TURNS,
      senderLimitPerMinute: e.ASSISTANT_SENDER_LIMIT_PER_MINUTE,
      retry: { retryLimit: e.ASSISTANT_RETRY_LIMIT, retryDelaySeconds: e.ASSISTANT_RETRY_DELAY_SECONDS },
    },
    simulatorEnabled: e.SIMULATOR_ENABLED,
    webChatOnlineMinutes: e.WEB_CHAT_ONLINE_MINUTES,
    waitlistHoldMinutes: e.WAITLIST_HOLD_MINUTES,
    webChat: {
      networkPerMinute: e.WEB_CHAT_NETWORK_LIMIT_PER_MINUTE,
      sessionMessagesPerMinute: e.WEB_CHAT_SESSION_MESSAGES_PER_MINUTE,
    },
    // Behind a load balancer in production; nothing to wait for on a laptop or in tests.
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? 5000 : 0),
    logSlowRequestMs: e.LOG_SLOW_REQUEST_MS,
  };
}
