import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (request: {
  method: string;
  path: string;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}) => Answer | Promise<Answer>;

/** `delayMs` holds the answer back, for a client that gives up first. */
type Answer = { status: number; body: unknown; delayMs?: number };

/** A local HTTP server that answers JSON with `handler`, recording what it was sent. */
export async function startJsonServer(handler: Handler) {
  const received: Array<{ method: string; path: string; body: unknown; headers: http.IncomingHttpHeaders }> =
    [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // Keep it as text.
      }
      const request = { method: req.method ?? 'GET', path: req.url ?? '/', body, headers: req.headers };
      received.push(request);
      void (async () => {
        const answer = await handler(request);
        if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
        // The client may have given up meanwhile (a timeout test): nobody to answer.
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An OpenAI chat-completions answer: text, or one tool call (`args` as a string is sent as it is). */
export function completion(reply: { text: string } | { tool: string; args: object | string }) {
  const message =
    'text' in reply
      ? { role: 'assistant', content: reply.text }
      : {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: `call_${Math.random().toString(36).slice(2)}`,
              type: 'function',
              function: {
                name: reply.tool,
                arguments: typeof reply.args === 'string' ? reply.args : JSON.stringify(reply.args),
              },
            },
          ],
        };
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [{ index: 0, message, finish_reason: 'text' in reply ? 'stop' : 'tool_calls' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/** What the model is sent: an OpenAI chat-completions request body. */
export type LlmRequest = {
  model: string;
  messages: Array<{
    role: 'system' | 'user' | 'assistant' | 'tool';
    content: string | null;
    tool_calls?: Array<{ function: { name: string; arguments: string } }>;
    tool_call_id?: string;
  }>;
  tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters: unknown } }>;
};

/** One answer of the fake model: a reply, an HTTP error, an answer that comes too late, or none. */
export type LlmAnswer =
  | { text: string }
  | { tool: string; args: object | string }
  | { status: number }
  | { slow: number }
  | 'empty';

/**
 * A local OpenAI-compatible chat-completions server that answers from a script per conversation
 * (keyed by the customer's latest message, so chats can run at once) and keeps every request body.
 */
export async function startFakeLlm() {
  const scripts = new Map<string, LlmAnswer[]>();
  const requests: LlmRequest[] = [];
  const latestCustomerText = (request: LlmRequest) =>
    request.messages.findLast((message) => message.role === 'user')?.content ?? '';
  const server = await startJsonServer(({ path, body }) => {
    if (!path.endsWith('/chat/completions')) return { status: 404, body: {} };
    const request = body as LlmRequest;
    requests.push(request);
    const next = scripts.get(latestCustomerText(request))?.shift();
    if (!next) return { status: 500, body: { error: { message: 'nothing scripted for this message' } } };
    if (next === 'empty') return { status: 200, body: completion({ text: '' }) };
    if ('status' in next) return { status: next.status, body: { error: { message: `HTTP ${next.status}` } } };
    if ('slow' in next) return { status: 200, body: completion({ text: 'too late' }), delayMs: next.slow };
    return { status: 200, body: completion(next) };
  });
  return {
    /** The base URL to configure as LLM_BASE_URL. */
    url: `${server.url}/v1`,
    requests,
    /** The model's next answers whenever the customer's latest message is `customerText`. */
    script(customerText: string, ...answers: LlmAnswer[]) {
      scripts.set(customerText, answers);
    },
    /** The requests sent while the customer's latest message was `customerText`. */
    requestsAbout: (customerText: string) => requests.filter((r) => latestCustomerText(r) === customerText),
    close: server.close,
  };
}
