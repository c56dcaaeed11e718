import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core on the page (or only inside `include`, a CSS selector) with the WCAG 2 A/AA rules and
 * fails on any serious or critical violation, listing each rule, its targets and axe's summary of what
 * is wrong.
 */
export async function expectNoSeriousViolations(
  page: Page,
  context: string,
  options: { include?: string } = {},
): Promise<void> {
  // Mantine's transitions (modals, popovers) fade in: axe must see the final colours, not a mid-fade
  // blend. On a busy machine a dialog can be checked before its fade has even started, still at its
  // starting opacity with no transition running yet, so both are waited for.
  await page.waitForFunction(() => {
    const fading = document
      .getAnimations()
      .some((animation) => animation instanceof CSSTransition && animation.playState === 'running');
    const overlays = document.querySelectorAll('[role="dialog"], [role="menu"], [role="listbox"]');
    // Opacity is not inherited: what shows is the product of the element's and its ancestors'.
    const shown = (element: Element) => {
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement)
        opacity *= Number.parseFloat(getComputedStyle(node).opacity);
      return opacity;
    };
    const faded = [...overlays].some((element) => element.getClientRects().length > 0 && shown(element) < 1);
    return !fading && !faded;
  });
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA);
  if (options.include) builder = builder.include(options.include);
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
