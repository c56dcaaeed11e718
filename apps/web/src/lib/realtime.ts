import { API_BASE } from '@chatdesk/contract/constants';
import type { AppEvent, AppEventType } from '@chatdesk/contract/events';
import { fetchEventSource } from '@microsoft/fetch-event-source';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { authHeaders, handleUnauthorized } from './api-client';
import { refetchSoon } from './coalesce';

class FatalStreamError extends Error {}
class RetriableStreamError extends Error {}

const MIN_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

export function backoffDelay(attempt: number): number {
  const base = Math.min(MAX_RETRY_MS, MIN_RETRY_MS * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

type StreamHandlers = {
  onEvent: (event: AppEvent) => void;
  /**
   * Called on every successful connection after the first one, and when the server says its own
   * feed was interrupted (`resync`): events were missed, so everything shown is refetched.
   */
  onReconnect: () => void;
};

/** Opens the staff event stream and keeps it open until the signal aborts. */
export function connectEvents(signal: AbortSignal, { onEvent, onReconnect }: StreamHandlers): void {
  let connections = 0;
  let failures = 0;

  void fetchEventSource(`${API_BASE}/events`, {
    signal,
    headers: authHeaders(),
    // The stream stays open in background tabs so a returning user sees fresh data without a refetch storm.
    openWhenHidden: true,
    async onopen(response) {
      if (response.status === 401) throw new FatalStreamError('unauthorized');
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.includes('text/event-stream')) {
        throw new RetriableStreamError(`event stream answered ${response.status}`);
      }
      failures = 0;
      connections += 1;
      if (connections > 1) onReconnect();
    },
    onmessage(message) {
      if (!message.event || message.event === 'ready') return;
      if (message.event === 'resync') {
        onReconnect();
        return;
      }
      let data: Record<string, unknown> = {};
      try {
        data = message.data ? JSON.parse(message.data) : {};
      } catch {
        // A payload we cannot read still tells us what changed.
      }
      onEvent({ ...data, type: message.event } as AppEvent);
    },
    onclose() {
      throw new RetriableStreamError('event stream closed');
    },
    onerror(error) {
      if (error instanceof FatalStreamError) {
        handleUnauthorized();
        throw error;
      }
      failures += 1;
      return backoffDelay(failures - 1);
    },
  }).catch(() => {
    // Only a 401 ends the loop, and it was handled above.
  });
}

export type RealtimeInvalidations = Partial<Record<AppEventType, readonly QueryKey[]>>;

type AppEventListener = (event: AppEvent) => void;
const listeners = new Set<AppEventListener>();

/** Lets a feature react to the one open stream (for example to refetch only the chat an event names). */
export function subscribeToAppEvents(listener: AppEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls the handler for every event the staff stream receives while the component is mounted. */
export function useAppEvents(handler: AppEventListener): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useEffect(() => subscribeToAppEvents((event) => handlerRef.current(event)), []);
}

/** Keeps the query cache in step with server changes while a staff page is open; a burst refetches each key once a second. */
export function useRealtime(invalidations: RealtimeInvalidations): void {
  const queryClient = useQueryClient();
  const invalidationsRef = useRef(invalidations);
  invalidationsRef.current = invalidations;

  useEffect(() => {
    const controller = new AbortController();
    connectEvents(controller.signal, {
      onEvent: (event) => {
        for (const queryKey of invalidationsRef.current[event.type] ?? []) refetchSoon(queryClient, queryKey);
        for (const listener of listeners) listener(event);
      },
      onReconnect: () => void queryClient.invalidateQueries(),
    });
    return () => controller.abort();
  }, [queryClient]);
}
