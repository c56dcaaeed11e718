import type { Page } from '@playwright/test';
import { failedLoads } from './failed-loads';
import { type Api, expect, type Paged, test } from './fixtures';
import { createEmployee, type Employee, uniqueSuffix } from './staff-data';

const MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameTaken: 'This username is already taken',
  rangeInvalid: 'End time must be after start time',
};

const rowOf = (page: Page, employee: Pick<Employee, 'username'>) =>
  page
    .getByRole('table', { name: 'Employees' })
    .getByRole('row')
    .filter({ hasText: `@${employee.username}` });
const tags = (page: Page) => page.getByRole('list', { name: 'Locations' }).getByRole('listitem');
const locationInput = (page: Page) => page.getByRole('textbox', { name: 'Add locations' });
const day = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

async function chooseTime(page: Page, label: string, time: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: time, exact: true }).click();
}

async function getEmployee(api: Api, id: string) {
  return api.get<Employee>(`/employees/${id}`);
}

test.beforeEach(async ({ login }) => {
  await login();
});

test('the list shows each employee with title, role, locations and status', async ({ page, api }) => {
  const active = await createEmployee(api, { locations: ['Madrid', 'Online'], title: 'Head Coach' });
  const inactive = await createEmployee(api, { isActive: false, locations: [] });
  // The page shows the list's first page.
  const all = (await api.get<Paged<Employee>>('/employees')).items;

  await page.goto('/employees');
  await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Employees' }).getByRole('row')).toHaveCount(all.length + 1);

  const row = rowOf(page, active);
  await expect(row).toContainText(active.name);
  await expect(row).toContainText('Head Coach');
  await expect(row).toContainText(active.role!);
  await expect(row.getByText('Madrid', { exact: true })).toBeVisible();
  await expect(row.getByText('Online', { exact: true })).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(rowOf(page, inactive).getByText('Inactive', { exact: true })).toBeVisible();
});

test('Calendar opens the booking page in a new tab; Edit opens the form', async ({ page, api }) => {
  const employee = await createEmployee(api);
  await page.goto('/employees');
  const calendar = rowOf(page, employee).getByRole('link', { name: 'Calendar' });
  await expect(calendar).toHaveAttribute('href', `/schedule/${employee.username}`);
  await expect(calendar).toHaveAttribute('target', '_blank');
  await expect(calendar).toHaveAttribute('rel', 'noopener noreferrer');

  const [popup] = await Promise.all([page.waitForEvent('popup'), calendar.click()]);
  await expect(popup).toHaveURL(new RegExp(`/schedule/${employee.username}$`));
  await popup.close();
  await expect(page).toHaveURL(/\/employees$/);

  await rowOf(page, employee).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/employee/${employee.id}$`));
  await expect(page.getByLabel(/^Name/)).toHaveValue(employee.name);
});

test('search matches name, email, username and role, and is kept in the address', async ({ page, api }) => {
  const suffix = uniqueSuffix();
  const employee = await createEmployee(api, {
    name: `Searchable ${suffix}`,
    role: `Aquatics-${suffix}`,
    email: `mail-${suffix}@example.com`,
    username: `user-${suffix}`,
  });
  const other = await createEmployee(api);
  await page.goto('/employees');
  await expect(rowOf(page, other)).toHaveCount(1);
  const search = page.getByRole('textbox', { name: 'Search employees' });

  for (const text of [`Searchable ${suffix}`, `MAIL-${suffix}`, `user-${suffix}`, `aquatics-${suffix}`]) {
    await search.fill(text);
    await expect(rowOf(page, employee)).toHaveCount(1);
    await expect(rowOf(page, other)).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Employees' }).getByRole('row')).toHaveCount(2);
  }
  await expect(page).toHaveURL(new RegExp(`search=aquatics-${suffix}`));
  await page.reload();
  await expect(search).toHaveValue(`aquatics-${suffix}`);
  await expect(rowOf(page, employee)).toHaveCount(1);

  await search.fill(`nobody-${suffix}`);
  await expect(page.getByText('No employees found matching your search')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(rowOf(page, employee)).toHaveCount(1);
});

test('locations become tags on Enter, on Add and on blur with a comma, without duplicates', async ({
  page,
}) => {
  await page.goto('/employee/new');
  await expect(tags(page)).toHaveCount(0);

  await locationInput(page).fill(' Madrid ,  Online,');
  await locationInput(page).press('Enter');
  await expect(tags(page)).toHaveText(['Madrid', 'Online']);
  await expect(locationInput(page)).toHaveValue('');

  await locationInput(page).fill('madrid, Sevilla');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(tags(page)).toHaveText(['Madrid', 'Online', 'Sevilla']);

  // Without a comma, leaving the field keeps the text as typed.
  await locationInput(page).fill('Bilbao');
  await page.getByLabel('Title').click();
  await expect(tags(page)).toHaveCount(3);
  await expect(locationInput(page)).toHaveValue('Bilbao');

  await locationInput(page).fill('Bilbao, Vigo');
  await page.getByLabel('Title').click();
  await expect(tags(page)).toHaveText(['Madrid', 'Online', 'Sevilla', 'Bilbao', 'Vigo']);

  await page.getByRole('button', { name: 'Remove Online' }).click();
  await expect(tags(page)).toHaveText(['Madrid', 'Sevilla', 'Bilbao', 'Vigo']);
});

test('the availability editor adds, flags and removes ranges per day', async ({ page }) => {
  await page.goto('/employee/new');
  await page.getByRole('tab', { name: 'Availability Schedule' }).click();
  const names = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  for (const name of names) await expect(day(page, name)).toBeVisible();

  const monday = day(page, 'Monday');
  await monday.getByRole('button', { name: 'Add time range' }).click();
  await expect(page.getByRole('combobox', { name: 'Monday range 1 start' })).toHaveValue('09:00');
  await expect(page.getByRole('combobox', { name: 'Monday range 1 end' })).toHaveValue('19:00');
  await expect(day(page, 'Tuesday').getByRole('combobox')).toHaveCount(0);

  await monday.getByRole('button', { name: 'Add time range' }).click();
  await expect(monday.getByRole('combobox')).toHaveCount(4);
  await expect(monday.getByText(MESSAGES.rangeInvalid)).toHaveCount(0);

  await chooseTime(page, 'Monday range 2 end', '08:30');
  await expect(monday.getByText(MESSAGES.rangeInvalid)).toHaveCount(1);
  await chooseTime(page, 'Monday range 2 start', '08:30');
  await expect(monday.getByText(MESSAGES.rangeInvalid)).toHaveCount(1);
  await chooseTime(page, 'Monday range 2 end', '20:00');
  await expect(monday.getByText(MESSAGES.rangeInvalid)).toHaveCount(0);

  await page.getByRole('button', { name: 'Remove Monday range 1' }).click();
  await expect(monday.getByRole('combobox')).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Monday range 1 start' })).toHaveValue('08:30');
});

test("a day's hours are copied to other days, and times are typed rather than scrolled", async ({ page }) => {
  await page.goto('/employee/new');
  await page.getByRole('tab', { name: 'Availability Schedule' }).click();
  const monday = day(page, 'Monday');
  await monday.getByRole('button', { name: 'Add time range' }).click();

  // Typing '1330' narrows the 48 half hours to 13:30 (Enter taking it is covered by the unit test).
  const end = page.getByRole('combobox', { name: 'Monday range 1 end' });
  await end.fill('1330');
  await expect(page.getByRole('option')).toHaveText(['13:30']);
  await page.getByRole('option', { name: '13:30' }).click();
  await expect(end).toHaveValue('13:30');

  // Each day's own button, named by its day's group.
  await monday.getByRole('button', { name: 'Copy to…' }).click();
  await page.getByRole('checkbox', { name: 'Tuesday' }).check();
  await page.getByRole('checkbox', { name: 'Thursday' }).check();
  await page.getByRole('button', { name: 'Copy', exact: true }).click();

  for (const name of ['Tuesday', 'Thursday']) {
    await expect(page.getByRole('combobox', { name: `${name} range 1 start` })).toHaveValue('09:00');
    await expect(page.getByRole('combobox', { name: `${name} range 1 end` })).toHaveValue('13:30');
  }
  await expect(day(page, 'Wednesday').getByRole('combobox')).toHaveCount(0);
});

test('required fields show the messages, and the password is required only on creation', async ({
  page,
  api,
}) => {
  await page.goto('/employee/new');
  await page.getByRole('tab', { name: 'Availability Schedule' }).click();
  await page.getByRole('button', { name: 'Create Employee' }).click();

  // Errors on the details tab bring it back.
  await expect(page.getByRole('tab', { name: 'Employee Details' })).toHaveAttribute('aria-selected', 'true');
  for (const message of [
    MESSAGES.nameRequired,
    MESSAGES.emailRequired,
    MESSAGES.usernameRequired,
    MESSAGES.passwordRequired,
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // Adding a location tag leaves the other errors alone.
  await locationInput(page).fill('Madrid');
  await locationInput(page).press('Enter');
  await expect(page.getByText(MESSAGES.emailRequired, { exact: true })).toBeVisible();
  await page.getByLabel(/^Name/).fill('Someone');
  await expect(page.getByText(MESSAGES.nameRequired, { exact: true })).toHaveCount(0);
  await expect(page.getByText(MESSAGES.usernameRequired, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/employee\/new$/);

  const employee = await createEmployee(api);
  await page.goto(`/employee/${employee.id}`);
  await expect(page.getByText('Leave blank to keep the current password.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/employees$/);
  // The old password still signs in.
  const login = await api.raw.post('/api/auth/login', {
    data: { username: employee.username, password: 'password-123' },
  });
  expect(login.status()).toBe(200);
});

test('create, then edit, then delete an employee', async ({ page, api }) => {
  const suffix = uniqueSuffix();
  await page.goto('/employees');
  await page.getByRole('link', { name: 'Add Employee' }).click();
  await expect(page).toHaveURL(/\/employee\/new$/);
  await expect(page.getByRole('heading', { name: 'New Employee' })).toBeVisible();

  await page.getByLabel(/^Name/).fill(`Nora ${suffix}`);
  await page.getByLabel('Email').fill(`nora-${suffix}@example.com`);
  await page.getByLabel('Username').fill(`nora-${suffix}`);
  await page.getByRole('textbox', { name: 'Password' }).fill('nora-password');
  await page.getByLabel('Title').fill('Swim Coach');
  await page.getByLabel('Role').fill('Aquatics');
  await locationInput(page).fill('Madrid, Online');
  await locationInput(page).press('Enter');
  await page.getByRole('tab', { name: 'Availability Schedule' }).click();
  await day(page, 'Wednesday').getByRole('button', { name: 'Add time range' }).click();
  await chooseTime(page, 'Wednesday range 1 end', '13:00');
  await page.getByRole('button', { name: 'Create Employee' }).click();

  await expect(page).toHaveURL(/\/employees$/);
  const row = page.getByRole('row').filter({ hasText: `@nora-${suffix}` });
  await expect(row).toContainText(`Nora ${suffix}`);
  await expect(row).toContainText('Swim Coach');
  const created = (await api.get<Paged<Employee>>(`/employees?search=nora-${suffix}`)).items[0]!;
  expect(created).toMatchObject({
    name: `Nora ${suffix}`,
    title: 'Swim Coach',
    role: 'Aquatics',
    isActive: true,
    locations: ['Madrid', 'Online'],
    availability: { wednesday: [['09:00', '13:00']] },
  });
  const login = await api.raw.post('/api/auth/login', {
    data: { username: `nora-${suffix}`, password: 'nora-password' },
  });
  expect(login.status()).toBe(200);

  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Employee' })).toBeVisible();
  await expect(tags(page)).toHaveText(['Madrid', 'Online']);
  await page.getByLabel('Title').fill('Head Swim Coach');
  await page.getByRole('button', { name: 'Remove Madrid' }).click();
  await page.getByRole('switch', { name: 'Active' }).uncheck({ force: true });
  await page.getByRole('tab', { name: 'Availability Schedule' }).click();
  await expect(page.getByRole('combobox', { name: 'Wednesday range 1 end' })).toHaveValue('13:00');
  await page.getByRole('button', { name: 'Remove Wednesday range 1' }).click();
  await day(page, 'Friday').getByRole('button', { name: 'Add time range' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page).toHaveURL(/\/employees$/);
  await expect(row).toContainText('Head Swim Coach');
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  const edited = await getEmployee(api, created.id);
  expect(edited).toMatchObject({
    title: 'Head Swim Coach',
    isActive: false,
    locations: ['Online'],
    availability: { friday: [['09:00', '19:00']] },
  });
  expect(edited.availability.wednesday).toBeUndefined();

  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Employee' });
  await expect(dialog).toContainText(`Nora ${suffix}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  const gone = await api.raw.get(`/api/employees/${created.id}`, { headers: api.headers });
  expect(gone.status()).toBe(404);
});

test('the Takes bookings switch saves, survives a reload, and marks the list', async ({ page, api }) => {
  const employee = await createEmployee(api);
  expect(employee.takesBookings).toBe(true);
  await page.goto(`/employee/${employee.id}`);
  const takesBookings = page.getByRole('switch', { name: 'Takes bookings' });
  await expect(takesBookings).toBeChecked();
  await expect(page.getByText('Offered on the booking page and by the assistant')).toBeVisible();

  await takesBookings.uncheck({ force: true });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(rowOf(page, employee).getByText('No bookings', { exact: true })).toBeVisible();
  expect((await getEmployee(api, employee.id)).takesBookings).toBe(false);

  await page.goto(`/employee/${employee.id}`);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(employee.username);
  await expect(takesBookings).not.toBeChecked();

  await takesBookings.check({ force: true });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(rowOf(page, employee).getByText('Active', { exact: true })).toBeVisible();
  await expect(rowOf(page, employee).getByText('No bookings', { exact: true })).toHaveCount(0);
  expect((await getEmployee(api, employee.id)).takesBookings).toBe(true);
});

test('a new employee takes bookings unless switched off; the demo admin does not', async ({ page, api }) => {
  await page.goto('/employee/new');
  await expect(page.getByRole('switch', { name: 'Takes bookings' })).toBeChecked();

  const admin = (await api.get<Paged<Employee>>('/employees?search=admin')).items.find(
    (e) => e.username === 'admin',
  )!;
  expect(admin.takesBookings).toBe(false);
  await page.goto('/employees');
  await expect(rowOf(page, admin).getByText('No bookings', { exact: true })).toBeVisible();
});

test('a taken username says so once, on the Username field', async ({ page, api }) => {
  const existing = await createEmployee(api);
  await page.goto('/employee/new');
  await page.getByLabel(/^Name/).pressSequentially('Duplicate', { delay: 30 });
  await page.getByLabel('Email').pressSequentially(`dup-${uniqueSuffix()}@example.com`, { delay: 30 });
  await page.getByLabel('Username').pressSequentially(existing.username, { delay: 30 });
  await page.getByRole('textbox', { name: 'Password' }).pressSequentially('password-123', { delay: 30 });
  await page.getByRole('button', { name: 'Create Employee' }).click();

  const username = page.getByRole('textbox', { name: 'Username' });
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription(MESSAGES.usernameTaken);
  await expect(page.getByText(MESSAGES.usernameTaken, { exact: true })).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.usernameTaken })).toHaveCount(0);
  await expect(page).toHaveURL(/\/employee\/new$/);
  await expect(page.getByRole('button', { name: 'Create Employee' })).toBeEnabled();
});

test('Cancel goes back to the list without saving', async ({ page, api }) => {
  const employee = await createEmployee(api);
  await page.goto(`/employee/${employee.id}`);
  await page.getByLabel('Title').fill('Changed but not saved');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/employees$/);
  expect((await getEmployee(api, employee.id)).title).toBe(employee.title);
});

test('Cancel and saving return to the list as it was left, its search', async ({ page, api }) => {
  const suffix = uniqueSuffix();
  const employee = await createEmployee(api, { name: `Returning ${suffix}` });
  const other = await createEmployee(api);
  const search = page.getByRole('textbox', { name: 'Search employees' });
  const expectListAsLeft = async () => {
    await expect(page).toHaveURL(new RegExp(`/employees\\?search=${suffix}$`));
    await expect(search).toHaveValue(suffix);
    await expect(rowOf(page, employee)).toHaveCount(1);
    await expect(rowOf(page, other)).toHaveCount(0);
  };

  await page.goto('/employees');
  await expect(rowOf(page, other)).toHaveCount(1);
  await search.pressSequentially(suffix, { delay: 80 });
  await expectListAsLeft();

  await rowOf(page, employee).getByRole('link', { name: employee.name }).click();
  await expect(page.getByLabel(/^Name/)).toHaveValue(employee.name);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expectListAsLeft();

  await rowOf(page, employee).getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Title').pressSequentially('Head coach', { delay: 40 });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectListAsLeft();
  await expect(rowOf(page, employee)).toContainText('Head coach');
});

test('a failed delete keeps the dialog open', async ({ page, api }) => {
  const employee = await createEmployee(api);
  await page.route(`**/api/employees/${employee.id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { message: 'boom' } })
      : route.continue(),
  );
  await page.goto('/employees');
  await rowOf(page, employee).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Employee' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeEnabled();
  await expect(dialog).toBeVisible();
  await expect(rowOf(page, employee)).toHaveCount(1);
});

test('load and save failures say so', async ({ page, api }) => {
  const employee = await createEmployee(api);
  const failing = await failedLoads(page);
  await page.route('**/api/employees', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
  await page.goto('/employees');
  await failing.shownAfterRetries(page.getByText('Failed to load employees'));

  await page.route(`**/api/employees/${employee.id}`, (route) =>
    route.fulfill({ status: 500, json: { message: 'boom' } }),
  );
  await page.goto(`/employee/${employee.id}`);
  await failing.shownAfterRetries(page.getByText('Failed to load employee data'));
  await page.unroute(`**/api/employees/${employee.id}`);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(employee.username);

  await page.route(`**/api/employees/${employee.id}`, (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
  );
  await page.goto(`/employee/${employee.id}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to save employee' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
});

test('an employee that no longer exists reads Employee not found and leads back to the list', async ({
  page,
  api,
}) => {
  const employee = await createEmployee(api);
  await api.delete(`/employees/${employee.id}`);
  await page.goto(`/employee/${employee.id}`);
  await expect(page.getByText('Employee not found')).toBeVisible();
  await expect(page.getByText('This employee may have been deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Back to Employees' }).click();
  await expect(page).toHaveURL(/\/employees$/);
});
