import type { ApiRoute } from '@chatdesk/contract/api-routes';
import { API_BASE, TOKEN_STORAGE_KEY } from '@chatdesk/contract/constants';
import type {
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from '@chatdesk/contract/endpoints';

export class ApiError extends Error {
  readonly status: number;
  /** The `message` of the error body, when the server sent one. */
  readonly serverMessage: string | null;

  constructor(status: number, serverMessage: string | null) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}

let onUnauthorized: () => void = () => window.location.replace('/login');

/** The app swaps the full page reload for a router navigation once the router exists. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Any 401 ends the session: the token is dropped and the browser goes to the login page. */
export function handleUnauthorized(): void {
  clearToken();
  onUnauthorized();
}

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

type QueryValue = string | number | boolean | null | undefined;

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** Puts each `:name` of the route's path in its place, URI-encoded. */
function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:(\w+)/g, (_segment, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message || null;
  }
  return null;
}

type RequestOptions = {
  signal?: AbortSignal | undefined;
  /** The login form shows its own 401 instead of leaving the page. */
  skipUnauthorizedRedirect?: boolean | undefined;
  /** Lets the request outlive the page: a deletion sent as the tab closes still reaches the server. */
  keepalive?: boolean | undefined;
};

/** Path parameters and a body are required where the endpoint has them; a query where one of its fields is. */
type EndpointParts<R extends ApiRoute> = (EndpointParams<R> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<R> }) &
  (EndpointQuery<R> extends undefined
    ? { query?: undefined }
    : object extends EndpointQuery<R>
      ? { query?: EndpointQuery<R> }
      : { query: EndpointQuery<R> }) &
  (EndpointBody<R> extends undefined ? { body?: undefined } : { body: EndpointBody<R> });

type CallOptions<R extends ApiRoute> = EndpointParts<R> & RequestOptions;

type CallArgs<R extends ApiRoute> =
  object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

type UntypedOptions = RequestOptions & {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
};

/**
 * Calls one endpoint of the contract: `apiCall(apiRoutes.chats.get, { params: { id } })`. Its
 * params, query, body and answer are typed from the endpoint's schemas, so a renamed path or
 * field fails the typecheck.
 */
export async function apiCall<R extends ApiRoute>(
  route: R,
  ...[options]: CallArgs<R>
): Promise<EndpointResponse<R>> {
  const {
    params,
    query,
    body,
    signal,
    skipUnauthorizedRedirect = false,
    keepalive = false,
  }: UntypedOptions = options ?? {};
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(buildUrl(fillPath(route.path, params), query), {
    method: route.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    keepalive,
  });
  const data = await readBody(response);

  if (!response.ok) {
    if (response.status === 401 && !skipUnauthorizedRedirect) handleUnauthorized();
    throw new ApiError(response.status, messageOf(data));
  }
  return data as EndpointResponse<R>;
}

/**
 * Downloads a file the API makes for a signed-in user (a CSV export): fetched with the session,
 * then saved under the name the server gives it. Errors as `apiCall`'s.
 */
export async function apiDownload(path: string, query: Record<string, QueryValue>): Promise<void> {
  const response = await fetch(buildUrl(path, query), { headers: authHeaders() });
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized();
    throw new ApiError(response.status, messageOf(await readBody(response)));
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the object URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * The record asked for is not there: the server has none with that id (404), or refused the id
 * itself (400, e.g. `/clients/xyz`), which no record can have. Either way the link is wrong, not the network.
 */
export function isMissingRecord(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
