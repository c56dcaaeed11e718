import type { Locator, Page } from '@playwright/test';
import { DESKTOP, expectAccessibleEverywhere } from './axe';
import { createClient } from './client-data';
import { longDate, timeLabel } from './dates';
import { type Api, expect, test } from './fixtures';
import { screenshot } from './shots';
import { createEmployee, type Employee, uniqueSuffix } from './staff-data';

/** Services: the staff catalogue, who offers what, and a visitor booking each at its length and price. */

type Service = {
  id: string;
  name: string;
  durationMinutes: number;
  priceAmount: number;
  currency: string;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  isDefault: boolean;
  archivedAt: string | null;
  employeeIds: string[];
};

type Schedule = {
  service: { id: string } | null;
  slots: { date: string; times: string[] }[];
};

type AppointmentWithService = {
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  employee: { id: string | null };
  service: { name: string; durationMinutes: number; price: { amount: number; currency: string } };
  payment?: { amount: number; currency: string } | null;
};

const SHOTS = '/tmp/pw-svc';
/** Typed as a person types: a controlled input must keep every key. */
const HUMAN = { delay: 30 };
const VISITOR = { name: 'Vera Visitor', email: 'vera.visitor@example.com', phone: '+34 600 222 333' };

// The visitor's browser in the business's zone, so each time reads once.
test.use({ timezoneId: 'Europe/Madrid' });
// Three bookings through the card form, or a walk through light and dark at two sizes.
test.describe.configure({ timeout: 180_000 });

// Services are the whole business's: what a test adds is archived after it, so later specs on this
// server see the catalogue they expect (the booking page of a new employee offers the default only).
const created: string[] = [];
test.afterEach(async ({ api }) => {
  for (const id of created.splice(0)) await api.post(`/services/${id}/archive`);
});

async function addService(
  api: Api,
  body: { name: string; durationMinutes: number; priceAmount: number; bufferAfterMinutes?: number },
  employeeIds: string[] = [],
) {
  const service = await api.post<Service>('/services', {
    currency: 'eur',
    description: '',
    ...body,
    employeeIds,
  });
  created.push(service.id);
  return service;
}

async function defaultService(api: Api) {
  const services = await api.get<Service[]>('/services');
  const found = services.find((service) => service.isDefault);
  if (!found) throw new Error('no default service');
  return found;
}

async function chooseOption(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills the service form as staff do, key by key. */
async function fillServiceForm(
  page: Page,
  values: { name: string; description: string; length: string; price: string; professional?: string },
) {
  await page.getByRole('textbox', { name: 'Name' }).pressSequentially(values.name, HUMAN);
  await page.getByRole('textbox', { name: 'Description' }).pressSequentially(values.description, HUMAN);
  await chooseOption(page, 'Length', values.length);
  await page.getByRole('textbox', { name: 'Price' }).pressSequentially(values.price, HUMAN);
  if (values.professional) {
    const professionals = page.getByRole('combobox', { name: 'Professionals' });
    await professionals.pressSequentially(values.professional, HUMAN);
    await page.getByRole('option', { name: values.professional, exact: true }).click();
    await professionals.press('Escape');
  }
}

const serviceRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Services' }).getByRole('row').filter({ hasText: name });

test.describe('services', () => {
  test('staff add three services of different lengths and prices and choose who offers them', async ({
    page,
    login,
    api,
  }) => {
    const suffix = uniqueSuffix();
    const professional = await createEmployee(api, { name: `Stylist ${suffix}` });
    const names = { cut: `Cut ${suffix}`, colour: `Colour ${suffix}`, trim: `Beard trim ${suffix}` };
    await login();
    await page.setViewportSize(DESKTOP);

    await page.goto('/employees');
    await page.getByRole('navigation').getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL('/services');
    await expect(page.getByRole('heading', { name: 'Services', level: 2 })).toBeVisible();

    // Two offered by the professional from the service's own form...
    for (const values of [
      { name: names.cut, description: 'Wash, cut and style', length: '45 min', price: '25' },
      { name: names.colour, description: 'Full colour with a wash', length: '1 h 30 min', price: '55.00' },
    ]) {
      await page.getByRole('link', { name: 'Add Service' }).first().click();
      await expect(page.getByRole('heading', { name: 'New Service' })).toBeVisible();
      await fillServiceForm(page, { ...values, professional: professional.name });
      if (values.name === names.colour) {
        await chooseOption(page, 'Buffer after', '15 min');
        await screenshot(page.locator('form'), `${SHOTS}/service-form-desktop.png`);
      }
      await page.getByRole('button', { name: 'Create Service' }).click();
      await expect(page).toHaveURL('/services');
    }
    // ...and one added without anyone, with a price in cents and a mistake corrected on the way.
    await page.getByRole('link', { name: 'Add Service' }).first().click();
    await fillServiceForm(page, {
      name: names.trim,
      description: 'Beard shaped',
      length: '15 min',
      price: '12.505',
    });
    await page.getByRole('button', { name: 'Create Service' }).click();
    await expect(page.getByText('Price must be 0 or more, with at most two decimals')).toBeVisible();
    await page.getByRole('textbox', { name: 'Price' }).press('End');
    await page.getByRole('textbox', { name: 'Price' }).press('Backspace');
    await expect(page.getByText('Price must be 0 or more, with at most two decimals')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Service' }).click();
    await expect(page).toHaveURL('/services');

    await expect(serviceRow(page, names.cut)).toContainText('45 min');
    await expect(serviceRow(page, names.cut)).toContainText('€25.00');
    await expect(serviceRow(page, names.cut)).toContainText('1 professional');
    await expect(serviceRow(page, names.colour)).toContainText('1 h 30 min');
    await expect(serviceRow(page, names.colour)).toContainText('€55.00');
    await expect(serviceRow(page, names.trim)).toContainText('15 min');
    await expect(serviceRow(page, names.trim)).toContainText('€12.50');
    await expect(serviceRow(page, names.trim)).toContainText('No one yet');
    await expect(serviceRow(page, 'Appointment').first()).toContainText('Default');
    await screenshot(page, `${SHOTS}/services-page-desktop.png`, { fullPage: true });

    // The professional's own page: the trim ticked, the default appointment taken off.
    await page.goto(`/employee/${professional.id}`);
    const section = page.getByRole('region', { name: 'Services' });
    await expect(section.getByRole('checkbox', { name: names.cut })).toBeChecked();
    await expect(section.getByRole('checkbox', { name: names.colour })).toBeChecked();
    await expect(section.getByRole('checkbox', { name: 'Appointment (default)' })).toBeChecked();
    await expect(section.getByRole('checkbox', { name: names.trim })).not.toBeChecked();
    await section.getByRole('checkbox', { name: names.trim }).check();
    await section.getByRole('checkbox', { name: 'Appointment (default)' }).uncheck();
    await section.scrollIntoViewIfNeeded();
    await screenshot(section, `${SHOTS}/employee-services-section.png`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL('/employees');

    const services = await api.get<Service[]>('/services');
    const byName = (name: string) => services.find((service) => service.name === name)!;
    for (const service of Object.values(names).map(byName)) created.push(service.id);
    expect(byName(names.colour)).toMatchObject({
      durationMinutes: 90,
      priceAmount: 5500,
      currency: 'eur',
      bufferAfterMinutes: 15,
      employeeIds: [professional.id],
    });
    expect(byName(names.trim)).toMatchObject({ durationMinutes: 15, priceAmount: 1250 });
    const offered = await api.get<{ serviceIds: string[] }>(`/employees/${professional.id}/services`);
    expect(new Set(offered.serviceIds)).toEqual(new Set(Object.values(names).map((name) => byName(name).id)));

    // The visitor is offered those three, and not the appointment any more.
    await page.goto(`/schedule/${professional.username}`);
    await expect(page.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
    const options = page.getByRole('listitem').getByRole('button');
    await expect(options).toHaveCount(3);
    await expect(options.filter({ hasText: names.colour })).toContainText('1 h 30 min');
    await expect(options.filter({ hasText: names.colour })).toContainText('€55.00');
    await expect(options.filter({ hasText: names.colour })).toContainText('Full colour with a wash');
    await expect(options.filter({ hasText: 'Appointment' })).toHaveCount(0);
  });

  test('a visitor books each service at its price, sees only the times it fits, and a colour blocks what it covers', async ({
    page,
    login,
    api,
  }) => {
    const suffix = uniqueSuffix();
    const professional = await createEmployee(api, { name: `Colourist ${suffix}` });
    const cut = await addService(api, { name: `Cut ${suffix}`, durationMinutes: 45, priceAmount: 2500 }, [
      professional.id,
    ]);
    const colour = await addService(
      api,
      { name: `Colour ${suffix}`, durationMinutes: 90, priceAmount: 5500, bufferAfterMinutes: 15 },
      [professional.id],
    );
    const trim = await addService(
      api,
      { name: `Beard trim ${suffix}`, durationMinutes: 15, priceAmount: 1250 },
      [professional.id],
    );
    const day = await fullDay(api, professional, cut);

    // Each service's times on a free day: every start where it fits in 08:00–20:00.
    for (const service of [cut, colour, trim]) {
      await page.goto(`/schedule/${professional.username}`);
      await page.getByRole('button', { name: new RegExp(`^${service.name}`) }).click();
      await expect(page.getByRole('heading', { name: service.name })).toBeVisible();
      await openDay(page, day);
      await expect.poll(() => shownTimes(page)).toEqual(fittingStarts(service, []).map(timeLabel));
    }

    const bookings = [
      {
        service: colour,
        time: '10:00',
        range: '10:00 AM - 11:30 AM',
        pay: 'Pay 55€ and Book Appointment',
        fee: '€55.00',
      },
      {
        service: cut,
        time: '14:00',
        range: '2:00 PM - 2:45 PM',
        pay: 'Pay 25€ and Book Appointment',
        fee: '€25.00',
      },
      {
        service: trim,
        time: '16:00',
        range: '4:00 PM - 4:15 PM',
        pay: 'Pay 12.50€ and Book Appointment',
        fee: '€12.50',
      },
    ];
    for (const booking of bookings) {
      await page.goto(`/schedule/${professional.username}`);
      await page.getByRole('button', { name: new RegExp(`^${booking.service.name}`) }).click();
      await openDay(page, day);
      await timeButton(page, booking.time).click();
      await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
      await expect(page.getByText(new RegExp(`^${booking.range} · Europe/Madrid$`))).toBeVisible();
      await page.getByLabel('Full Name').pressSequentially(VISITOR.name, HUMAN);
      await page.getByLabel('Email Address').pressSequentially(VISITOR.email, HUMAN);
      await page.getByLabel('Phone number').pressSequentially(VISITOR.phone, HUMAN);
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();

      const summary = page.getByRole('region', { name: 'Appointment Summary' });
      await expect(summary).toContainText(`${booking.service.name} (`);
      await expect(summary).toContainText(booking.range);
      await expect(summary).toContainText(`Appointment Fee: ${booking.fee}`);
      await page.getByLabel('Card number').pressSequentially('4242424242424242', HUMAN);
      await page.getByLabel('Expiry date').pressSequentially('1234', HUMAN);
      await page.getByLabel('CVC').pressSequentially('123', HUMAN);
      await page.getByRole('button', { name: booking.pay }).click();
      await expect(page.getByText('Booking Successful!')).toBeVisible();
      await expect(page.getByText(booking.service.name, { exact: true }).last()).toBeVisible();
      await expect(page.getByText(`${booking.range} (Europe/Madrid)`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Change service' })).toHaveCount(0);
    }

    // What was booked and paid: each service at its length and price.
    const list = await api.get<{ appointments: AppointmentWithService[] }>(
      `/appointments?startDate=${day}&endDate=${day}&limit=100`,
    );
    const booked = list.appointments
      .filter((appointment) => appointment.employee.id === professional.id)
      .map((appointment) => ({
        service: appointment.service.name,
        start: appointment.startTime,
        end: appointment.endTime,
        paid: appointment.payment?.amount,
      }))
      .sort((a, b) => a.start.localeCompare(b.start));
    expect(booked).toEqual([
      { service: colour.name, start: '10:00', end: '11:30', paid: 5500 },
      { service: cut.name, start: '14:00', end: '14:45', paid: 2500 },
      { service: trim.name, start: '16:00', end: '16:15', paid: 1250 },
    ]);

    // The colour takes 10:00–11:30 and its 15 minutes after: 10:00–11:45 (the others keep their own time).
    const busy: [number, number][] = [
      [minutes('10:00'), minutes('11:45')],
      [minutes('14:00'), minutes('14:45')],
      [minutes('16:00'), minutes('16:15')],
    ];
    for (const service of [cut, trim, colour]) {
      // A link to the service opens its calendar straight away.
      await page.goto(`/schedule/${professional.username}?service=${service.id}`);
      await expect(page.getByRole('heading', { name: service.name })).toBeVisible();
      await openDay(page, day);
      await expect.poll(() => shownTimes(page)).toEqual(fittingStarts(service, busy).map(timeLabel));
    }
    const cutTimes = await shownTimesFor(page, professional, cut, day);
    expect(cutTimes).toContain('9:15 AM');
    expect(cutTimes).not.toContain('9:30 AM');
    expect(cutTimes).not.toContain('11:30 AM');
    expect(cutTimes).toContain('11:45 AM');

    // Staff and the customer's own page name the service.
    const colourAppointment = list.appointments.find(
      (appointment) => appointment.service.name === colour.name,
    )!;
    await login();
    await page.goto(`/appointments/${colourAppointment.id}`);
    await expect(page.getByText(colour.name, { exact: true })).toBeVisible();
    await expect(page.getByText('1 h 30 min · €55.00')).toBeVisible();
    const { manageUrl } = await api.get<{ manageUrl: string }>(
      `/appointments/${colourAppointment.id}/history`,
    );
    await page.goto(new URL(manageUrl).pathname);
    await expect(page.getByTestId('appointment-service')).toHaveText(colour.name);
    await expect(page.getByTestId('appointment-time')).toHaveText('10:00 AM - 11:30 AM');
  });

  test('a free service is booked without a card, and says there is no fee to lose', async ({ page, api }) => {
    const suffix = uniqueSuffix();
    const professional = await createEmployee(api, { name: `Advisor ${suffix}` });
    const consultation = await addService(
      api,
      { name: `Free consultation ${suffix}`, durationMinutes: 20, priceAmount: 0 },
      [professional.id],
    );
    const day = await fullDay(api, professional, consultation);
    let intents = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/payments/intent')) intents += 1;
    });

    await page.goto(`/schedule/${professional.username}`);
    const option = page.getByRole('button', { name: new RegExp(`^${consultation.name}`) });
    await expect(option).toContainText('Free');
    await expect(option).toContainText('20 min');
    await option.click();
    await expect(page.getByText('Free: no payment needed to book')).toBeVisible();
    await openDay(page, day);
    await timeButton(page, '09:20').click();
    await page.getByLabel('Full Name').pressSequentially(VISITOR.name, HUMAN);
    await page.getByLabel('Email Address').pressSequentially(`free-${suffix}@example.com`, HUMAN);
    await page.getByLabel('Phone number').pressSequentially(VISITOR.phone, HUMAN);
    await page.getByRole('button', { name: 'Continue' }).click();

    const summary = page.getByRole('region', { name: 'Appointment Summary' });
    await expect(summary).toContainText('9:20 AM - 9:40 AM');
    await expect(summary).toContainText('Appointment Fee: Free');
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    const book = page.getByRole('button', { name: 'Book Appointment', exact: true });
    await expect(book).toHaveAccessibleDescription(
      /^It can be moved online until .+, and cancelled until it starts\.$/,
    );
    await book.click();
    await expect(page.getByText('Booking Successful!')).toBeVisible();
    await expect(page.getByText('9:20 AM - 9:40 AM (Europe/Madrid)')).toBeVisible();
    expect(intents).toBe(0);

    const list = await api.get<{ appointments: AppointmentWithService[] }>(
      `/appointments?startDate=${day}&endDate=${day}&limit=100`,
    );
    const booked = list.appointments.filter((appointment) => appointment.employee.id === professional.id);
    expect(
      booked.map((appointment) => [
        appointment.service.name,
        appointment.startTime,
        appointment.payment ?? null,
      ]),
    ).toEqual([[consultation.name, '09:20', null]]);
  });

  test('staff archive, restore and make a service the default, and see why the server refuses', async ({
    page,
    login,
    api,
  }) => {
    const suffix = uniqueSuffix();
    const massage = await addService(api, {
      name: `Massage ${suffix}`,
      durationMinutes: 60,
      priceAmount: 4000,
    });
    const appointment = await defaultService(api);
    await login();
    try {
      await page.goto('/services');
      const row = serviceRow(page, massage.name);
      await row.getByRole('button', { name: `Make ${massage.name} the default` }).click();
      await expect(row).toContainText('Default');
      await expect(serviceRow(page, 'Appointment').first()).not.toContainText('Default');
      // The default cannot be archived: it is not offered.
      await expect(row.getByRole('button', { name: `Archive ${massage.name}` })).toHaveCount(0);
      await serviceRow(page, 'Appointment')
        .first()
        .getByRole('button', { name: `Make ${appointment.name} the default` })
        .click();
      await expect(row).not.toContainText('Default');

      await row.getByRole('button', { name: `Archive ${massage.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Archive Service' });
      await expect(dialog).toContainText(`Archive ${massage.name}?`);
      await dialog.getByRole('button', { name: 'Archive' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toHaveCount(0);

      // The switch follows the address, which the router changes in a transition: clicked, then checked.
      await page.getByRole('switch', { name: 'Show archived' }).click();
      await expect(page.getByRole('switch', { name: 'Show archived' })).toBeChecked();
      await expect(page).toHaveURL('/services?archived=true');
      await expect(row).toContainText('Archived');
      await row.getByRole('button', { name: `Restore ${massage.name}` }).click();
      await page
        .getByRole('dialog', { name: 'Restore Service' })
        .getByRole('button', { name: 'Restore' })
        .click();
      await expect(row).not.toContainText('Archived');

      // Someone else makes it the default while this dialog is open: the server's reason is shown.
      await row.getByRole('button', { name: `Archive ${massage.name}` }).click();
      await api.post(`/services/${massage.id}/default`);
      await dialog.getByRole('button', { name: 'Archive' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'The default service cannot be archived: make another service the default first',
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await api.post(`/services/${appointment.id}/default`);
    }
  });

  test('the Appointments list filters by service, chosen by typing, and keeps it in the address', async ({
    page,
    login,
    api,
  }) => {
    const suffix = uniqueSuffix();
    const professional = await createEmployee(api, { name: `Filtered ${suffix}` });
    const massage = await addService(
      api,
      { name: `Massage ${suffix}`, durationMinutes: 30, priceAmount: 0 },
      [professional.id],
    );
    const client = await createClient(api, { name: `Massage client ${suffix}` });
    const other = await createClient(api, { name: `Standard client ${suffix}` });
    const schedule = await api.get<{ slots: { date: string; times: string[] }[] }>(
      `/schedule/${professional.username}?service=${massage.id}`,
    );
    const day = schedule.slots.find((d) => d.times.length > 3)!;
    await api.post('/appointments', {
      clientId: client.id,
      employeeId: professional.id,
      serviceId: massage.id,
      date: day.date,
      timeSlot: day.times[0],
    });
    await api.post('/appointments', {
      clientId: other.id,
      employeeId: professional.id,
      date: day.date,
      timeSlot: day.times[2],
    });

    await login();
    await page.goto('/appointments');
    const service = page.getByRole('combobox', { name: 'Service' });
    await service.click();
    await service.pressSequentially(`Massage ${suffix}`, HUMAN);
    await page.getByRole('option', { name: `Massage ${suffix}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]service=${massage.id}`));
    await expect(page.getByText(client.name).first()).toBeVisible();
    await expect(page.getByText(other.name)).toHaveCount(0);
    await page.reload();
    await expect(service).toHaveValue(`Massage ${suffix}`);
    await expect(page.getByText(client.name).first()).toBeVisible();
  });

  test('the Services page, its form and dialog, and the booking service step, in light and dark, on a desktop and a phone', async ({
    page,
    login,
    api,
  }) => {
    const suffix = uniqueSuffix();
    const professional = await createEmployee(api, { name: `A11y Stylist ${suffix}` });
    const cut = await addService(api, { name: `Cut ${suffix}`, durationMinutes: 45, priceAmount: 2500 }, [
      professional.id,
    ]);
    await addService(api, { name: `Colour ${suffix}`, durationMinutes: 90, priceAmount: 5500 }, [
      professional.id,
    ]);
    const archived = await addService(api, { name: `Old ${suffix}`, durationMinutes: 30, priceAmount: 0 });
    await api.post(`/services/${archived.id}/archive`);
    await login();

    // Each screen opened once and checked in place in both schemes at both sizes.
    const shot = (name: string, target?: Locator) => (size: string, scheme: string) =>
      screenshot(target ?? page, `${SHOTS}/${name}-${size}-${scheme}.png`, { fullPage: !target });

    await page.goto('/services?archived=true');
    await expect(page.getByRole('heading', { name: 'Services', level: 2 })).toBeVisible();
    const old = page.getByText(`Old ${suffix}`).filter({ visible: true });
    await expectAccessibleEverywhere(page, 'services page', { shows: old, each: shot('services-page') });

    await page
      .getByRole('button', { name: `Archive ${cut.name}` })
      .filter({ visible: true })
      .click();
    const archive = page.getByRole('dialog', { name: 'Archive Service' });
    await expect(archive).toBeVisible();
    await expectAccessibleEverywhere(page, 'archive service dialog', { shows: archive });
    await archive.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/services/${cut.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Service' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(cut.name);
    await expectAccessibleEverywhere(page, 'service form', {
      each: shot('service-form', page.locator('form')),
    });

    await page.goto('/services/new');
    await page.getByRole('button', { name: 'Create Service' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    const priceError = page.getByText('Price must be 0 or more, with at most two decimals');
    await expect(priceError).toBeVisible();
    await expectAccessibleEverywhere(page, 'service form with errors', { shows: priceError });

    await page.goto(`/employee/${professional.id}`);
    const section = page.getByRole('region', { name: 'Services' });
    await expect(section.getByRole('checkbox', { name: cut.name })).toBeChecked();
    await expectAccessibleEverywhere(page, 'employee services section', {
      shows: section,
      each: shot('employee-services', section),
    });

    await page.goto(`/schedule/${professional.username}`);
    await expect(page.getByRole('heading', { name: 'Choose a service' })).toBeVisible();
    await expectAccessibleEverywhere(page, 'booking service step', { each: shot('booking-service-step') });
    await page.getByRole('button', { name: new RegExp(`^${cut.name}`) }).click();
    const change = page.getByRole('button', { name: 'Change service' });
    await expect(change).toBeVisible();
    await expectAccessibleEverywhere(page, 'booking calendar of a service', {
      shows: change,
      each: async (size, scheme) => screenshot(page, `${SHOTS}/booking-chosen-service-${size}-${scheme}.png`),
    });
  });
});

const minutes = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};
const hhmm = (total: number) =>
  `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

/**
 * The starts a service is offered at on a free 08:00–20:00 day: on the coarsest of 30, 15, 10 and 5
 * minutes that divides its length, where it fits the hours and its time with its buffer after misses
 * what is booked.
 */
function fittingStarts(service: Service, busy: [number, number][]): string[] {
  const step = [30, 15, 10, 5].find((candidate) => service.durationMinutes % candidate === 0)!;
  const starts: string[] = [];
  for (let start = minutes('08:00'); start + service.durationMinutes <= minutes('20:00'); start += step) {
    const from = start - service.bufferBeforeMinutes;
    const until = start + service.durationMinutes + service.bufferAfterMinutes;
    if (busy.every(([busyFrom, busyUntil]) => until <= busyFrom || from >= busyUntil))
      starts.push(hhmm(start));
  }
  return starts;
}

/** A day from tomorrow on that is wholly open for this professional (no closure from another spec). */
async function fullDay(api: Api, professional: Employee, service: Service) {
  const schedule = await api.get<Schedule>(
    `/schedule/${professional.username}?service=${encodeURIComponent(service.id)}`,
  );
  const whole = fittingStarts(service, []);
  // Two days ahead or later: its times are more than 24 hours away whatever the time of day now, so
  // the booking's policy is the usual one (moved online until 24 hours before).
  const earliest = new Date(Date.now() + 48 * 3_600_000).toISOString().slice(0, 10);
  const day = schedule.slots.find(
    (candidate) => candidate.date >= earliest && candidate.times.join() === whole.join(),
  );
  if (!day) throw new Error('no wholly open day');
  return day.date;
}

const timeButton = (page: Page, time: string) =>
  page
    .getByRole('group', { name: 'Available times' })
    .getByRole('button', { name: timeLabel(time), exact: true });

function shownTimes(page: Page) {
  return page.getByRole('group', { name: 'Available times' }).getByRole('button').allInnerTexts();
}

async function shownTimesFor(page: Page, professional: Employee, service: Service, day: string) {
  await page.goto(`/schedule/${professional.username}?service=${service.id}`);
  await openDay(page, day);
  await expect(page.getByRole('group', { name: 'Available times' })).toBeVisible();
  return shownTimes(page);
}

async function openDay(page: Page, date: string) {
  const dayButton = page.getByRole('button', { name: longDate(date), exact: true });
  // The calendar opens on the first open day's month: the day may be in the next one.
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await dayButton.click();
}
