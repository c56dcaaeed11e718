import type { Locator, Page } from '@playwright/test';
import { DESKTOP, type Scheme } from './axe';

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

/** The desktop screenshots' width (the brief's); axe checks at the suite's own sizes. */
const SHOT_DESKTOP = { width: 1280, height: 800 };

/**
 * A spec's screenshot taker for axe's `each` (`shoot(page, name, part?)`): the page at 1280 and
 * 390 px, or only `part` of it (a dialog, a long form), into `folder`, only when wanted.
 */
export function shooter(folder: string) {
  return (page: Page, name: string, part?: Locator) => async (size: 'desktop' | 'phone', scheme: Scheme) => {
    if (!SHOTS_WANTED) return;
    if (size === 'desktop') await page.setViewportSize(SHOT_DESKTOP);
    const path = `${folder}/${name}-${size === 'desktop' ? 1280 : 390}-${scheme}.png`;
    if (part) await part.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
    if (size === 'desktop') await page.setViewportSize(DESKTOP);
  };
}
