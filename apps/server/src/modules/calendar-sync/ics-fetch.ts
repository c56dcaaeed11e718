import dns from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { Agent } from 'undici';

export type FeedErrorReason =
  | 'unreachable'
  | 'timeout'
  | 'http-status'
  | 'too-large'
  | 'not-a-calendar'
  | 'bad-address';

/** Why an external calendar could not be read, with a message that can be shown to staff as is. */
export class FeedError extends Error {
  readonly reason: FeedErrorReason;
  /** The HTTP status, when `reason` is `http-status`. */
  readonly status: number | undefined;

  constructor(reason: FeedErrorReason, message: string, options?: { status?: number; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = 'FeedError';
    this.reason = reason;
    this.status = options?.status;
  }
}

/** The validators of the last copy fetched, so an unchanged calendar costs a 304 and no parsing. */
export type FeedValidators = { etag?: string; lastModified?: string };

/** A host name's addresses, as `dns.promises.lookup(host, { all: true })` gives them. */
export type ResolveHost = (host: string) => Promise<Array<{ address: string; family: number }>>;

export type FetchFeedOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  /** Replaces the network entirely (tests of HTTP behaviour); the private-address check still runs. */
  fetch?: typeof fetch;
  /** How host names are resolved, both for the check and for the connection (tests). */
  resolve?: ResolveHost;
  /** Lets tests reach a server on 127.0.0.1; never set it from user input. */
  allowPrivateHosts?: boolean;
};

export type FeedFetchResult =
  | { kind: 'not-modified' }
  | { kind: 'fetched'; body: string; etag?: string; lastModified?: string };

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 5;

/**
 * Downloads an ICS feed (Google's secret iCal address, an Outlook published calendar, an iCloud public
 * calendar, a CalDAV export). Throws a `FeedError` for anything that is not a calendar it could read.
 */
export async function fetchIcsFeed(
  url: string,
  previous?: FeedValidators,
  options: FetchFeedOptions = {},
): Promise<FeedFetchResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const resolve = options.resolve ?? systemResolve;
  // Each connection checks the addresses it is about to use (guardedLookup), so a host whose DNS
  // answer turns private after the first check (DNS rebinding) is refused, not connected to.
  // undici is imported here, not at start: most servers read no calendar feed.
  const undici = options.fetch ? undefined : await import('undici');
  const agent: Agent | undefined = undici
    ? new undici.Agent({ connect: { lookup: guardedLookup(resolve, options) } })
    : undefined;
  const request =
    options.fetch ??
    ((input: URL, init: RequestInit) =>
      undici!.fetch(input, { ...(init as object), dispatcher: agent }) as unknown as Promise<Response>);
  const signal = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = {
    accept: 'text/calendar, */*;q=0.5',
    'user-agent': 'chatdesk-calendar-sync/1.0',
  };
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;

  try {
    let address = await allowedAddress(feedUrl(url), options, resolve, signal);
    for (let redirects = 0; ; redirects++) {
      // Redirects are followed by hand so that each hop's host passes the same check as the first.
      const response = await request(address, { headers, redirect: 'manual', signal });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
        await response.body?.cancel();
        if (redirects >= MAX_REDIRECTS) {
          throw new FeedError('unreachable', 'The calendar address redirects too many times.');
        }
        address = await allowedAddress(checkedUrl(new URL(location, address)), options, resolve, signal);
        continue;
      }
      if (response.status === 304) {
        await response.body?.cancel();
        return { kind: 'not-modified' };
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw statusError(response.status);
      }
      const body = await readBody(response, maxBytes);
      assertCalendar(body);
      return {
        kind: 'fetched',
        body,
        ...optional('etag', response.headers.get('etag')),
        ...optional('lastModified', response.headers.get('last-modified')),
      };
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    // A refusal at connection time comes back as fetch's own error, with ours as its cause.
    if (error instanceof Error && error.cause instanceof FeedError) throw error.cause;
    if (signal.aborted) {
      const seconds = Math.ceil(timeoutMs / 1000);
      throw new FeedError(
        'timeout',
        `The calendar server did not answer within ${seconds} second${seconds === 1 ? '' : 's'}.`,
        { cause: error },
      );
    }
    throw new FeedError('unreachable', unreachableMessage(error), { cause: error });
  } finally {
    void agent?.destroy();
  }
}

function optional<K extends string>(key: K, value: string | null) {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

function feedUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new FeedError(
      'bad-address',
      'This is not a web address. Paste the whole calendar address, starting with https:// or webcal://.',
    );
  }
  // webcal:// is only the "subscribe" spelling of the same address; every provider serves it over HTTPS.
  // Parsing again as https makes the host canonical, so the private-address check sees the real IP.
  if (url.protocol === 'webcal:' || url.protocol === 'webcals:') {
    url = new URL(`https:${url.href.slice(url.protocol.length)}`);
  }
  return checkedUrl(url);
}

function checkedUrl(url: URL): URL {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedError(
      'bad-address',
      'Only https://, http:// and webcal:// calendar addresses can be used.',
    );
  }
  // fetch refuses credentials in the URL; a secret address (Google, Outlook, iCloud) never needs them.
  if (url.username || url.password) {
    throw new FeedError(
      'bad-address',
      'Calendar addresses with a user name or password are not supported. Use the calendar’s public or secret address.',
    );
  }
  return url;
}

const privateNetworks = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  privateNetworks.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  privateNetworks.addSubnet(network, prefix, 'ipv6');
}

/** Loopback, private, link-local (cloud metadata), shared, multicast and reserved addresses. */
function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return privateNetworks.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Refuses a host that is, or resolves to, an address inside our own network: staff type the address,
 * and the server must not become a way to read internal services or the cloud metadata endpoint.
 * This check gives the clear message before any request; a host whose answer changes between it and
 * the connection (DNS rebinding) is refused by the connection's own lookup (`guardedLookup`).
 */
async function allowedAddress(
  url: URL,
  options: FetchFeedOptions,
  resolve: ResolveHost,
  signal: AbortSignal,
): Promise<URL> {
  if (options.allowPrivateHosts) return url;
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) throw privateHost(host);
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw privateHost(host);
    return url;
  }
  const addresses = await abortable(resolve(host), signal).catch((error) => {
    if (signal.aborted) throw error;
    // Let the request itself fail and report the name as unreachable.
    return [];
  });
  if (addresses.some(({ address }) => isPrivateAddress(address))) throw privateHost(host);
  return url;
}

function privateHost(host: string) {
  return new FeedError(
    'bad-address',
    `The calendar address points to a local or private network (${host}). Use the address the calendar service gives for sharing.`,
  );
}

const systemResolve: ResolveHost = (host) => dns.promises.lookup(host, { all: true });

type LookupCallback = (
  error: Error | null,
  address: string | Array<{ address: string; family: number }>,
  family?: number,
) => void;

/**
 * The `lookup` of the connection itself: the addresses it connects to are the ones checked, so a
 * name that answered with a public address for `allowedAddress` and a private one a moment later
 * is refused here. (The check before the request stays, for a clear message before any connection.)
 */
function guardedLookup(resolve: ResolveHost, options: FetchFeedOptions) {
  return (
    host: string,
    lookupOptions: { family?: number | string; all?: boolean },
    callback: LookupCallback,
  ) => {
    resolve(host).then(
      (found) => {
        const family = Number(lookupOptions.family) || 0;
        const addresses = found.filter((entry) => family === 0 || entry.family === family);
        if (!options.allowPrivateHosts && addresses.some(({ address }) => isPrivateAddress(address))) {
          callback(privateHost(host), '');
          return;
        }
        const [first] = addresses;
        if (!first) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), '');
          return;
        }
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, ''),
    );
  };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function statusError(status: number) {
  const message =
    status === 404 || status === 410
      ? `The calendar address was not found (HTTP ${status}). It may have been reset in the calendar app: copy the address again.`
      : status === 401 || status === 403
        ? `The calendar server refused access (HTTP ${status}). The calendar may no longer be shared, or the address needs to be copied again.`
        : status === 429
          ? 'The calendar server asked us to slow down (HTTP 429). It will be tried again later.'
          : status >= 500
            ? `The calendar server had an error (HTTP ${status}). It will be tried again later.`
            : `The calendar server answered with HTTP ${status} instead of the calendar.`;
  return new FeedError('http-status', message, { status });
}

function tooLarge(maxBytes: number) {
  return new FeedError(
    'too-large',
    `The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, more than is read from one address.`,
  );
}

/** Counts the bytes after decompression, so a small compressed body cannot unpack into a huge one. */
async function readBody(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(maxBytes);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function assertCalendar(body: string) {
  const start = body.slice(0, 512).trimStart();
  if (/^BEGIN:VCALENDAR/i.test(start)) {
    if (/END:VCALENDAR/i.test(body.slice(-512))) return;
    throw new FeedError('not-a-calendar', 'The calendar arrived incomplete (it has no END:VCALENDAR).');
  }
  // A wrong or expired link usually lands on a sign-in or error page rather than on an HTTP error.
  if (start.startsWith('<')) {
    throw new FeedError(
      'not-a-calendar',
      'The address returned a web page, not a calendar. Copy the calendar’s iCal (ICS) address, not the address of the page that shows it.',
    );
  }
  throw new FeedError(
    'not-a-calendar',
    'The address did not return a calendar: an iCal (ICS) file starts with BEGIN:VCALENDAR.',
  );
}

function unreachableMessage(error: unknown): string {
  const code = errorCode(error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return 'The calendar server’s name could not be found. Check the address.';
  }
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return 'The calendar server could not be reached. It will be tried again later.';
  }
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) {
    return 'The calendar server’s security certificate is not valid, so the calendar was not read.';
  }
  return 'The calendar server could not be reached. It will be tried again later.';
}

/** undici reports network failures as `TypeError: fetch failed` with the system error as the cause. */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
