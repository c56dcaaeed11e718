import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Every list page's search finds people however their name is typed (with or without accents,
 * in any case) and marks what matched in the results.
 */
const PAGES = [
  {
    path: '/',
    box: 'Search contacts',
    list: (page: Page) => page.getByRole('list', { name: 'Chats' }),
    name: 'Sofía López',
    typed: ['sofia', 'SOFÍA lop'],
    marked: ['Sofía', 'Sofía Lóp'],
  },
  {
    path: '/clients',
    box: 'Search clients',
    list: table('Clients'),
    name: 'Núria Soler',
    typed: ['nuria', 'NÚRIA'],
    marked: ['Núria', 'Núria'],
  },
  {
    path: '/employees',
    box: 'Search employees',
    list: table('Employees'),
    name: 'Lucía Fernández',
    typed: ['lucia fernandez', 'Lucía'],
    marked: ['Lucía Fernández', 'Lucía'],
  },
  {
    path: '/subscriptions',
    box: 'Search subscriptions',
    list: table('Subscriptions'),
    name: 'Tomás Vidal',
    typed: ['tomas', 'TOMÁS V'],
    marked: ['Tomás', 'Tomás V'],
  },
];

function table(label: string) {
  // The table on wide screens (the phone's card list shares the label but is hidden).
  return (page: Page): Locator => page.getByRole('table', { name: label });
}

test.beforeEach(async ({ login }) => {
  await login();
});

for (const { path, box, list, name, typed, marked } of PAGES) {
  test(`${path} finds ${name} typed with or without accents and marks the match`, async ({ page }) => {
    await page.goto(path);
    const search = page.getByRole('textbox', { name: box });
    for (const [index, text] of typed.entries()) {
      await search.fill(text);
      const results = list(page);
      await expect(results.getByText(name).first()).toBeVisible();
      await expect(results.locator('mark').first()).toHaveText(marked[index] as string);
    }
    await search.fill('zzzz-nobody');
    await expect(list(page).getByText(name)).toHaveCount(0);
  });
}
