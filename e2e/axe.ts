import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The WCAG A/AA rules whose outcome depends on the colours, the only thing a colour scheme changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };
export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

/**
 * Waits until the page shows what axe must read, as people see it: no element added, removed or
 * changed for a whole frame (a resize or a scheme change has re-rendered what it makes re-render),
 * no fade or other animation that ends still running, and every open dialog, menu and list fully
 * shown. Mantine's transitions fade in, and on a busy machine a dialog can be checked before its fade
 * has even started, still at its starting opacity with no transition running yet, so both are waited
 * for. It waits for the page, never for a fixed time.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const state = window as unknown as { __axeMutated?: { since: boolean } };
    if (!state.__axeMutated) {
      const mutated = { since: true };
      new MutationObserver(() => {
        mutated.since = true;
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      state.__axeMutated = mutated;
    }
    // Polled once a frame: quiet when nothing changed since the last poll.
    const quiet = !state.__axeMutated.since;
    state.__axeMutated.since = false;
    // A fade or any other animation that ends (a spinner's never does, and is not waited for).
    const fading = document
      .getAnimations()
      .some(
        (animation) =>
          animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
      );
    const overlays = document.querySelectorAll('[role="dialog"], [role="menu"], [role="listbox"]');
    // Opacity is not inherited: what shows is the product of the element's and its ancestors'.
    const shown = (element: Element) => {
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement)
        opacity *= Number.parseFloat(getComputedStyle(node).opacity);
      return opacity;
    };
    const faded = [...overlays].some((element) => element.getClientRects().length > 0 && shown(element) < 1);
    return quiet && !fading && !faded;
  });
}

/**
 * Runs axe-core on the page as it is now (or only inside `include`, a CSS selector) with the WCAG 2
 * A/AA rules and fails on any serious or critical violation, listing each rule, its targets and axe's
 * summary of what is wrong.
 *
 * axe runs in the page itself (axe.run, checking same-origin frames too; the app has no other), and is
 * put into a page once: `@axe-core/playwright`'s default injects its 500 KB again for every check and
 * finishes each in a new blank page, which made a check take 1 to 2 s instead of 0.2 to 0.4 s. Only the
 * violations are worked out in full, the only results read here.
 */
export async function expectNoSeriousViolations(
  page: Page,
  context: string,
  options: {
    include?: string;
    /** Only the rules that read colours: for the same screen again in the other colour scheme. */
    coloursOnly?: boolean;
  } = {},
): Promise<void> {
  await settled(page);
  // With frames (none in the app, but a page may hold one) axe is put into every one each time.
  const injected =
    page.frames().length === 1 &&
    (await page.evaluate(
      () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function',
    ));
  // A source of ';' leaves the axe already in the page as it is.
  let builder = new AxeBuilder({ page, axeSource: injected ? ';' : undefined })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_AA)
    .setLegacyMode(true);
  if (options.include) builder = builder.include(options.include);
  if (options.coloursOnly) builder = builder.withRules(COLOUR_RULES);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `[${violation.impact}] ${violation.id} at ${node.target.join(' ')}\n    ${(node.failureSummary ?? violation.help).replace(/\n/g, '\n    ')}`,
    ),
  );
  // Soft: one run reports every page and dialog of a test that fails, not only the first.
  expect.soft(report, `axe found serious violations on ${context}:\n${report.join('\n')}`).toEqual([]);
}

/** Emulates the system's colour scheme and waits until the app has followed it. */
export async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/**
 * Checks what is on screen (a page, a dialog, a menu) the four ways people see it, without loading
 * it again: in the light and the dark scheme at desktop and at phone size. At each size the first
 * scheme gets every rule and the second the colour rules only: a scheme changes colours and
 * nothing else (names, roles, labels and layout are the same), and the colour rules take a third
 * of a full check's time (the accessibility spec's checks: 54 s instead of 95 s). It changes the emulated
 * scheme and the viewport in place, `shows` (the dialog or menu checked, when there is one) must stay
 * visible throughout, and it leaves the page as it found it: desktop size and the scheme it started in.
 * `each`, when given, runs after each of the four checks (a screenshot for people to look at).
 */
export async function expectAccessibleEverywhere(
  page: Page,
  context: string,
  options: {
    include?: string;
    shows?: Locator;
    each?: (size: 'desktop' | 'phone', scheme: Scheme) => Promise<unknown>;
  } = {},
): Promise<void> {
  const started = (await page.locator('html').getAttribute('data-mantine-color-scheme')) as Scheme | null;
  const first: Scheme = started === 'dark' ? 'dark' : 'light';
  const second: Scheme = first === 'dark' ? 'light' : 'dark';
  // Desktop first then second, phone second then first: one scheme change between the sizes.
  const passes = [
    ['desktop', DESKTOP, [first, second]],
    ['phone', PHONE, [second, first]],
  ] as const;
  for (const [size, viewport, schemes] of passes) {
    if (page.viewportSize()?.width !== viewport.width) await page.setViewportSize(viewport);
    for (const scheme of schemes) {
      await useScheme(page, scheme);
      if (options.shows) await expect(options.shows).toBeVisible();
      await expectNoSeriousViolations(page, `${context} (${scheme}, ${size})`, {
        include: options.include,
        coloursOnly: scheme !== schemes[0],
      });
      await options.each?.(size, scheme);
    }
  }
  await page.setViewportSize(DESKTOP);
}
