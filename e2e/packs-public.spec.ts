import type { Locator, Page } from '@playwright/test';
import { DESKTOP, expectAccessibleEverywhere, type Scheme } from './axe';
import { type Api, expect, test } from './fixtures';
import { createEmployee, uniqueSuffix } from './staff-data';

/** Packs on the public side: a customer buys one on the booking page and it shows on their client page. */

type Service = { id: string; name: string };
type Client = { id: string; email: string | null };

const SHOTS = '/tmp/pw-packs2';
/** Typed as a person types: a controlled input must keep every key. */
const HUMAN = { delay: 30 };
const SHOT_DESKTOP = { width: 1280, height: 800 };

test.use({ timezoneId: 'Europe/Madrid', locale: 'es-ES' });
test.describe.configure({ timeout: 240_000 });

const services: string[] = [];
const packs: string[] = [];
test.afterEach(async ({ api }) => {
  for (const id of packs.splice(0)) await api.post(`/packs/${id}/archive`);
  for (const id of services.splice(0)) await api.post(`/services/${id}/archive`);
});

/** Screenshots at 1280 and 390 px of the page, or only of `part` (a dialog). */
function shoot(page: Page, name: string, part?: Locator) {
  return async (size: 'desktop' | 'phone', scheme: Scheme) => {
    if (size === 'desktop') await page.setViewportSize(SHOT_DESKTOP);
    const path = `${SHOTS}/${name}-${size === 'desktop' ? 1280 : 390}-${scheme}.png`;
    if (part) await part.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
    if (size === 'desktop') await page.setViewportSize(DESKTOP);
  };
}

async function typeInto(scope: Page | Locator, label: string, value: string) {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  await box.pressSequentially(value, HUMAN);
}

/** The newest email to `to` in the local mailbox (no SMTP in the e2e servers). */
async function latestMail(api: Api, to: string, subject: RegExp) {
  let mail: { subject: string; text: string } | null = null;
  await expect
    .poll(async () => {
      const response = await api.raw.get(`/api/mail/local/latest?to=${encodeURIComponent(to)}`);
      if (!response.ok()) return '';
      mail = await response.json();
      return mail!.subject;
    })
    .toMatch(subject);
  return mail!;
}

test('a customer buys a pack on the booking page and staff see it on their client page', async ({
  page,
  api,
}) => {
  const suffix = uniqueSuffix();
  const trainer = await createEmployee(api, { name: `Trainer ${suffix}`, title: 'Coach' });
  const service = await api.post<Service>('/services', {
    name: `Training ${suffix}`,
    description: '',
    durationMinutes: 60,
    priceAmount: 4000,
    currency: 'eur',
    employeeIds: [trainer.id],
  });
  services.push(service.id);
  const packName = `Ten sessions ${suffix}`;
  const pack = await api.post<{ id: string }>('/packs', {
    serviceId: service.id,
    name: packName,
    sessions: 10,
    priceAmount: 35000,
    validityDays: 90,
  });
  packs.push(pack.id);
  const email = `pack.buyer.${suffix}@example.com`.toLowerCase();

  await page.setViewportSize(DESKTOP);
  await page.goto(`/schedule/${trainer.username}?service=${service.id}`);
  const offer = page.getByRole('region', { name: 'Save with a pack' });
  await expect(offer.getByText(packName)).toBeVisible();
  await expect(offer).toContainText('10 sessions · €350.00 · valid 90 days');
  await expectAccessibleEverywhere(page, 'booking page with packs', { each: shoot(page, 'book-packs') });

  await offer.getByRole('button', { name: `Buy ${packName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Buy ${packName}` });
  await expect(dialog).toContainText(
    `10 sessions of Training ${suffix} for €350.00, valid 90 days from today.`,
  );
  // Nothing typed: the form says what is missing.
  await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await typeInto(dialog, 'Full Name', 'Lucía Romero');
  await typeInto(dialog, 'Email Address', email);
  await typeInto(dialog, 'Phone number', '+34 600 222 333');
  await expectAccessibleEverywhere(page, 'buy pack: details', {
    shows: dialog,
    each: shoot(page, 'buy-pack-details', dialog),
  });
  await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();

  // A declined card first: nothing is bought, and the same payment is tried again with another card.
  await typeInto(dialog, 'Card number', '4000 0000 0000 0002');
  await typeInto(dialog, 'Expiry date', '12 / 34');
  await typeInto(dialog, 'CVC', '123');
  await expectAccessibleEverywhere(page, 'buy pack: card', {
    shows: dialog,
    each: shoot(page, 'buy-pack-card', dialog),
  });
  await dialog.getByRole('button', { name: 'Pay €350.00 and buy the pack' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Your card was declined.');
  const card = dialog.getByLabel('Card number', { exact: true });
  await card.click();
  await card.press('ControlOrMeta+a');
  await card.press('Backspace');
  await card.pressSequentially('4242 4242 4242 4242', HUMAN);
  await dialog.getByRole('button', { name: 'Pay €350.00 and buy the pack' }).click();

  const bought = page.getByRole('dialog', { name: 'Pack bought' });
  await expect(bought.getByTestId('pack-bought')).toContainText(
    `10 sessions of Training ${suffix}, valid until`,
  );
  await expect(bought).toContainText(`We sent the details to ${email}.`);
  await expectAccessibleEverywhere(page, 'buy pack: bought', {
    shows: bought,
    each: shoot(page, 'buy-pack-bought', bought),
  });
  await bought.getByRole('button', { name: 'Done' }).click();
  await expect(bought).toBeHidden();

  // The confirmation, in the browser's language (Spanish here).
  const mail = await latestMail(api, email, /^Tu bono: /);
  expect(mail.subject).toBe(`Tu bono: ${packName}`);
  expect(mail.text).toContain(`Sesiones: 10 de Training ${suffix}`);
  expect(mail.text).toContain('Pagado: €350.00');

  // Staff see the client, made from the purchase, with the pack paid online.
  const [client] = (await api.get<{ items: Client[] }>(`/clients?search=${encodeURIComponent(email)}`)).items;
  const held = await api.get<{ name: string; sessionsLeft: number; method: string }[]>(
    `/clients/${client!.id}/packs`,
  );
  expect(held).toEqual([expect.objectContaining({ name: packName, sessionsLeft: 10, method: 'online' })]);
});
