import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { type Api, expect, test } from './fixtures';
import { bookAppointment, createEmployee, type Employee, uniqueSuffix } from './staff-data';

type Schedule = { slots: { date: string; times: string[] }[] };

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
/** Mantine's date picker names each day '24 December 2026'. */
const pickerDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utc(date));
/** The booking page names each day 'Thursday, December 24, 2026'. */
const bookingDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utc(date));

async function openDays(api: Api, employee: Employee) {
  const schedule = await api.get<Schedule>(`/schedule/${employee.username}`);
  return new Map(schedule.slots.map((day) => [day.date, day.times]));
}

/** The third day with open times: far enough ahead that none of its slots passes during the test. */
async function laterOpenDay(api: Api, employee: Employee) {
  const date = [...(await openDays(api, employee)).keys()][2];
  expect(date, 'the employee has open days').toBeTruthy();
  return date!;
}

/** One date in a range picker: the same day twice. */
async function pickDate(page: Page, date: string) {
  await page.getByRole('button', { name: 'Dates' }).click();
  // isVisible() does not wait: ask only once the picker has drawn its month, or a slow machine
  // turns the page to the next month before the wanted day could show.
  await expect(page.getByRole('button', { name: 'Next month' }).last()).toBeVisible();
  // It opens on this month, with today marked.
  await expect(page.locator('[data-today][data-highlight-today]')).toBeVisible();
  const day = page.getByRole('button', { name: pickerDay(date), exact: true });
  if (!(await day.isVisible())) await page.getByRole('button', { name: 'Next month' }).last().click();
  await day.click();
  await day.click();
}

async function expectClosedOnBookingPage(page: Page, employee: Employee, date: string) {
  await page.goto(`/schedule/${employee.username}`);
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  const day = page.getByRole('button', { name: bookingDay(date), exact: true });
  if (!(await day.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(day).toBeDisabled();
}

async function openTimeOff(page: Page, employee: Employee) {
  await page.goto(`/employee/${employee.id}`);
  await page.getByRole('tab', { name: 'Availability Schedule' }).click();
  await expect(page.getByRole('heading', { name: 'Time off and special hours' })).toBeVisible();
}

test.beforeEach(async ({ login }) => {
  await login();
});

test('a day off added in the availability tab leaves that day without open times', async ({ page, api }) => {
  const employee = await createEmployee(api);
  const date = await laterOpenDay(api, employee);
  await openTimeOff(page, employee);
  await expect(page.getByText('No time off or special hours.')).toBeVisible();

  await page.getByRole('button', { name: 'Add time off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add time off' });
  await pickDate(page, date);
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Dentist');
  await expectNoSeriousViolations(page, 'the add time off dialog', { include: '[role="dialog"]' });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Time off added')).toBeVisible();

  const list = page.getByRole('list', { name: 'Time off and special hours' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Day off');
  await expect(list).toContainText('Dentist');
  await expectNoSeriousViolations(page, 'the time off card', { include: '.mantine-Tabs-panel' });
  expect((await openDays(api, employee)).has(date)).toBe(false);
  await expectClosedOnBookingPage(page, employee, date);

  // Removed after a confirmation, the day is open again.
  await openTimeOff(page, employee);
  await page.getByRole('button', { name: /^Remove time off/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove time off?' });
  await expectNoSeriousViolations(page, 'the remove time off dialog', { include: '[role="dialog"]' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No time off or special hours.')).toBeVisible();
  expect((await openDays(api, employee)).get(date)?.length).toBeGreaterThan(0);
});

test('different hours on one date replace the weekly ones', async ({ page, api }) => {
  const employee = await createEmployee(api);
  const date = await laterOpenDay(api, employee);
  await openTimeOff(page, employee);
  await page.getByRole('button', { name: 'Add time off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add time off' });
  await pickDate(page, date);
  await dialog.getByText('Different hours').click();
  for (const [label, time] of [
    ['Range 1 start', '16:00'],
    ['Range 1 end', '17:00'],
  ] as const) {
    await dialog.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: time, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Time off and special hours' })).toContainText('16:00–17:00');
  expect((await openDays(api, employee)).get(date)).toEqual(['16:00', '16:30']);
});

test('time off over a booked appointment lists it with a way to contact the customer', async ({
  page,
  api,
}) => {
  const employee = await createEmployee(api);
  const booked = await bookAppointment(api, employee, { clientName: `Booked ${uniqueSuffix()}` });
  await openTimeOff(page, employee);
  await page.getByRole('button', { name: 'Add time off' }).click();
  await pickDate(page, booked.date);
  await page
    .getByRole('dialog', { name: 'Add time off' })
    .getByRole('button', { name: 'Add', exact: true })
    .click();

  const alert = page.getByRole('alert').filter({ hasText: 'falls in this time off' });
  await expect(alert).toContainText('1 booked appointment falls in this time off');
  const affected = alert.getByRole('list', { name: 'Affected appointments' });
  await expect(affected).toContainText(booked.client.name);
  await expect(affected.getByRole('link', { name: `Email ${booked.client.name}` })).toHaveAttribute(
    'href',
    `mailto:${booked.client.email}`,
  );
  await expectNoSeriousViolations(page, 'the affected appointments alert', {
    include: '.mantine-Tabs-panel',
  });
  await affected.getByRole('link', { name: `${booked.client.name} with ${employee.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/appointments/${booked.id}$`));
});

test('a closed day in Settings closes every calendar that day', async ({ page, api }) => {
  const employee = await createEmployee(api);
  const date = await laterOpenDay(api, employee);
  const name = `Holiday ${uniqueSuffix()}`;
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Closed Days' }).click();
  await expect(page).toHaveURL('/settings/closed-days');
  const section = page.getByRole('form', { name: 'Add closed days' });
  await section.getByRole('textbox', { name: 'Name' }).fill(name);
  await pickDate(page, date);
  await section.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Closed days added')).toBeVisible();
  const list = page.getByRole('list', { name: 'Closed days' });
  await expect(list.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expectNoSeriousViolations(page, 'the closed days section', { include: '.mantine-Tabs-panel' });

  expect((await openDays(api, employee)).has(date)).toBe(false);
  await expectClosedOnBookingPage(page, employee, date);

  await page.goto('/settings/closed-days');
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Remove closed days?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(list.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  expect((await openDays(api, employee)).get(date)?.length).toBeGreaterThan(0);
});
