import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { createClient, createSubscription } from './client-data';
import { expect, type Paged, test } from './fixtures';
import { uniqueSuffix } from './staff-data';

/** A client's data exported (JSON and a readable page) and erased from their page, in both schemes. */

const SCHEMES = ['light', 'dark'] as const;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

type PrivacyLine = { kind: string; client: { id: string } | null; anonymousId: string | null };

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ login }) => {
  await login();
});

/** Clicks an item of the Export data menu and returns the file it downloads, read as text. */
async function exportAs(page: Page, item: string): Promise<{ download: Download; text: string }> {
  await page.getByRole('button', { name: 'Export data' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return { download, text: await readFile((await download.path())!, 'utf8') };
}

for (const scheme of SCHEMES) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme });

    test('staff export a client’s data, are told what an erasure keeps, and erase them', async ({
      page,
      api,
    }) => {
      const suffix = uniqueSuffix();
      const client = await createClient(api, {
        name: `Irene Privacidad ${suffix}`,
        email: `irene-${suffix}@example.com`,
        notes: '<b>prefers mornings</b>',
      });
      const subscription = await createSubscription(api, client);

      await page.setViewportSize(DESKTOP);
      await page.goto(`/clients/${client.id}`);
      await expect(page.getByRole('heading', { name: client.name })).toBeVisible();

      const json = await exportAs(page, 'Download as JSON');
      expect(json.download.suggestedFilename()).toMatch(/^client-data-.*\.json$/);
      const data = JSON.parse(json.text);
      expect(data.client).toMatchObject({ id: client.id, name: client.name, email: client.email });
      expect(data.subscriptions).toHaveLength(1);
      await expect(page.getByText('Data downloaded as JSON')).toBeVisible();

      const html = await exportAs(page, 'Download a readable copy (HTML)');
      expect(html.download.suggestedFilename()).toMatch(/^client-data-.*\.html$/);
      expect(html.text).toContain(`Personal data of ${client.name}`);
      expect(html.text).toContain('&lt;b&gt;prefers mornings&lt;/b&gt;');

      // The dialog says what goes and what stays, and waits for the name.
      await page.getByRole('button', { name: 'Erase client' }).click();
      const dialog = page.getByRole('dialog', { name: 'Erase client' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('Their chats: contact details and the words of every message');
      await expect(dialog).toContainText('Payments (1) and subscriptions keep their amounts');
      const confirm = dialog.getByRole('button', { name: 'Erase client' });
      await expect(confirm).toBeDisabled();
      await expectNoSeriousViolations(page, `erase dialog at desktop size (${scheme})`);
      await dialog.getByLabel("Type the client's name to confirm").fill(client.name.toLowerCase());
      await expect(confirm).toBeEnabled();

      // A live subscription comes first: the refusal names it, and nothing is erased.
      await confirm.click();
      await expect(dialog.getByRole('alert')).toContainText('Basic Plan subscription (active');
      await expect(dialog).toBeVisible();
      await api.post(`/subscriptions/${subscription.id}/cancel`, { cancelImmediately: true });

      await confirm.click();
      await expect(page).toHaveURL(/\/clients$/);
      await expect(
        page.getByText(/Client erased\. Their payments are kept under erased-[a-z]{12}\./),
      ).toBeVisible();
      const left = await api.get<Paged<{ id: string }>>(`/clients?search=${encodeURIComponent(suffix)}`);
      expect(left.items).toEqual([]);

      // The log names no one: the erasure and both exports carry the anonymous id.
      const log = await api.get<Paged<PrivacyLine>>('/privacy-requests');
      const erasure = log.items.find((line) => line.kind === 'erase' && line.anonymousId);
      expect(erasure).toBeTruthy();
      expect(log.items.filter((line) => line.anonymousId === erasure!.anonymousId)).toHaveLength(3);
      await page.goto('/settings/privacy');
      const list = page.getByRole('list', { name: 'Privacy requests' });
      await expect(list.getByText(`Erased client (${erasure!.anonymousId})`).first()).toBeVisible();
      await expect(list).not.toContainText(client.name);
      await expectNoSeriousViolations(page, `privacy requests in Settings (${scheme})`);
    });

    test('on a phone, the buttons and the erase dialog fit and pass axe', async ({ page, api }) => {
      const client = await createClient(api);
      await page.setViewportSize(PHONE);
      await page.goto(`/clients/${client.id}`);
      await expect(page.getByRole('heading', { name: client.name })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Export data' })).toBeInViewport();
      await page.getByRole('button', { name: 'Export data' }).click();
      await expect(page.getByRole('menuitem', { name: 'Download as JSON' })).toBeVisible();
      await expectNoSeriousViolations(page, `export menu on a phone (${scheme})`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Erase client' }).click();
      const dialog = page.getByRole('dialog', { name: 'Erase client' });
      await expect(dialog).toBeVisible();
      await expectNoSeriousViolations(page, `erase dialog on a phone (${scheme})`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      // Cancelled: the client is still there.
      await api.get(`/clients/${client.id}`);
    });
  });
}
