import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two runs (two checkouts, two people) share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
// A fresh embedded database every run, so the demo data is always in its initial state.
const dataDir = `.tmp/e2e-data-${Date.now()}`;

export const E2E_WHATSAPP_SECRET = 'e2e-whatsapp-app-secret';

/** One server, with its own fresh database, for each worker: specs in different workers never share state. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
export const serverUrl = (slot: number) => `http://localhost:${PORT + slot}`;

/**
 * Debian's Chromium, as its headless shell when that is installed (`apt-get install
 * chromium-headless-shell`): the same Blink as /usr/bin/chromium without the whole browser around it,
 * the build Playwright itself runs headless tests in; the accessibility spec took 17% less time and
 * Chromium 19% less CPU with it (docs/decisions/029). A headed or debugging run needs the whole browser,
 * and so do the tests tagged WHOLE_BROWSER: the shell denies web notifications whatever is granted.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const WHOLE_BROWSER_PATH = '/usr/bin/chromium';
const headed =
  Boolean(process.env.PWDEBUG) || process.argv.some((arg) => ['--headed', '--debug', '--ui'].includes(arg));
const chromium =
  process.env.CHROMIUM_PATH ?? (!headed && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : WHOLE_BROWSER_PATH);
/** The tag of a test that needs what only the whole browser has (web notifications). */
export const WHOLE_BROWSER = '@whole-browser';

const launchOptions = (executablePath: string) => ({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Generous on purpose: CI machines are small and busy (two workers, two servers and two browsers on
  // two cores); a passing test never waits for these.
  timeout: 60_000,
  expect: { timeout: 12_000 },
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      grepInvert: new RegExp(WHOLE_BROWSER),
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: launchOptions(chromium) },
    },
    {
      name: 'chromium-whole-browser',
      grep: new RegExp(WHOLE_BROWSER),
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        launchOptions: launchOptions(process.env.CHROMIUM_PATH ?? WHOLE_BROWSER_PATH),
      },
    },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => ({
    // Each server serves its own snapshot of the built web app (hard links: no copy), so a build run
    // while the suite runs (someone else's `npm run build` in a shared checkout empties and rewrites
    // apps/web/dist) cannot take the pages and chunks from under it: it answered 500s and left
    // pages waiting for chunks that were gone.
    command: `mkdir -p .tmp && cp -al apps/web/dist ${dataDir}-${slot}-web && node apps/server/src/main.ts`,
    url: `${serverUrl(slot)}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(PORT + slot),
      DATA_DIR: `${dataDir}-${slot}`,
      WEB_DIST_DIR: `${dataDir}-${slot}-web`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // The specs sign in many times and try a few wrong passwords on purpose.
      LOGIN_MAX_FAILURES: '100',
      // Lets the web chat spec read an emailed code (GET /api/mail/local/latest).
      LOCAL_MAILBOX: 'true',
      // Lets the specs post signed WhatsApp webhooks, as Meta would.
      WHATSAPP_APP_SECRET: E2E_WHATSAPP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'e2e-verify',
      // Lets a spec play a second visitor from another address (X-Forwarded-For from the loopback only).
      TRUST_PROXY: 'loopback',
      // Lets a spec serve an employee's own calendar from a local server (desk-booking.spec.ts).
      CALENDAR_ALLOW_PRIVATE_ADDRESSES: 'true',
    },
  })),
});
