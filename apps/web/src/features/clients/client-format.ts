import {
  CLIENT_SOURCES,
  CLIENT_STATUSES,
  type Client,
  type ClientForm,
  type CreatePaymentRequest,
  type PAYMENT_STATUSES,
} from '@chatdesk/contract/clients';
import type { ListValues } from '../../components/list-filters';
import type { ClientFilters, ClientStatus } from './api';

export type ClientSource = (typeof CLIENT_SOURCES)[number];
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const CLIENT_STATUS_STYLE = {
  lead: { label: 'Lead', color: 'blue' },
  active: { label: 'Active', color: 'teal' },
  inactive: { label: 'Inactive', color: 'gray' },
  former: { label: 'Former', color: 'orange' },
} as const satisfies Record<ClientStatus, { label: string; color: string }>;

export const CLIENT_SOURCE_LABELS = {
  whatsapp: 'WhatsApp',
  referral: 'Referral',
  website: 'Website',
  social: 'Social Media',
  other: 'Other',
} as const satisfies Record<ClientSource, string>;

export const PAYMENT_STATUS_STYLE = {
  completed: { label: 'Completed', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  refunded: { label: 'Refunded', color: 'yellow' },
  other: { label: 'Other', color: 'gray' },
} as const satisfies Record<PaymentStatus, { label: string; color: string }>;

export const STATUS_OPTIONS = CLIENT_STATUSES.map((status) => ({
  value: status,
  label: CLIENT_STATUS_STYLE[status].label,
}));
export const SOURCE_OPTIONS = CLIENT_SOURCES.map((source) => ({
  value: source,
  label: CLIENT_SOURCE_LABELS[source],
}));
export const STATUS_FILTER_OPTIONS = [{ value: 'all', label: 'All Statuses' }, ...STATUS_OPTIONS];

export function toApiFilters(values: ListValues): ClientFilters {
  const filters: ClientFilters = {};
  if (values.search.trim()) filters.search = values.search.trim();
  if (values.status !== 'all') filters.status = values.status as ClientStatus;
  return filters;
}

export type ClientFormValues = {
  name: string;
  phone: string;
  email: string;
  status: ClientStatus;
  source: ClientSource;
  assignedEmployeeId: string | null;
  address: { street: string; city: string; state: string; zipCode: string; country: string };
  notes: string;
};

/** A new client starts as a lead that came in through WhatsApp (spec §4). */
export function emptyClientValues(): ClientFormValues {
  return {
    name: '',
    phone: '',
    email: '',
    status: 'lead',
    source: 'whatsapp',
    assignedEmployeeId: null,
    address: { street: '', city: '', state: '', zipCode: '', country: '' },
    notes: '',
  };
}

export function toClientFormValues(client: Client): ClientFormValues {
  const { address } = client;
  return {
    name: client.name,
    phone: client.phone,
    email: client.email ?? '',
    status: client.status,
    source: client.source,
    assignedEmployeeId: client.assignedEmployee?.id ?? null,
    address: {
      street: address.street ?? '',
      city: address.city ?? '',
      state: address.state ?? '',
      zipCode: address.zipCode ?? '',
      country: address.country ?? '',
    },
    notes: client.notes ?? '',
  };
}

/** Blank optional fields are sent empty, which clears them on the server. */
export function toClientRequest(values: ClientFormValues): ClientForm {
  const trim = (value: string) => value.trim();
  return {
    name: trim(values.name),
    phone: trim(values.phone),
    email: trim(values.email),
    status: values.status,
    source: values.source,
    assignedEmployeeId: values.assignedEmployeeId || null,
    address: {
      street: trim(values.address.street),
      city: trim(values.address.city),
      state: trim(values.address.state),
      zipCode: trim(values.address.zipCode),
      country: trim(values.address.country),
    },
    notes: trim(values.notes),
  };
}

/** 'Calle Mayor 1, 28001 Madrid, Spain', skipping the parts that are missing. */
export function formatAddress(address: Client['address']): string {
  const cityLine = [address.zipCode, address.city].filter(Boolean).join(' ');
  return [address.street, cityLine, address.state, address.country].filter(Boolean).join(', ');
}

export const PAYMENT_CURRENCY_OPTIONS = [
  { value: 'usd', label: 'USD' },
  { value: 'eur', label: 'EUR' },
  { value: 'gbp', label: 'GBP' },
] as const;

export type PaymentFormValues = {
  amount: number | string;
  currency: 'usd' | 'eur' | 'gbp';
  paymentMethod: string;
  description: string;
};

/** The amount is typed in major units (12.50); the server stores minor units. */
export function toPaymentRequest(values: PaymentFormValues): CreatePaymentRequest {
  return {
    amount: Number(values.amount),
    currency: values.currency,
    paymentMethod: values.paymentMethod.trim(),
    description: values.description.trim(),
  };
}

export const APPOINTMENT_STATUS_STYLE = {
  scheduled: { label: 'Scheduled', color: 'blue' },
  completed: { label: 'Completed', color: 'grape' },
  cancelled: { label: 'Cancelled', color: 'red' },
  'no-show': { label: 'No Show', color: 'yellow' },
} as const;

const wallDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const wallTime = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'UTC',
});

/** Appointment dates are wall-clock days of the business ('2026-11-23' → 'Mon, Nov 23, 2026'). */
export function formatAppointmentDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return wallDate.format(new Date(Date.UTC(y, m - 1, d)));
}

/** '09:00', '09:30' → '9:00 AM - 9:30 AM' */
export function formatAppointmentTimes(start: string, end: string): string {
  const time = (value: string) => {
    const [h, min] = value.split(':').map(Number);
    if (h === undefined || min === undefined || Number.isNaN(h) || Number.isNaN(min)) return value;
    return wallTime.format(new Date(Date.UTC(2000, 0, 1, h, min)));
  };
  return `${time(start)} - ${time(end)}`;
}
