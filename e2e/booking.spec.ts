import type { Page } from '@playwright/test';
import { expectAccessibleEverywhere, expectNoSeriousViolations } from './axe';
import { longDate, timeLabel } from './dates';
import { type Api, expect, test } from './fixtures';
import { screenshot } from './shots';

type Schedule = {
  employee: { id: string; name: string; username: string; title: string | null };
  timeZone: string;
  bookedSlots: { date: string; timeSlot: string }[];
  slots: { date: string; times: string[] }[];
};

const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authentication: '4000 0025 0000 3155',
} as const;

const ALL_DAY = [['00:00', '23:30']] as const;
const EVERY_DAY = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, ALL_DAY]),
);

const VISITOR = { name: 'Ana Visitor', email: 'ana.visitor@example.com', phone: '+34 600 111 222' };

let counter = 0;

/** A bookable employee of this test alone, free every half hour, so no two tests share a slot. */
async function createEmployee(api: Api, overrides: { title?: string | null } = {}) {
  const unique = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  const username = `booking-${unique}`;
  await api.post('/employees', {
    name: `Booking Tester ${unique}`,
    email: `${username}@example.com`,
    username,
    password: 'booking-secret-1',
    title: overrides.title ?? null,
    locations: ['Teruel'],
    availability: EVERY_DAY,
  });
  const schedule = await api.get<Schedule>(`/schedule/${username}`);
  return schedule;
}

/**
 * An open slot from tomorrow on (business time), so it cannot pass while the test runs; from the
 * day after when it must be more than 24 hours away.
 */
function firstSlot(schedule: Schedule, index = 0, fromDay = 1) {
  const day = schedule.slots.slice(fromDay).find((d) => d.times.length > index);
  if (!day) throw new Error('no open slot');
  return { date: day.date, time: day.times[index]! };
}

function endOf(time: string) {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = (h * 60 + m + 30) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

const dayButton = (page: Page, date: string) =>
  page.getByRole('button', { name: longDate(date), exact: true });
// A visitor in another zone hears their own time too: '10:00 AM (4:00 AM your time)'.
const timeButton = (page: Page, time: string) =>
  page
    .getByRole('group', { name: 'Available times' })
    .getByRole('button', { name: new RegExp(`^${timeLabel(time)}( \\(.+ your time\\))?$`) });

async function openDay(page: Page, date: string) {
  // The calendar opens on the first open day's month; tomorrow may be in the next one.
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  if (!(await dayButton(page, date).isVisible()))
    await page.getByRole('button', { name: 'Next month' }).click();
  await dayButton(page, date).click();
}

async function chooseSlot(page: Page, slot: { date: string; time: string }) {
  await openDay(page, slot.date);
  await timeButton(page, slot.time).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
}

/** Typed key by key, as a person does (a controlled input must keep every letter). */
const typeInto = (page: Page, label: string, text: string) =>
  page.getByLabel(label).pressSequentially(text, { delay: 30 });

async function fillDetails(page: Page, values = VISITOR) {
  await typeInto(page, 'Full Name', values.name);
  await typeInto(page, 'Email Address', values.email);
  await typeInto(page, 'Phone number', values.phone);
}

async function toPayment(page: Page, slot: { date: string; time: string }) {
  await chooseSlot(page, slot);
  await fillDetails(page);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Appointment Summary' })).toBeVisible();
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay 10€ and Book Appointment' }).click();
}

const errorBox = (page: Page) => page.getByRole('alert').filter({ hasText: 'Error' });

async function expectBooked(page: Page) {
  await expect(page.getByText('Booking Successful!')).toBeVisible();
  await expect(
    page.getByText('Your appointment has been booked. You will receive a confirmation email shortly.'),
  ).toBeVisible();
}

async function bookedSlots(api: Api, username: string) {
  return (await api.get<Schedule>(`/schedule/${username}`)).bookedSlots;
}

// The visitor's browser in the business's zone, as most are: a visitor elsewhere sees both clocks
// (tested below with another zone).
test.use({ timezoneId: 'Europe/Madrid' });

test.describe('public booking page', () => {
  test('greets the visitor with the employee, a default title and a Monday-first calendar', async ({
    page,
    api,
  }) => {
    const schedule = await createEmployee(api);
    await page.goto(`/schedule/${schedule.employee.username}`);

    await expect(
      page.getByRole('heading', { level: 1, name: `Book an Appointment with ${schedule.employee.name}` }),
    ).toBeVisible();
    await expect(page.getByText('Professional', { exact: true })).toBeVisible();
    await expect(page.getByText('Times shown in Europe/Madrid')).toBeVisible();
    const weekdays = page.getByRole('columnheader');
    await expect(weekdays.first()).toHaveText('Mo');
    await expect(weekdays.last()).toHaveText('Su');
  });

  test("marks today, the business's day, in light and dark, at desktop and phone size", async ({
    page,
    api,
  }, testInfo) => {
    const schedule = await createEmployee(api);
    // 'yyyy-MM-dd' on the business's calendar.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: schedule.timeZone }).format(new Date());
    // The calendar opens on the first open day's month: late on a month's last evening, the next one.
    const shown = schedule.slots[0]?.date ?? today;
    test.skip(shown.slice(0, 7) !== today.slice(0, 7), "today's month has no open time left");

    await page.goto(`/schedule/${schedule.employee.username}`);
    const dates = page.getByRole('table', { name: 'Available dates' });
    const marked = dates.locator('[aria-current="date"]');
    await expect(marked).toHaveCount(1);
    await expect(marked).toHaveAccessibleName(longDate(today));
    await expect(marked).toHaveCSS('font-weight', '700');
    await expectAccessibleEverywhere(page, 'booking calendar marking today', {
      shows: marked,
      each: (size, scheme) => screenshot(dates, testInfo.outputPath(`calendar-today-${size}-${scheme}.png`)),
    });
  });

  test("shows the employee's own title", async ({ page }) => {
    await page.goto('/schedule/carlos');
    await expect(page.getByRole('heading', { name: 'Book an Appointment with Carlos Ruiz' })).toBeVisible();
    await expect(page.getByText('Personal Trainer', { exact: true })).toBeVisible();
  });

  test("asks for its code and the employee's schedule from the first HTML, without zod or Stripe.js", async ({
    page,
  }) => {
    const html = await (await page.request.get('/schedule/carlos')).text();
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/public-[\w-]+\.js">/);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/schedule/carlos">');

    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) scripts.push(await response.text());
    });
    await page.goto('/schedule/carlos');
    await expect(page.getByRole('heading', { name: 'Book an Appointment with Carlos Ruiz' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // zod's error-map locale and Stripe.js's loader: signs that the page pulled in what it must not.
    expect(scripts.some((code) => code.includes('Invalid input: expected'))).toBe(false);
    expect(scripts.some((code) => code.includes('js.stripe.com'))).toBe(false);
  });

  test('is a public page without the staff shell', async ({ page }) => {
    await page.goto('/schedule/carlos');
    await expect(page.getByRole('heading', { name: /Book an Appointment with/ })).toBeVisible();
    await expect(page).toHaveURL('/schedule/carlos');
    await expect(page.getByText('View settings')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Chats' })).toHaveCount(0);
  });

  test('days without open times cannot be chosen', async ({ page }) => {
    // Carlos works no Sundays.
    await page.goto('/schedule/carlos');
    const schedule = await page.request
      .get('/api/schedule/carlos')
      .then((r) => r.json() as Promise<Schedule>);
    const first = schedule.slots[0]!.date;
    const open = new Set(schedule.slots.map((d) => d.date));
    const start = new Date(`${first}T00:00:00Z`);
    const sunday = new Date(start.getTime() + ((7 - start.getUTCDay()) % 7) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(open.has(sunday)).toBe(false);
    if (sunday.slice(0, 7) === first.slice(0, 7)) await expect(dayButton(page, sunday)).toBeDisabled();
    await expect(dayButton(page, first)).toBeEnabled();
  });

  test('a visitor pays with a card that succeeds and the slot is gone for the next visitor', async ({
    page,
    api,
  }) => {
    const schedule = await createEmployee(api, { title: 'Coach' });
    const slot = firstSlot(schedule, 1);
    await page.goto(`/schedule/${schedule.employee.username}`);

    await chooseSlot(page, slot);
    await expect(page.getByText(`${longDate(slot.date)} at ${timeLabel(slot.time)}`)).toBeVisible();
    await fillDetails(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();

    const summary = page.getByRole('region', { name: 'Appointment Summary' });
    await expect(summary).toContainText(VISITOR.name);
    await expect(summary).toContainText(VISITOR.email);
    await expect(summary).toContainText(VISITOR.phone);
    await expect(summary).toContainText(longDate(slot.date));
    await expect(summary).toContainText(`${timeLabel(slot.time)} - ${timeLabel(endOf(slot.time))}`);
    await expect(summary).toContainText('Appointment Fee: €10.00');

    // Hold the card confirmation a moment to see the busy button.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/payments/local/confirm', async (route) => {
      await held;
      await route.continue();
    });
    await payWith(page, CARDS.success);
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();

    await expectBooked(page);
    await expect(page.getByLabel('Full Name')).toHaveCount(0);
    // Locked: no day can be chosen any more.
    await expect(dayButton(page, slot.date)).toBeDisabled();
    await expect(page.getByRole('group', { name: 'Available times' })).toHaveCount(0);

    expect(await bookedSlots(api, schedule.employee.username)).toContainEqual({
      date: slot.date,
      timeSlot: slot.time,
    });
    await page.reload();
    await openDay(page, slot.date);
    await expect(timeButton(page, firstSlot(schedule, 0).time)).toBeVisible();
    await expect(timeButton(page, slot.time)).toHaveCount(0);
  });

  test('a declined card shows the error, books nothing, and another card can still pay', async ({
    page,
    api,
  }) => {
    const schedule = await createEmployee(api);
    const slot = firstSlot(schedule);
    await page.goto(`/schedule/${schedule.employee.username}`);
    await toPayment(page, slot);

    await payWith(page, CARDS.declined);
    await expect(errorBox(page)).toContainText('Your card was declined.');
    await expect(page.getByRole('button', { name: 'Pay 10€ and Book Appointment' })).toBeEnabled();
    expect(await bookedSlots(api, schedule.employee.username)).toEqual([]);

    await page.getByLabel('Card number').fill(CARDS.success);
    await page.getByRole('button', { name: 'Pay 10€ and Book Appointment' }).click();
    await expectBooked(page);
  });

  test('a card that asks for authentication books once the visitor approves', async ({ page, api }) => {
    const schedule = await createEmployee(api);
    const slot = firstSlot(schedule, 2);
    await page.goto(`/schedule/${schedule.employee.username}`);
    await toPayment(page, slot);

    await payWith(page, CARDS.authentication);
    const dialog = page.getByRole('dialog', { name: 'Complete authentication' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Approve' }).click();

    await expectBooked(page);
    expect(await bookedSlots(api, schedule.employee.username)).toContainEqual({
      date: slot.date,
      timeSlot: slot.time,
    });
  });

  test('a failed authentication shows the error and books nothing', async ({ page, api }) => {
    const schedule = await createEmployee(api);
    const slot = firstSlot(schedule, 3);
    await page.goto(`/schedule/${schedule.employee.username}`);
    await toPayment(page, slot);

    await payWith(page, CARDS.authentication);
    const dialog = page.getByRole('dialog', { name: 'Complete authentication' });
    await dialog.getByRole('button', { name: 'Fail' }).click();

    await expect(errorBox(page)).toContainText(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Booking Successful!')).toHaveCount(0);
    expect(await bookedSlots(api, schedule.employee.username)).toEqual([]);
  });

  test('Back to Form keeps what the visitor typed', async ({ page, api }) => {
    const schedule = await createEmployee(api);
    await page.goto(`/schedule/${schedule.employee.username}`);
    await toPayment(page, firstSlot(schedule));

    await page.getByRole('button', { name: 'Back to Form' }).click();
    await expect(page.getByLabel('Full Name')).toHaveValue(VISITOR.name);
    await expect(page.getByLabel('Email Address')).toHaveValue(VISITOR.email);
    await expect(page.getByLabel('Phone number')).toHaveValue(VISITOR.phone);
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeVisible();
  });

  test('the details form says what is missing and forgets an error once the field is edited', async ({
    page,
    api,
  }) => {
    const schedule = await createEmployee(api);
    await page.goto(`/schedule/${schedule.employee.username}`);
    await chooseSlot(page, firstSlot(schedule));

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Phone number is required')).toBeVisible();

    await page.getByLabel('Full Name').fill('Ana');
    await expect(page.getByText('Name is required')).toHaveCount(0);
    await expect(page.getByText('Email is required')).toBeVisible();

    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel('Phone number').fill('600111222');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Phone number is required')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Appointment Summary' })).toHaveCount(0);

    await page.getByLabel('Email Address').fill('ana@example.com');
    await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  });

  test('a slot booked by someone else meanwhile cannot be paid and disappears', async ({
    page,
    api,
    request,
  }) => {
    const schedule = await createEmployee(api);
    const slot = firstSlot(schedule);
    await page.goto(`/schedule/${schedule.employee.username}`);
    await toPayment(page, slot);

    // Another visitor books the same slot through the API.
    const intent = await request
      .post('/api/payments/intent', {
        data: { employeeId: schedule.employee.id, date: slot.date, timeSlot: slot.time, clientInfo: VISITOR },
      })
      .then((r) => r.json() as Promise<{ clientSecret: string; paymentIntentId: string }>);
    const confirmed = await request.post('/api/payments/local/confirm', {
      data: {
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      },
    });
    expect(confirmed.ok()).toBe(true);
    const booked = await request.post('/api/schedule/book', {
      data: {
        employeeId: schedule.employee.id,
        date: slot.date,
        timeSlot: slot.time,
        clientInfo: { name: 'Other Visitor', email: 'other@example.com', phone: '600999888' },
        payment: { id: intent.paymentIntentId },
      },
    });
    expect(booked.ok(), await booked.text()).toBe(true);

    await payWith(page, CARDS.success);
    await expect(errorBox(page)).toContainText('This time slot was just booked. Please choose another.');
    await expect(page.getByText('Booking Successful!')).toHaveCount(0);
    // The list was refreshed: the taken time is gone.
    await expect(timeButton(page, slot.time)).toHaveCount(0);
  });

  test('a slot someone is paying for right now cannot be paid', async ({ page, api, request }) => {
    const schedule = await createEmployee(api);
    const slot = firstSlot(schedule);
    await page.goto(`/schedule/${schedule.employee.username}`);
    await toPayment(page, slot);

    // Another visitor, from another address: a visitor's own new hold would release their earlier one.
    const hold = await request.post('/api/payments/intent', {
      data: { employeeId: schedule.employee.id, date: slot.date, timeSlot: slot.time },
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(hold.ok()).toBe(true);

    await payWith(page, CARDS.success);
    await expect(errorBox(page)).toContainText(
      'Someone is paying for this time slot right now. Please choose another.',
    );
    await expect(timeButton(page, slot.time)).toHaveCount(0);

    // Another slot starts over without the error, with the details kept.
    const other = firstSlot(schedule, 1);
    await timeButton(page, other.time).click();
    await expect(errorBox(page)).toHaveCount(0);
    await expect(page.getByLabel('Full Name')).toHaveValue(VISITOR.name);
  });

  test('with Stripe configured, Stripe.js is fetched only for the card step', async ({ page, api }) => {
    const schedule = await createEmployee(api);
    const username = schedule.employee.username;
    const stripeRequests: string[] = [];
    // No Stripe servers here: the page must say so instead of hanging.
    await page.route('https://js.stripe.com/**', (route) => {
      stripeRequests.push(route.request().url());
      return route.abort('connectionrefused');
    });
    await page.route(`**/api/schedule/${username}`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({
        response,
        json: { ...body, payment: { ...body.payment, provider: 'stripe', publishableKey: 'pk_test_e2e' } },
      });
    });
    await page.goto(`/schedule/${username}`);
    await chooseSlot(page, firstSlot(schedule));
    await fillDetails(page);
    expect(stripeRequests).toEqual([]);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect.poll(() => stripeRequests.length).toBeGreaterThan(0);

    await expect(page.getByText('The payment form could not be loaded.', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay 10€ and Book Appointment' }).click();
    await expect(page.getByText('Stripe is not ready yet. Please wait a moment.')).toBeVisible();
    expect(await bookedSlots(api, username)).toEqual([]);
  });

  test('an unknown employee leads to the not-found page', async ({ page }) => {
    await page.goto('/schedule/nobody-by-this-name');
    await expect(page).toHaveURL('/404');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });

  test('an employee who takes no bookings leads to the not-found page, as the demo admin does', async ({
    page,
    api,
  }) => {
    await page.goto('/schedule/admin');
    await expect(page).toHaveURL('/404');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

    const schedule = await createEmployee(api);
    await page.goto(`/schedule/${schedule.employee.username}`);
    await expect(page.getByRole('heading', { name: /^Book an Appointment with/ })).toBeVisible();
    const employee = await api.get<Record<string, unknown>>(`/employees/${schedule.employee.id}`);
    await api.put(`/employees/${schedule.employee.id}`, { ...employee, takesBookings: false });
    await page.reload();
    await expect(page).toHaveURL('/404');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });

  test('a schedule that fails to load says so and links home', async ({ page }) => {
    await page.route('**/api/schedule/carlos', (route) => route.fulfill({ status: 400, body: '' }));
    await page.goto('/schedule/carlos');
    await expect(errorBox(page)).toContainText('Failed to load employee schedule');
    await expect(page.getByRole('link', { name: 'Return to home' })).toHaveAttribute('href', '/');
  });
});

/** The instant a business's wall-clock time names (a guess corrected by the zone's offset then). */
function instantOf(date: string, time: string, timeZone: string) {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const wall = (instant: number) => {
    const parts: Record<string, number> = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })
        .formatToParts(instant)
        .map((part) => [part.type, Number(part.value)]),
    );
    const [year = 0, month = 1, day = 1, hour = 0, minute = 0] = [
      'year',
      'month',
      'day',
      'hour',
      'minute',
    ].map((type) => parts[type]);
    return Date.UTC(year, month - 1, day, hour, minute);
  };
  return asUtc - (wall(asUtc) - asUtc);
}

/** An instant on a zone's clock as the page writes a deadline: 'Sun, Nov 29, 4:00 AM'. */
const onClock = (instant: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(instant);

/** The open slot `index` places from now: the first ones are within a day. */
function soonSlot(schedule: Schedule, index: number) {
  const all = schedule.slots.flatMap((day) => day.times.map((time) => ({ date: day.date, time })));
  const slot = all[index];
  if (!slot) throw new Error('no open slot');
  return slot;
}

const LATE_POLICY =
  "This appointment starts in less than 24 hours: the 10€ fee is not refundable and it can't be moved online.";

test.describe('a visitor in another time zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("sees each open time on both clocks, and the policy's deadline on their own before paying", async ({
    page,
    api,
  }, testInfo) => {
    const schedule = await createEmployee(api);
    // Two days ahead: outside the 24-hour window whatever the time now.
    const slot = firstSlot(schedule, 20, 2);
    const startsAt = instantOf(slot.date, slot.time, schedule.timeZone);
    const visitorTime = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/New_York',
    }).format(startsAt);
    await page.goto(`/schedule/${schedule.employee.username}`);

    // A phone, as most visitors of this page have.
    await page.setViewportSize({ width: 390, height: 844 });
    await openDay(page, slot.date);
    await page.getByRole('group', { name: 'Available times' }).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo.outputPath('slot-grid-phone.png'));
    await expect(page.getByTestId('slot-zones')).toHaveText(
      /^Times in Madrid time; under each, yours in New York \(\d h behind\)\.$/,
    );
    const button = page
      .getByRole('group', { name: 'Available times' })
      .getByRole('button', { name: `${timeLabel(slot.time)} (${visitorTime} your time)`, exact: true });
    await expect(button).toBeVisible();
    await expect(button).toContainText(visitorTime);
    await button.click();

    const policy = `Free cancellation until ${onClock(startsAt - 24 * 3_600_000, 'America/New_York')} (your time). After that, the 10€ fee is not refunded and the appointment can't be moved online.`;
    // Said on the form already, and again right above the pay button.
    await expect(page.getByTestId('booking-policy')).toHaveText(policy);
    await fillDetails(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const pay = page.getByRole('button', { name: 'Pay 10€ and Book Appointment' });
    await expect(pay).toBeVisible();
    await expect(page.getByTestId('booking-policy')).toHaveText(policy);
    await expect(pay).toHaveAccessibleDescription(policy);
    const [said, payBox] = await Promise.all([
      page.getByTestId('booking-policy').boundingBox(),
      pay.boundingBox(),
    ]);
    expect(said!.y + said!.height).toBeLessThanOrEqual(payBox!.y);

    await expectNoSeriousViolations(page, 'booking payment step');
    await page.getByTestId('booking-policy').scrollIntoViewIfNeeded();
    await screenshot(page, testInfo.outputPath('payment-step-phone.png'));
  });

  test('is told before paying that a slot within 24 hours keeps the fee and cannot be moved', async ({
    page,
    api,
  }) => {
    const schedule = await createEmployee(api);
    // The third open time from now: under 24 hours away, and not passing while the test runs.
    const slot = soonSlot(schedule, 2);
    await page.goto(`/schedule/${schedule.employee.username}`);
    await openDay(page, slot.date);
    await timeButton(page, slot.time).click();
    await expect(page.getByTestId('booking-policy')).toHaveText(LATE_POLICY);
    await fillDetails(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(
      page.getByRole('button', { name: 'Pay 10€ and Book Appointment' }),
    ).toHaveAccessibleDescription(LATE_POLICY);
  });

  test('sees the chosen time on both clocks, the business zone staying the reference', async ({
    page,
    api,
  }) => {
    const schedule = await createEmployee(api);
    const slot = firstSlot(schedule, 20);
    const city = schedule.timeZone.split('/').pop()?.replace(/_/g, ' ') ?? schedule.timeZone;
    await page.goto(`/schedule/${schedule.employee.username}`);
    await expect(
      page.getByText(`Times shown in ${schedule.timeZone} · your time zone is America/New_York`),
    ).toBeVisible();

    await toPayment(page, slot);
    const both = page.getByTestId('visitor-time');
    // Once under the chosen slot, once in the summary.
    await expect(both).toHaveCount(2);
    await expect(both.first()).toHaveText(
      new RegExp(`^${timeLabel(slot.time)} ${city} · (\\w{3} )?\\d{1,2}:\\d{2} [AP]M your time$`),
    );
    await expect(both.first()).not.toHaveText(new RegExp(`· ${timeLabel(slot.time)} your time`));
    // The slots themselves stay in the business's time.
    await expect(page.getByTestId('chosen-slot')).toContainText(timeLabel(slot.time));
  });
});

test('a visitor in the business zone sees one clock only', async ({ page, api }) => {
  const schedule = await createEmployee(api);
  const slot = firstSlot(schedule, 20, 2);
  await page.goto(`/schedule/${schedule.employee.username}`);
  await toPayment(page, slot);
  await expect(page.getByTestId('visitor-time')).toHaveCount(0);
  await expect(page.getByTestId('slot-zones')).toHaveCount(0);
  const deadline = instantOf(slot.date, slot.time, schedule.timeZone) - 24 * 3_600_000;
  await expect(page.getByTestId('booking-policy')).toHaveText(
    `Free cancellation until ${onClock(deadline, schedule.timeZone)}. After that, the 10€ fee is not refunded and the appointment can't be moved online.`,
  );
});
