import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { busyIntervals } from './ics-busy.ts';
import { FeedError, type FetchFeedOptions, fetchIcsFeed } from './ics-fetch.ts';

const google = fs.readFileSync(new URL('./fixtures/google-madrid.ics', import.meta.url), 'utf8');
const ETAG = '"c3a1-5f2e9b"';
const LAST_MODIFIED = 'Tue, 24 Nov 2026 09:15:12 GMT';
const LOCAL: FetchFeedOptions = { allowPrivateHosts: true };

let server: http.Server;
let base: string;
const seen: http.IncomingHttpHeaders[] = [];

/** Answers the way the calendar providers do, one path per behaviour under test. */
function handle(request: http.IncomingMessage, response: http.ServerResponse) {
  seen.push(request.headers);
  const calendarHeaders = { 'content-type': 'text/calendar; charset=UTF-8' };
  switch (request.url) {
    case '/google.ics':
      if (request.headers['if-none-match'] === ETAG) return response.writeHead(304, { etag: ETAG }).end();
      return response
        .writeHead(200, { ...calendarHeaders, etag: ETAG, 'last-modified': LAST_MODIFIED })
        .end(google);
    case '/dated.ics': {
      const since = request.headers['if-modified-since'];
      if (since && Date.parse(since) >= Date.parse(LAST_MODIFIED)) return response.writeHead(304).end();
      return response.writeHead(200, { ...calendarHeaders, 'last-modified': LAST_MODIFIED }).end(google);
    }
    case '/moved.ics':
      return response.writeHead(302, { location: '/google.ics' }).end();
    case '/loop.ics':
      return response.writeHead(301, { location: '/loop.ics' }).end();
    case '/slow.ics':
      return; // never answers
    case '/stalls.ics':
      response.writeHead(200, calendarHeaders);
      response.write('BEGIN:VCALENDAR\r\n');
      return; // never finishes the body
    case '/huge.ics': {
      response.writeHead(200, calendarHeaders);
      response.write('BEGIN:VCALENDAR\r\n');
      const line = `X-FILLER:${'x'.repeat(1_000)}\r\n`;
      for (let i = 0; i < 64; i++) response.write(line);
      return response.end('END:VCALENDAR\r\n');
    }
    case '/declared-huge.ics':
      return response
        .writeHead(200, { ...calendarHeaders, 'content-length': '20000' })
        .end('x'.repeat(20_000));
    case '/page':
      return response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html><head><title>Sign in</title></head><body></body></html>');
    case '/plain.txt':
      return response.writeHead(200, { 'content-type': 'text/plain' }).end('Calendar not available');
    case '/cut.ics':
      return response.writeHead(200, calendarHeaders).end(google.slice(0, 2_000));
    case '/gone.ics':
      return response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
    case '/broken.ics':
      return response.writeHead(500).end('Internal Server Error');
    default:
      return response.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  seen.length = 0;
  vi.restoreAllMocks();
});

async function failure(promise: Promise<unknown>): Promise<FeedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FeedError);
    return error as FeedError;
  }
  throw new Error('expected the fetch to fail');
}

/** A fetch that must never be called: the address is refused before any request. */
const noRequest = () => vi.fn<typeof fetch>(() => Promise.reject(new Error('no request expected')));

describe('fetching an ICS feed', () => {
  it('returns the calendar with its validators', async () => {
    const result = await fetchIcsFeed(`${base}/google.ics`, undefined, LOCAL);
    expect(result).toEqual({ kind: 'fetched', body: google, etag: ETAG, lastModified: LAST_MODIFIED });
    expect(seen[0]).toMatchObject({ accept: 'text/calendar, */*;q=0.5' });
    expect(seen[0]).not.toHaveProperty('if-none-match');
    // What was fetched is what the busy-time reader takes.
    if (result.kind !== 'fetched') throw new Error('expected a body');
    const busy = busyIntervals(result.body, new Date('2026-03-01T00:00Z'), new Date('2026-03-04T00:00Z'), {
      defaultTimeZone: 'Europe/Madrid',
    });
    expect(busy).toEqual([
      { start: new Date('2026-03-03T09:00Z'), end: new Date('2026-03-03T10:00Z'), allDay: false },
    ]);
  });

  it('sends the ETag back and reports an unchanged calendar as not modified', async () => {
    const first = await fetchIcsFeed(`${base}/google.ics`, undefined, LOCAL);
    if (first.kind !== 'fetched') throw new Error('expected a body');
    const second = await fetchIcsFeed(`${base}/google.ics`, first, LOCAL);
    expect(second).toEqual({ kind: 'not-modified' });
    expect(seen[1]).toMatchObject({ 'if-none-match': ETAG, 'if-modified-since': LAST_MODIFIED });
  });

  it('fetches again when the ETag no longer matches', async () => {
    const result = await fetchIcsFeed(`${base}/google.ics`, { etag: '"old"' }, LOCAL);
    expect(result).toMatchObject({ kind: 'fetched', etag: ETAG });
  });

  it('uses Last-Modified when the server sends no ETag', async () => {
    const first = await fetchIcsFeed(`${base}/dated.ics`, undefined, LOCAL);
    expect(first).toEqual({ kind: 'fetched', body: google, lastModified: LAST_MODIFIED });
    if (first.kind !== 'fetched') throw new Error('expected a body');
    expect(await fetchIcsFeed(`${base}/dated.ics`, first, LOCAL)).toEqual({ kind: 'not-modified' });
    expect(seen[1]).toMatchObject({ 'if-modified-since': LAST_MODIFIED });
    expect(seen[1]).not.toHaveProperty('if-none-match');
    const older = { lastModified: 'Mon, 02 Mar 2026 10:00:00 GMT' };
    expect(await fetchIcsFeed(`${base}/dated.ics`, older, LOCAL)).toMatchObject({ kind: 'fetched' });
  });

  it('reads webcal:// addresses over https', async () => {
    const urls: string[] = [];
    const viaHttp: typeof fetch = (input, init) => {
      urls.push(String(input));
      return fetch(String(input).replace(/^https:/, 'http:'), init);
    };
    const port = new URL(base).port;
    const result = await fetchIcsFeed(`webcal://127.0.0.1:${port}/google.ics`, undefined, {
      ...LOCAL,
      fetch: viaHttp,
    });
    expect(urls).toEqual([`https://127.0.0.1:${port}/google.ics`]);
    expect(result).toMatchObject({ kind: 'fetched', etag: ETAG });
  });

  it('follows redirects, but not forever', async () => {
    expect(await fetchIcsFeed(`${base}/moved.ics`, undefined, LOCAL)).toMatchObject({ kind: 'fetched' });
    const error = await failure(fetchIcsFeed(`${base}/loop.ics`, undefined, LOCAL));
    expect(error.reason).toBe('unreachable');
    expect(error.message).toBe('The calendar address redirects too many times.');
  });
});

describe('feeds that cannot be read', () => {
  it('gives up on a server that does not answer', async () => {
    const started = performance.now();
    const error = await failure(fetchIcsFeed(`${base}/slow.ics`, undefined, { ...LOCAL, timeoutMs: 300 }));
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('The calendar server did not answer within 1 second.');
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('gives up on a body that stops arriving', async () => {
    const error = await failure(
      fetchIcsFeed(`${base}/stalls.ics`, undefined, { ...LOCAL, timeoutMs: 1_000 }),
    );
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('The calendar server did not answer within 1 second.');
  });

  it('stops reading a calendar larger than the limit', async () => {
    const streamed = await failure(
      fetchIcsFeed(`${base}/huge.ics`, undefined, { ...LOCAL, maxBytes: 10_000 }),
    );
    expect(streamed.reason).toBe('too-large');
    const declared = await failure(
      fetchIcsFeed(`${base}/declared-huge.ics`, undefined, { ...LOCAL, maxBytes: 10_000 }),
    );
    expect(declared.reason).toBe('too-large');
    expect(declared.message).toMatch(/^The calendar is larger than/);
    expect(await fetchIcsFeed(`${base}/huge.ics`, undefined, LOCAL)).toMatchObject({ kind: 'fetched' });
  });

  it('says when the address gives a web page or other text instead of a calendar', async () => {
    const page = await failure(fetchIcsFeed(`${base}/page`, undefined, LOCAL));
    expect(page.reason).toBe('not-a-calendar');
    expect(page.message).toMatch(/returned a web page, not a calendar/);
    const text = await failure(fetchIcsFeed(`${base}/plain.txt`, undefined, LOCAL));
    expect(text.reason).toBe('not-a-calendar');
    const cut = await failure(fetchIcsFeed(`${base}/cut.ics`, undefined, LOCAL));
    expect(cut.reason).toBe('not-a-calendar');
    expect(cut.message).toMatch(/incomplete/);
  });

  it('reports HTTP errors with their status', async () => {
    const gone = await failure(fetchIcsFeed(`${base}/gone.ics`, undefined, LOCAL));
    expect(gone).toMatchObject({ reason: 'http-status', status: 404 });
    expect(gone.message).toMatch(/not found \(HTTP 404\)/);
    const broken = await failure(fetchIcsFeed(`${base}/broken.ics`, undefined, LOCAL));
    expect(broken).toMatchObject({ reason: 'http-status', status: 500 });
    expect(broken.message).toMatch(/HTTP 500/);
  });

  it('reports a server that refuses the connection as unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(fetchIcsFeed(`http://127.0.0.1:${port}/cal.ics`, undefined, LOCAL));
    expect(error.reason).toBe('unreachable');
    expect(error.message).toBe('The calendar server could not be reached. It will be tried again later.');
  });
});

describe('addresses that are refused before any request', () => {
  it.each([
    'http://127.0.0.1/calendar.ics',
    'http://127.1/calendar.ics',
    'http://2130706433/calendar.ics',
    'http://10.20.30.40/calendar.ics',
    'http://172.16.5.4/calendar.ics',
    'http://192.168.1.10/calendar.ics',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/calendar.ics',
    'http://0.0.0.0:8080/calendar.ics',
    'http://[::1]/calendar.ics',
    'http://[::ffff:127.0.0.1]/calendar.ics',
    'http://[fd00::1]/calendar.ics',
    'http://[fe80::1]/calendar.ics',
    'http://localhost:3000/calendar.ics',
    'http://LOCALHOST./calendar.ics',
    'http://calendar.localhost/calendar.ics',
    'webcal://localhost/calendar.ics',
    'webcal://192.168.0.1/calendar.ics',
  ])('%s points into a private network', async (url) => {
    const request = noRequest();
    const error = await failure(fetchIcsFeed(url, undefined, { fetch: request }));
    expect(error.reason).toBe('bad-address');
    expect(error.message).toMatch(/local or private network/);
    expect(request).not.toHaveBeenCalled();
  });

  it('refuses a host name that resolves to a private address', async () => {
    vi.spyOn(dns.promises, 'lookup').mockResolvedValue([{ address: '10.0.0.7', family: 4 }] as never);
    const request = noRequest();
    const error = await failure(
      fetchIcsFeed('https://intranet.example.com/cal.ics', undefined, { fetch: request }),
    );
    expect(error.reason).toBe('bad-address');
    expect(request).not.toHaveBeenCalled();
  });

  it('refuses a name whose answer turns private between the check and the connection (DNS rebinding)', async () => {
    // The first answer (the check) is public; the connection's own lookup then gets this machine,
    // where a calendar is served. Connecting there would be reading an internal service.
    const port = new URL(base).port;
    const answers = [[{ address: '93.184.215.14', family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    const resolve = vi.fn(async () => answers.shift() ?? [{ address: '127.0.0.1', family: 4 }]);
    const error = await failure(
      fetchIcsFeed(`http://rebinding.example.com:${port}/google.ics`, undefined, { resolve }),
    );
    expect(error.reason).toBe('bad-address');
    expect(error.message).toMatch(/local or private network \(rebinding\.example\.com\)/);
    expect(resolve).toHaveBeenCalledTimes(2);
    expect(seen).toHaveLength(0);
  });

  it('connects to the address its own lookup checked', async () => {
    const port = new URL(base).port;
    const resolve = vi.fn(async () => [{ address: '127.0.0.1', family: 4 }]);
    const result = await fetchIcsFeed(`http://calendar.example.com:${port}/google.ics`, undefined, {
      resolve,
      allowPrivateHosts: true,
    });
    expect(result).toMatchObject({ kind: 'fetched', body: google });
    expect(resolve).toHaveBeenCalled();
  });

  it('refuses a redirect into a private network', async () => {
    const request = vi.fn<typeof fetch>(async () =>
      Response.redirect('http://169.254.169.254/latest/meta-data/iam/', 302),
    );
    const error = await failure(
      fetchIcsFeed('https://93.184.215.14/calendar.ics', undefined, { fetch: request }),
    );
    expect(error.reason).toBe('bad-address');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['not an address', 'calendar google com'],
    ['an ftp address', 'ftp://example.com/calendar.ics'],
    ['a local file', 'file:///etc/passwd'],
    ['credentials in the address', 'https://ana:secret@caldav.example.com/cal.ics'],
  ])('refuses %s', async (_, url) => {
    const request = noRequest();
    const error = await failure(fetchIcsFeed(url, undefined, { fetch: request }));
    expect(error.reason).toBe('bad-address');
    expect(request).not.toHaveBeenCalled();
  });

  it('allows a public address', async () => {
    const request = vi.fn<typeof fetch>(async () => new Response(google, { status: 200 }));
    const result = await fetchIcsFeed('https://93.184.215.14/calendar.ics', undefined, { fetch: request });
    expect(result).toMatchObject({ kind: 'fetched', body: google });
    expect(request).toHaveBeenCalledWith(new URL('https://93.184.215.14/calendar.ics'), expect.anything());
  });
});
