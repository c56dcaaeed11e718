import { randomInt, randomUUID } from 'node:crypto';
import { type Api, expect } from './fixtures';

/** Helpers that make the employees and appointments a staff spec needs, each with unique values. */

export type Employee = {
  id: string;
  name: string;
  email: string;
  username: string;
  isActive: boolean;
  takesBookings: boolean;
  role: string | null;
  title: string | null;
  locations: string[];
  availability: Partial<Record<string, [string, string][]>>;
};

export type Appointment = {
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  status: 'scheduled' | 'completed' | 'cancelled' | 'no-show';
  notes: string | null;
  client: { id: string | null; name: string; email: string | null };
  employee: { id: string | null; name: string; email: string | null };
};

export type AppointmentPage = {
  appointments: Appointment[];
  pagination: { page: number; limit: number; total: number; pages: number };
};

const ALL_WEEK = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
    day,
    [['08:00', '20:00']],
  ]),
);

export function uniqueSuffix(): string {
  return randomUUID().slice(0, 8);
}

/**
 * A Spanish mobile number nobody else in the run has. Digits only: a suffix of hex letters gave
 * numbers with too few digits for the assistant to know the client by, one run in a few.
 */
export function uniquePhone(): string {
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return `+34 6${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
}

export async function createEmployee(api: Api, overrides: Partial<Employee> = {}): Promise<Employee> {
  const suffix = uniqueSuffix();
  return api.post<Employee>('/employees', {
    name: `Test Employee ${suffix}`,
    email: `employee-${suffix}@example.com`,
    username: `employee-${suffix}`,
    password: 'password-123',
    isActive: true,
    role: `Role ${suffix}`,
    title: 'Coach',
    // A city the demo has nobody in: the assistant's list of Madrid professionals (five at most)
    // stays the demo's, however many test employees a run has made before it.
    locations: ['Teruel'],
    availability: ALL_WEEK,
    ...overrides,
  });
}

type Slot = { date: string; timeSlot: string };

export async function openSlots(api: Api, username: string): Promise<Slot[]> {
  const response = await api.raw.get(`/api/schedule/${encodeURIComponent(username)}`);
  expect(response.ok(), await response.text()).toBe(true);
  const schedule = (await response.json()) as { slots: { date: string; times: string[] }[] };
  return schedule.slots.flatMap((day) => day.times.map((timeSlot) => ({ date: day.date, timeSlot })));
}

/** Books a slot the way a visitor does (pay with the local test card, then book); returns the appointment. */
export async function bookAppointment(
  api: Api,
  employee: Employee,
  options: { slot?: Slot; clientName?: string; phone?: string } = {},
): Promise<Appointment> {
  const slots = await openSlots(api, employee.username);
  // Skip the first slots: they may start before the page under test has loaded.
  const slot = options.slot ?? slots[4];
  expect(slot, 'the employee has open slots').toBeTruthy();
  const suffix = uniqueSuffix();
  const clientInfo = {
    name: options.clientName ?? `Client ${suffix}`,
    email: `client-${suffix}@example.com`,
    phone: options.phone ?? uniquePhone(),
  };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await api.raw.post(`/api${path}`, { data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const intent = await post<{ clientSecret: string; paymentIntentId: string }>('/payments/intent', {
    employeeId: employee.id,
    ...slot,
    clientInfo,
  });
  await post('/payments/local/confirm', {
    clientSecret: intent.clientSecret,
    card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
  });
  const booked = await post<{ appointment: { id: string } }>('/schedule/book', {
    employeeId: employee.id,
    ...slot!,
    clientInfo,
    payment: { id: intent.paymentIntentId },
  });
  return api.get<Appointment>(`/appointments/${booked.appointment.id}`);
}

export async function setAppointmentStatus(api: Api, id: string, status: Appointment['status']) {
  const response = await api.raw.patch(`/api/appointments/${id}/status`, {
    headers: api.headers,
    data: { status },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Appointment;
}
