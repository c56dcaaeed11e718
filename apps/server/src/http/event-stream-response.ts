import type { FastifyReply } from 'fastify';

/**
 * Takes the response over as a Server-Sent Events stream (the dashboards' and a web visitor's):
 * no caching or transforming, no proxy buffering (nginx), the client's reconnect delay and a first
 * `ready` event, then `preamble` if any. Answers the write that stops once the stream has ended.
 */
export function openEventStream(reply: FastifyReply, preamble = ''): (chunk: string) => void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const send = (chunk: string) => {
    if (!raw.writableEnded) raw.write(chunk);
  };
  send(`retry: 3000\n\nevent: ready\ndata: {}\n\n${preamble}`);
  return send;
}
