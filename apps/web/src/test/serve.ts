import { vi } from 'vitest';

export type Reply = { status: number; body: unknown };
export type Call = { method: string; path: string; body: unknown };

/**
 * Stubs `fetch`: answers each request from a list per "METHOD path", the last answer repeating,
 * and records every call with its JSON body. Undo with `vi.unstubAllGlobals()`.
 */
export function serve(replies: Record<string, Reply[]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const path = new URL(url, 'http://localhost').pathname;
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const queue = replies[`${method} ${path}`];
      const reply = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      if (!reply) return new Response(JSON.stringify({ message: 'unexpected' }), { status: 500 });
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return calls;
}
