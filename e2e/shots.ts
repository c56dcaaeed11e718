import type { Locator, Page } from '@playwright/test';

/**
 * Screenshots are for people to look at a screen (light and dark, desktop and phone, in /tmp or the
 * test's output folder); no test reads them. A plain run takes none: a shot and the resize around it
 * cost about 0.7 s on a busy machine (the classes spec's 24: 79.8 s -> 63.3 s), well over a hundred
 * of them in a run. `E2E_SHOTS=1 npx playwright test e2e/<x>.spec.ts` takes them.
 */
export const SHOTS_WANTED = Boolean(process.env.E2E_SHOTS);

/** A screenshot of the page (`fullPage` as Playwright's) or of one element, only when wanted. */
export async function screenshot(
  target: Page | Locator,
  path: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SHOTS_WANTED) return;
  if ('mainFrame' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path });
}
