import { ApiError, isClientError } from './api-client';

/**
 * What a staff mutation says when it ends, read by the QueryClient's MutationCache (app/query-client.ts),
 * so each mutation declares its texts once in `meta` instead of every component showing its own toast.
 */
export type MutationFeedback = {
  /**
   * A short toast once the server accepted the change. Left out where the spec already shows a success
   * text for the action (the settings forms) or where the change is its own confirmation (a sent message).
   * A function receives the server's answer and the mutation's variables.
   */
  success?: string | ((data: never, variables: never) => string);
  /**
   * A toast when the call fails and no form or dialog shows the failure: the server's own words
   * for a refusal, else this text.
   */
  failure?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationFeedback;
  }
}

export type Toaster = {
  success: (message: string) => void;
  failure: (message: string) => void;
};

// The entry (and so every public page) holds the QueryClient but not Mantine: the staff shell,
// which has the notifications, plugs them in here while it is mounted.
let toaster: Toaster | null = null;

/** Sends mutation feedback to `next` until the returned function is called. */
export function setToaster(next: Toaster): () => void {
  toaster = next;
  return () => {
    if (toaster === next) toaster = null;
  };
}

export function successText(meta: MutationFeedback | undefined, data: unknown, variables: unknown) {
  const success = meta?.success;
  if (typeof success === 'function') return success(data as never, variables as never);
  return success ?? null;
}

/**
 * The server's own message for a refusal (a 4xx with `{ message }`), else `fallback`. A 5xx says
 * nothing useful to a user, so its body is never shown.
 */
export function refusalText(error: unknown, fallback: string): string {
  return serverRefusal(error) ?? fallback;
}

/** The server's reason for refusing (a 4xx with `{ message }`), shown beside the spec's fixed failure texts. */
export function serverRefusal(error: unknown): string | null {
  return error instanceof ApiError && isClientError(error) ? error.serverMessage : null;
}

export function announceSuccess(meta: MutationFeedback | undefined, data: unknown, variables: unknown): void {
  const text = successText(meta, data, variables);
  if (text) toaster?.success(text);
}

export function announceFailure(meta: MutationFeedback | undefined, error: unknown): void {
  if (meta?.failure) toaster?.failure(refusalText(error, meta.failure));
}
