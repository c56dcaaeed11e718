import { apiRoutes } from '@chatdesk/contract/api-routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCall, getToken, setToken, setUnauthorizedHandler } from './api-client';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(onUnauthorized);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
  });

  it('sends the stored token as a bearer header under /api', async () => {
    setToken('abc');
    fetchMock.mockResolvedValue(jsonResponse(200, { count: 3 }));

    await expect(apiCall(apiRoutes.notifications.unreadCount)).resolves.toEqual({ count: 3 });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/notifications/unread-count');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer abc');
  });

  it('sends no authorization header without a token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { demo: null }));
    await apiCall(apiRoutes.auth.config);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
  });

  it('signs the user out on any 401: the token is removed and the login page is opened', async () => {
    setToken('revoked');
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Authentication required' }));

    const error = await apiCall(apiRoutes.company.get).catch((cause: unknown) => cause);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Authentication required' });
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('lets the login form handle its own 401', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Invalid username or password' }));

    await expect(
      apiCall(apiRoutes.auth.login, {
        body: { username: 'a', password: 'b' },
        skipUnauthorizedRedirect: true,
      }),
    ).rejects.toMatchObject({ status: 401, serverMessage: 'Invalid username or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('carries the status and the server message of other errors without signing out', async () => {
    setToken('abc');
    fetchMock.mockResolvedValue(jsonResponse(400, { message: 'Current password is incorrect' }));

    await expect(
      apiCall(apiRoutes.users.changePassword, {
        body: { currentPassword: 'wrong', newPassword: 'password456' },
      }),
    ).rejects.toMatchObject({
      status: 400,
      serverMessage: 'Current password is incorrect',
    });
    expect(getToken()).toBe('abc');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends JSON bodies and query parameters, skipping empty ones', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, []));
    await apiCall(apiRoutes.notifications.list, {
      query: { isRead: false, type: undefined, isSolved: true },
    });
    await apiCall(apiRoutes.company.update, {
      body: { name: 'Acme', information: 'About us', timeZone: 'UTC' },
    });

    expect(fetchMock.mock.calls[0]![0]).toBe('/api/notifications?isRead=false&isSolved=true');
    const [, init] = fetchMock.mock.calls[1]!;
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe(JSON.stringify({ name: 'Acme', information: 'About us', timeZone: 'UTC' }));
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('fills the path parameters of the route, encoded', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));
    await apiCall(apiRoutes.schedule.get, { params: { username: 'ana maría/x' } });
    await apiCall(apiRoutes.chats.send, { params: { id: 'c1' }, body: { text: 'hi' } });

    expect(fetchMock.mock.calls[0]![0]).toBe('/api/schedule/ana%20mar%C3%ADa%2Fx');
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/chats/c1/messages');
    expect(fetchMock.mock.calls[1]![1]?.method).toBe('POST');
  });

  it('reports an error without a body message as null', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    await expect(apiCall(apiRoutes.company.get)).rejects.toMatchObject({ status: 500, serverMessage: null });
  });
});
