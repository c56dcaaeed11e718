import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (request: {
  method: string;
  path: string;
  body: unknown;
  headers: http.IncomingHttpHeaders;
}) => {
  status: number;
  body: unknown;
};

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
      const answer = handler(request);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An OpenAI chat-completions answer: text, or one tool call. */
export function completion(reply: { text: string } | { tool: string; args: object }) {
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
              function: { name: reply.tool, arguments: JSON.stringify(reply.args) },
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
