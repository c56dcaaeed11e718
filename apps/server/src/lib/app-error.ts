export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYMENT_DECLINED: 402,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  /** A provider refused us (a wrong key, a request it does not take from us). */
  UPSTREAM: 502,
  /** A provider is down, slow or rate-limiting us for now: worth trying again later. */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error services throw; the error handler maps its code to an HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.headers = headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const invalid = (message: string) => new AppError('VALIDATION', message);
export const unauthorized = (message: string) => new AppError('UNAUTHORIZED', message);

/** SQLSTATE of a driver error, also when Drizzle wraps it in DrizzleQueryError. */
export function sqlState(error: unknown): string | undefined {
  const candidates = [error, (error as { cause?: unknown })?.cause];
  for (const candidate of candidates) {
    const code = (candidate as { code?: unknown })?.code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
/** PostgreSQL cancelled the statement: it ran past DATABASE_STATEMENT_TIMEOUT_MS. */
export const isStatementTimeout = (error: unknown) => sqlState(error) === '57014';

/**
 * The calendar refused a time: another live appointment (or hold) has it, by the start's unique
 * index or by the no-overlap exclusion constraint.
 */
export const isSlotConflict = (error: unknown) => {
  const state = sqlState(error);
  return state === '23505' || state === '23P01' || isClassFull(error);
};

/** A class time's last seat was taken: its seat count refused one more (decision 024). */
export function isClassFull(error: unknown) {
  if (sqlState(error) !== '23514') return false;
  const candidates = [error, (error as { cause?: unknown })?.cause];
  return candidates.some((candidate) =>
    String((candidate as { message?: unknown })?.message ?? '').includes('class_times_seats_check'),
  );
}

/** Socket failures: the database (or whatever we were talking to) cannot be reached or dropped us. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs that say the server is going away or cannot take us now, whatever the query was. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres and its pool throw, without a code, when a connection is lost or cannot be had. */
const CONNECTION_MESSAGES = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
]);

/**
 * Whether an error means the database could not be reached (an outage, a restart, a failover),
 * rather than a query that went wrong: worth a 503 and another try, not a 500. Follows `cause`,
 * since Drizzle wraps the driver's error in DrizzleQueryError.
 */
export function isConnectionFailure(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_STATES.has(code)) return true;
      // Class 08: connection exceptions.
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (CONNECTION_MESSAGES.has(current.message)) return true;
    current = current.cause;
  }
  return false;
}
