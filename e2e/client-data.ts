import type { Page } from '@playwright/test';
import { type Api, expect } from './fixtures';
import { uniquePhone, uniqueSuffix } from './staff-data';

/** Helpers that make the clients and subscriptions the client and subscription specs need. */

export type Client = {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  status: 'lead' | 'active' | 'inactive' | 'former';
  source: 'whatsapp' | 'referral' | 'website' | 'social' | 'other';
  assignedEmployee: { id: string; name: string } | null;
  address: { street?: string; city?: string; state?: string; zipCode?: string; country?: string };
  notes: string | null;
  chatId: string | null;
};

export type Subscription = {
  id: string;
  client: { id: string; name: string; email: string | null };
  planName: string;
  amount: number;
  currency: string;
  interval: 'day' | 'week' | 'month' | 'year';
  status: string;
  cancelAtPeriodEnd: boolean;
};

export type Plan = { id: string; name: string; amount: number; currency: string; interval: string };

type ClientInput = Partial<Omit<Client, 'id' | 'assignedEmployee' | 'chatId'>> & {
  assignedEmployeeId?: string | null;
};

export async function createClient(api: Api, overrides: ClientInput = {}): Promise<Client> {
  const suffix = uniqueSuffix();
  return api.post<Client>('/clients', {
    name: `Test Client ${suffix}`,
    phone: uniquePhone(),
    email: `client-${suffix}@example.com`,
    ...overrides,
  });
}

/** A subscription on the first plan (or the one named), paid with the demo card. */
export async function createSubscription(
  api: Api,
  client: Client,
  planName = 'Basic Plan',
): Promise<Subscription> {
  const plans = await api.get<Plan[]>('/subscriptions/plans');
  const plan = plans.find((candidate) => candidate.name === planName);
  expect(plan, `plan ${planName}`).toBeTruthy();
  return api.post<Subscription>('/subscriptions', {
    clientId: client.id,
    paymentMethodId: 'pm_card_visa',
    planId: plan!.id,
    planName: plan!.name,
    amount: plan!.amount,
    currency: 'usd',
    interval: plan!.interval,
  });
}

/** Opens a Mantine select by its label and picks an option by its text. */
export async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
