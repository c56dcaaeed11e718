import { readFile } from 'node:fs/promises';
import type { InsightsReport } from '@chatdesk/contract/insights';
import type { Page } from '@playwright/test';
import { emptyInsightsReport, insightsReport } from '../apps/web/src/features/insights/insights.fixture';
import { describePeriod } from '../apps/web/src/features/insights/insights-format';
import { DESKTOP, expectAccessibleEverywhere, PHONE } from './axe';
import { expect, test } from './fixtures';
import { screenshot } from './shots';
import { bookAppointment, createEmployee } from './staff-data';

/** The Insights page: a period against the one before, its figures, charts read as tables, in both schemes and two sizes. */

test.describe.configure({ timeout: 120_000 });

const DAY = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The fixture's month for a custom period, dated as the server dates one: the same length just before it. */
function customReport(from: string, to: string): InsightsReport {
  const length = Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1;
  return {
    ...insightsReport,
    period: {
      ...insightsReport.period,
      from,
      to,
      previousFrom: addDays(from, -length),
      previousTo: addDays(from, -1),
    },
    daily: Array.from({ length }, (_, index) => ({
      ...(insightsReport.daily[index % insightsReport.daily.length] as InsightsReport['daily'][number]),
      date: addDays(from, index),
    })),
  };
}

/** Answers the page's report from the fixtures (the last 30 days busy, this week quiet), recording each period asked. */
async function serveFixtures(page: Page) {
  const asked: string[] = [];
  await page.route('**/api/insights*', async (route) => {
    const query = new URL(route.request().url()).searchParams;
    asked.push(query.toString());
    const period = query.get('period') ?? '30d';
    const report =
      period === 'week'
        ? emptyInsightsReport
        : period === 'custom'
          ? customReport(query.get('from') ?? '', query.get('to') ?? '')
          : insightsReport;
    await route.fulfill({ json: report });
  });
  return asked;
}

const card = (page: Page, label: string) =>
  page.getByTestId('stat-card').filter({ has: page.getByText(label, { exact: true }) });
const periodWords = (page: Page) => page.getByTestId('insights-period');
const periodOption = (page: Page, label: string) =>
  page.getByRole('radiogroup').getByText(label, { exact: true });

test('Insights opens from the navigation and switches periods by clicking, the address keeping each', async ({
  page,
  login,
}) => {
  const asked = await serveFixtures(page);
  await login();
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Insights' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // After the count of chats waiting for a person, which other specs on this server leave behind.
  await expect(page).toHaveTitle(/^(\(\d+\) )?Insights · /);

  // The last 30 days, the default, against the 30 before.
  await expect(periodWords(page)).toHaveText(
    '23 Oct – 21 Nov 2026, compared with 23 Sep – 22 Oct · days in Europe/Madrid',
  );
  await expect(card(page, 'Conversations')).toHaveText('Conversations412Up 13% · was 365');
  await expect(card(page, 'Resolved')).toHaveText('Resolved25161% of conversationsUp 25% · was 201');
  await expect(card(page, 'Handed over')).toHaveText('Handed over5814% of conversationsDown 4.9% · was 61');
  await expect(card(page, "People's first reply")).toHaveText(
    "People's first reply6 min9 in 10 within 1 h 5 minDown 3 min · was 9 min",
  );
  await expect(card(page, 'No-show rate')).toHaveText(
    'No-show rate6.7%Of appointments attended or missedDown 3 points · was 9.7%',
  );
  await expect(card(page, 'Net')).toHaveText('Net€4,305.00Up 21% · was €3,560.00');
  await expect(card(page, 'Bookings from chat')).toHaveText(
    'Bookings from chat6133% of bookingsUp 53% · was 40',
  );
  await expect(page.getByRole('complementary', { name: 'How these are counted' })).toContainText(
    "Resolved: the assistant answered, nobody took over, the customer's last message got an answer, and the customer booked, said thanks, or did not come back within 24 hours. A reopened conversation is not resolved.",
  );
  // Each chart's numbers, for screen readers, and on request for everyone.
  const reasons = page.getByRole('table', { name: 'Handed over, by reason' });
  await expect(reasons.getByRole('row', { name: 'Not understood 17 22' })).toBeAttached();
  await page.getByRole('button', { name: 'Show as table', description: 'Bookings by channel' }).click();
  const channels = page.getByRole('table', { name: 'Bookings by channel' });
  await expect(channels).toBeVisible();
  await expect(channels.getByRole('row', { name: 'Chat 61 33% 40' })).toBeVisible();

  // This week: a quiet one.
  await periodOption(page, 'This week').click();
  await expect(page).toHaveURL(/\/insights\?period=week$/);
  await expect(periodWords(page)).toHaveText(
    '16 – 22 Nov 2026, compared with 9 – 15 Nov · days in Europe/Madrid',
  );
  await expect(page.getByText('No conversations in this period', { exact: true })).toBeVisible();
  await expect(page.getByText('No bookings in this period', { exact: true })).toBeVisible();
  await expect(page.getByText(/NaN|Infinity/)).toHaveCount(0);

  // Custom: it starts from the week on screen; a day picked in the calendar narrows it.
  await periodOption(page, 'Custom').click();
  await expect(page).toHaveURL(/\/insights\?period=custom&from=2026-11-16&to=2026-11-22$/);
  await page.getByRole('button', { name: 'From', exact: true }).click();
  await page.getByRole('button', { name: '2 November 2026', exact: true }).click();
  await expect(page).toHaveURL(/\/insights\?period=custom&from=2026-11-02&to=2026-11-22$/);
  await expect(periodWords(page)).toHaveText(
    '2 – 22 Nov 2026, compared with 12 Oct – 1 Nov · days in Europe/Madrid',
  );
  await expect(page.getByRole('button', { name: 'From', exact: true })).toHaveText('Nov 2, 2026');

  // A reload, or the link sent to someone, shows the same period.
  await page.reload();
  await expect(periodWords(page)).toHaveText(
    '2 – 22 Nov 2026, compared with 12 Oct – 1 Nov · days in Europe/Madrid',
  );
  await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
  expect(asked).toContain('period=custom&from=2026-11-02&to=2026-11-22');

  await periodOption(page, 'Last 30 days').click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(card(page, 'Conversations')).toHaveText('Conversations412Up 13% · was 365');
});

test('a custom period still being chosen says what it needs and asks nothing', async ({ page, login }) => {
  const asked = await serveFixtures(page);
  await login();
  await page.goto('/insights?period=custom&from=2026-11-20&to=2026-11-01');
  await expect(
    page.getByText('The start date must not be after the end date', { exact: true }),
  ).toBeVisible();
  expect(asked).toEqual([]);
});

test('axe finds nothing serious, in light and dark, at desktop and phone size, busy and quiet', async ({
  page,
  login,
}, testInfo) => {
  await serveFixtures(page);
  await login();
  const shot = (name: string) => (size: string, scheme: string) =>
    screenshot(page, testInfo.outputPath(`${name}-${scheme}-${size}.png`), { fullPage: true });
  // Each state opened once and checked in place in both schemes at both sizes.
  await page.goto('/insights');
  await expect(card(page, 'Conversations')).toBeVisible();
  // The charts draw once they know their width.
  const chart = page.locator('.recharts-surface').first();
  await expect(chart).toBeVisible();
  await expectAccessibleEverywhere(page, 'insights', { shows: chart, each: shot('insights') });

  await page.getByRole('button', { name: 'Show as table', description: 'Conversations per day' }).click();
  const table = page.getByRole('table', { name: 'Conversations per day' });
  await expect(table).toBeVisible();
  await expectAccessibleEverywhere(page, 'insights with a chart as a table', { shows: table });

  await page.goto('/insights?period=week');
  const quiet = page.getByText('No conversations in this period', { exact: true });
  await expect(quiet).toBeVisible();
  await expectAccessibleEverywhere(page, 'insights of a quiet week', {
    shows: quiet,
    each: shot('insights-empty'),
  });

  await page.goto('/insights?period=custom&from=2026-11-02&to=2026-11-22');
  await page.getByRole('button', { name: 'To', exact: true }).click();
  const next = page.getByRole('button', { name: 'Next month' });
  await expect(next).toBeVisible();
  await expectAccessibleEverywhere(page, 'insights date picker', { shows: next });
  await page.keyboard.press('Escape');
});

test("the page shows the server's own figures: a booking made now counts in this week", async ({
  page,
  login,
  api,
}) => {
  const before = await api.get<InsightsReport>('/insights?period=week');
  const employee = await createEmployee(api);
  await bookAppointment(api, employee);
  const after = await api.get<InsightsReport>('/insights?period=week');
  expect(after.current.bookings.total).toBe(before.current.bookings.total + 1);
  expect(after.current.bookings.byChannel.page).toBe(before.current.bookings.byChannel.page + 1);

  await login();
  await page.setViewportSize(DESKTOP);
  await page.goto('/insights');
  await periodOption(page, 'This week').click();
  await expect(periodWords(page)).toHaveText(
    `${describePeriod(after.period)} · days in ${after.period.timeZone}`,
  );
  const { total, byChannel } = after.current.bookings;
  await expect(card(page, 'Bookings')).toHaveText(new RegExp(`^Bookings${total}(Up|Down|No change)`));
  await expect(
    page
      .getByRole('table', { name: 'Bookings by channel' })
      .getByRole('row', { name: new RegExp(`^Booking page ${byChannel.page} `) }),
  ).toBeAttached();
  await expect(
    card(page, 'Conversations').or(page.getByText('No conversations in this period')),
  ).toBeVisible();
  await screenshot(page, test.info().outputPath('insights-server-week-1366.png'), { fullPage: true });
  await periodOption(page, 'Last 30 days').click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole('heading', { level: 3, name: 'Bookings and money' })).toBeVisible();
  await screenshot(page, test.info().outputPath('insights-server-30d-1366.png'), { fullPage: true });
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('list', { name: 'Bookings by professional' })).toBeVisible();
  await screenshot(page, test.info().outputPath('insights-server-30d-390.png'), { fullPage: true });
});

test("Export CSV saves the period's appointments and conversations, one row each", async ({
  page,
  login,
  api,
}) => {
  const employee = await createEmployee(api);
  const booked = await bookAppointment(api, employee);
  const report = await api.get<InsightsReport>('/insights?period=week');

  await login();
  await page.goto('/insights?period=week');
  await expect(periodWords(page)).toContainText(describePeriod(report.period));
  for (const [item, file, header] of [
    ['Appointments booked (one row each)', 'appointments', 'Professional,Service,Client'],
    ['Conversations (one row each)', 'conversations', 'Customer,Phone,Channel,Outcome'],
  ] as const) {
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: item }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${file}-${report.period.from}-to-${report.period.to}.csv`);
    const text = await readFile(await download.path(), 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain(header);
    // Other tests book at the same time, so the rows are checked by content, not counted.
    if (file === 'appointments') expect(text).toContain(booked.client.name);
  }
});
