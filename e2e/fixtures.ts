import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { E2E_WORKERS, serverUrl } from '../playwright.config';

export const ADMIN = { username: 'admin', password: 'admin1234' } as const;

export async function apiLogin(
  request: APIRequestContext,
  credentials: { username: string; password: string } = ADMIN,
): Promise<string> {
  const response = await request.post('/api/auth/login', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** Authorized calls to the API with one token, for arranging and checking state. */
export function apiAs(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const json = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(
      true,
    );
    return (await response.json()) as T;
  };
  return {
    get: <T>(path: string) => request.get(`/api${path}`, { headers }).then((r) => json<T>(r)),
    post: <T>(path: string, data?: unknown) =>
      request.post(`/api${path}`, { headers, data }).then((r) => json<T>(r)),
    put: <T>(path: string, data?: unknown) =>
      request.put(`/api${path}`, { headers, data }).then((r) => json<T>(r)),
    delete: <T>(path: string) => request.delete(`/api${path}`, { headers }).then((r) => json<T>(r)),
    raw: request,
    headers,
  };
}

export type Api = ReturnType<typeof apiAs>;

/** A page of a list endpoint (clients, subscriptions, notifications, employees). */
export type Paged<Item> = { items: Item[]; nextCursor: string | null };

/** Puts a token in the page's storage once, before the app's first script runs. */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    // Only on the first load of this tab: a later logout or 401 must be able to remove it for good.
    const marker = `e2e-token-set:${value}`;
    if (sessionStorage.getItem(marker)) return;
    sessionStorage.setItem(marker, '1');
    localStorage.setItem('token', value);
  }, token);
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

type LoginOptions = { fresh?: boolean };

type Fixtures = {
  /** Signs the page in as the demo admin through the API; returns the token. */
  login: (options?: LoginOptions) => Promise<string>;
  /** The API as the demo admin (its own session). */
  api: Api;
};

type WorkerFixtures = { tokenCache: { token: string | null } };

export const test = base.extend<Fixtures, WorkerFixtures>({
  // Each worker talks to its own server (playwright.config.ts starts one per worker).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright needs the object pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(serverUrl(testInfo.parallelIndex % E2E_WORKERS));
  },

  tokenCache: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright needs the object pattern.
    async ({}, use) => {
      await use({ token: null });
    },
    { scope: 'worker' },
  ],

  login: async ({ page, request, tokenCache }, use) => {
    await use(async ({ fresh = false }: LoginOptions = {}) => {
      // Reusing one token keeps the specs under the login rate limit; a revoked one is replaced.
      let token = fresh ? null : tokenCache.token;
      if (token) {
        const check = await request.get('/api/auth/verify', {
          headers: { Authorization: `Bearer ${token}` },
        });
        if (!check.ok()) token = null;
      }
      if (!token) {
        token = await apiLogin(request);
        if (!fresh) tokenCache.token = token;
      }
      await useToken(page, token);
      return token;
    });
  },

  api: async ({ request, tokenCache }, use) => {
    let token = tokenCache.token;
    if (token) {
      const check = await request.get('/api/auth/verify', { headers: { Authorization: `Bearer ${token}` } });
      if (!check.ok()) token = null;
    }
    if (!token) {
      token = await apiLogin(request);
      tokenCache.token = token;
    }
    await use(apiAs(request, token));
  },
});

export { expect };
