/** Why an engine could not answer, in our own terms whatever the provider said. */
export type AssistantFailure =
  | 'timeout'
  | 'rate_limited'
  | 'server_error'
  | 'unreachable'
  | 'rejected'
  | 'malformed'
  | 'empty'
  | 'internal';

const LABEL: Record<AssistantFailure, string> = {
  timeout: 'timeout',
  rate_limited: 'rate limited',
  server_error: 'server error',
  unreachable: 'model server unreachable',
  rejected: 'request rejected',
  malformed: 'malformed answer',
  empty: 'empty answer',
  internal: 'internal error',
};

/** Failures a later try may not meet; a rejected request (bad key, unknown model) fails the same way again. */
const RETRYABLE: ReadonlySet<AssistantFailure> = new Set([
  'timeout',
  'rate_limited',
  'server_error',
  'unreachable',
  'malformed',
  'empty',
  'internal',
]);

/**
 * The assistant could not answer this time. `kind` is what staff read in the error notification;
 * `retryable` tells the durable job whether another try may succeed. The provider's own error, when
 * there is one, is kept as the standard `cause` for the log.
 */
export class AssistantUnavailable extends Error {
  readonly kind: AssistantFailure;
  readonly retryable: boolean;

  constructor(kind: AssistantFailure, detail?: string, options?: { cause?: unknown }) {
    super(detail ? `${LABEL[kind]} (${detail})` : LABEL[kind], options);
    this.name = 'AssistantUnavailable';
    this.kind = kind;
    this.retryable = RETRYABLE.has(kind);
  }
}
