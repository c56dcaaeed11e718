import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Lets a spec see a load that fails for good as people do, without sitting through the wait.
 *
 * The web app asks again twice when a load fails with a 5xx or on the network (app/query-client.ts),
 * after React Query's back-off of 1 s and then 2 s, and says the load failed only after the third
 * failure. Call `failedLoads(page)` before the page is opened: the page gets Playwright's clock, which
 * runs at the real pace until moved. `shownAfterRetries(shown)` then moves it on a second at a time
 * until the failure is shown: the same three requests and the same message, with the back-off's
 * seconds skipped rather than waited (3 s or more a load, most of each test that checks one).
 */
export async function failedLoads(page: Page) {
  await page.clock.install();
  return {
    async shownAfterRetries(shown: Locator) {
      await expect
        .poll(
          async () => {
            await page.clock.fastForward(1_000);
            return shown.isVisible();
          },
          { intervals: [100], timeout: 15_000, message: 'the failure is shown once the retries fail' },
        )
        .toBe(true);
      await expect(shown).toBeVisible();
    },
  };
}
