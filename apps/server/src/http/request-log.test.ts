import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLogPolicy } from './request-log.ts';

async function logsOf(level: 'info' | 'debug') {
  const lines: Array<{ level: number; msg: string; status?: number }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino({ level }, stream), logController: new RequestLogPolicy(50) });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 80));
    return { ok: true };
  });
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  for (const url of ['/fast', '/slow', '/missing', '/broken']) await app.inject({ url });
  await app.close();
  return lines.filter((line) => line.msg === 'request completed');
}

describe('request logs', () => {
  it('at info: only failed (4xx at info, 5xx at warn) and slow requests', async () => {
    const lines = await logsOf('info');
    expect(lines.map((line) => [line.status, line.level])).toEqual([
      [200, 30],
      [404, 30],
      [500, 40],
    ]);
    expect(lines[0]).toMatchObject({ url: '/slow' });
  });

  it('at debug: every request', async () => {
    expect(await logsOf('debug')).toHaveLength(4);
  });
});
