import { describe, expect, it } from 'vitest';
import { openLiveStream, readEvents, type StreamEvent } from './event-stream.ts';

function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function eventsOf(chunks: string[]): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  await readEvents(bodyOf(chunks), (event) => events.push(event));
  return events;
}

describe('readEvents', () => {
  it('reads named events, their ids and data split over lines and chunks', async () => {
    const events = await eventsOf([
      'retry: 3000\n\nevent: ready\ndata: {}\n\n: heartbeat\n\n',
      'id: m1\nevent: mess',
      'age\ndata: {"text":"hola"}\r\n\r\nid: m2\ndata: line one\ndata: line two\n\n',
    ]);
    expect(events).toEqual([
      { event: 'ready', data: '{}', id: null },
      { event: 'message', data: '{"text":"hola"}', id: 'm1' },
      { event: 'message', data: 'line one\nline two', id: 'm2' },
    ]);
  });

  it('drops an event the stream ended in the middle of', async () => {
    expect(await eventsOf(['event: message\ndata: {"te'])).toEqual([]);
  });
});

describe('openLiveStream', () => {
  it('reconnects after a drop with the last event id, and reads the conversation on every connection', async () => {
    const requests: Array<Record<string, string>> = [];
    const bodies = [
      'id: m1\nevent: message\ndata: {}\n\n',
      'id: m2\nevent: message\ndata: {}\n\nevent: resync\ndata: {}\n\n',
    ];
    const events: string[] = [];
    let opens = 0;
    const waits: number[] = [];
    await new Promise<void>((done) => {
      const stream = openLiveStream({
        url: '/api/web-chat/stream',
        headers: () => ({ 'X-Web-Chat-Session': 'abc' }),
        onEvent: (event) => events.push(`${event.event}:${event.id}`),
        onOpen: () => opens++,
        onUnauthorized: () => {
          stream.stop();
          done();
        },
        wait: async (ms) => {
          waits.push(ms);
        },
        fetch: async (_url, init) => {
          requests.push(init?.headers as Record<string, string>);
          const body = bodies.shift();
          if (body === undefined) return new Response(null, { status: 401 });
          return new Response(bodyOf([body]), { status: 200 });
        },
      });
    });
    expect(requests.map((headers) => headers['last-event-id'])).toEqual([undefined, 'm1', 'm2']);
    expect(requests[0]?.['X-Web-Chat-Session']).toBe('abc');
    expect(events).toEqual(['message:m1', 'message:m2', 'resync:m2']);
    expect(opens).toBe(2);
    // Each connection that worked starts the back-off again from about a second.
    expect(waits.every((ms) => ms >= 800 && ms <= 1200)).toBe(true);
  });

  it('backs off, doubling up to 30 s, while the server cannot be reached', async () => {
    const waits: number[] = [];
    await new Promise<void>((done) => {
      const stream = openLiveStream({
        url: '/api/web-chat/stream',
        headers: () => ({}),
        onEvent: () => {},
        onOpen: () => {},
        onUnauthorized: () => {},
        wait: async (ms) => {
          waits.push(ms);
          if (waits.length === 8) {
            stream.stop();
            done();
          }
        },
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
      });
    });
    const nominal = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000];
    waits.forEach((ms, index) => {
      expect(ms).toBeGreaterThanOrEqual(nominal[index]! * 0.8);
      expect(ms).toBeLessThanOrEqual(nominal[index]! * 1.2);
    });
  });
});
