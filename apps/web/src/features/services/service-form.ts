import { CURRENCIES } from '@chatdesk/contract/constants';
import { formatDuration } from '@chatdesk/contract/schedule-rules';
import {
  SERVICE_LIMITS,
  type Service,
  type ServiceForm,
  serviceFormSchema,
} from '@chatdesk/contract/services';
import { currencySymbol, parsePrice, priceInputOf } from '../../lib/price-input';

// The price box's parsing lives in lib/ (the client page's pack refund uses it too).
export { currencySymbol, parsePrice, priceInputOf };

export type NoticeUnit = 'minutes' | 'hours' | 'days';

const MINUTES_IN: Record<NoticeUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** NumberInput answers '' while its box is empty. */
type NumberValue = number | string;

/** What the form holds: the price as typed, the notice in the unit chosen, the limit empty for none. */
export type ServiceFormValues = {
  name: string;
  description: string;
  /** Select values are strings: minutes, in 5-minute steps. */
  durationMinutes: string;
  price: string;
  currency: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  notice: NumberValue;
  noticeUnit: NoticeUnit;
  horizonDays: NumberValue;
  /** Empty: no limit. */
  dailyCap: NumberValue;
  /** Empty: one client at a time; 2 or more: a class with that many seats. */
  seats: NumberValue;
  employeeIds: string[];
};

export type ServiceFormField = keyof ServiceFormValues;

/** A notice in minutes in the largest unit that says it exactly: 1440 → 1 day, 90 → 90 minutes. */
export function noticeInUnits(minutes: number): { notice: number; noticeUnit: NoticeUnit } {
  if (minutes === 0) return { notice: 0, noticeUnit: 'hours' };
  if (minutes % MINUTES_IN.days === 0) return { notice: minutes / MINUTES_IN.days, noticeUnit: 'days' };
  if (minutes % MINUTES_IN.hours === 0) return { notice: minutes / MINUTES_IN.hours, noticeUnit: 'hours' };
  return { notice: minutes, noticeUnit: 'minutes' };
}

const steps = (from: number, to: number) =>
  Array.from(
    { length: (to - from) / SERVICE_LIMITS.minuteStep + 1 },
    (_, i) => from + i * SERVICE_LIMITS.minuteStep,
  );

/** Every length a service may have, in 5-minute steps: '5 min' … '8 h'. */
export const DURATION_OPTIONS = steps(SERVICE_LIMITS.durationMin, SERVICE_LIMITS.durationMax).map(
  (minutes) => ({
    value: String(minutes),
    label: formatDuration(minutes),
  }),
);

/** Every buffer, in 5-minute steps from none to 4 hours. */
export const BUFFER_OPTIONS = steps(0, SERVICE_LIMITS.bufferMax).map((minutes) => ({
  value: String(minutes),
  label: minutes === 0 ? 'None' : formatDuration(minutes),
}));

export const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({
  value: currency,
  label: currency.toUpperCase(),
}));

export const NOTICE_UNIT_OPTIONS: { value: NoticeUnit; label: string }[] = [
  { value: 'minutes', label: 'minutes' },
  { value: 'hours', label: 'hours' },
  { value: 'days', label: 'days' },
];

/** A new service: the spec's appointment's length, the catalogue's currency, bookable 60 days ahead. */
export function emptyServiceValues(currency = 'eur'): ServiceFormValues {
  return {
    name: '',
    description: '',
    durationMinutes: '30',
    price: '',
    currency,
    bufferBeforeMinutes: '0',
    bufferAfterMinutes: '0',
    notice: 0,
    noticeUnit: 'hours',
    horizonDays: 60,
    dailyCap: '',
    seats: '',
    employeeIds: [],
  };
}

export function toFormValues(service: Service): ServiceFormValues {
  return {
    name: service.name,
    description: service.description,
    durationMinutes: String(service.durationMinutes),
    price: priceInputOf(service.priceAmount),
    currency: service.currency,
    bufferBeforeMinutes: String(service.bufferBeforeMinutes),
    bufferAfterMinutes: String(service.bufferAfterMinutes),
    ...noticeInUnits(service.minNoticeMinutes),
    horizonDays: service.horizonDays,
    dailyCap: service.dailyCap ?? '',
    seats: service.seats ?? '',
    employeeIds: [...service.employeeIds],
  };
}

const numberOrNaN = (value: NumberValue) => (value === '' ? Number.NaN : Number(value));

/**
 * The request the form's values make. Values that cannot be numbers are NaN here, so the contract's
 * schema refuses them with its own message.
 */
export function toRequest(values: ServiceFormValues): ServiceForm {
  return {
    name: values.name,
    description: values.description,
    durationMinutes: Number(values.durationMinutes),
    priceAmount: parsePrice(values.price) ?? Number.NaN,
    currency: values.currency as ServiceForm['currency'],
    bufferBeforeMinutes: Number(values.bufferBeforeMinutes),
    bufferAfterMinutes: Number(values.bufferAfterMinutes),
    minNoticeMinutes: numberOrNaN(values.notice) * MINUTES_IN[values.noticeUnit],
    horizonDays: numberOrNaN(values.horizonDays),
    dailyCap: values.dailyCap === '' ? null : Number(values.dailyCap),
    seats: values.seats === '' ? null : Number(values.seats),
    employeeIds: values.employeeIds,
  };
}

/** The form's field for each field of the request. */
const FORM_FIELD: Record<keyof ServiceForm, ServiceFormField> = {
  name: 'name',
  description: 'description',
  durationMinutes: 'durationMinutes',
  priceAmount: 'price',
  currency: 'currency',
  bufferBeforeMinutes: 'bufferBeforeMinutes',
  bufferAfterMinutes: 'bufferAfterMinutes',
  minNoticeMinutes: 'notice',
  horizonDays: 'horizonDays',
  dailyCap: 'dailyCap',
  seats: 'seats',
  employeeIds: 'employeeIds',
};

const formFieldOf = (field: string): ServiceFormField | null =>
  field in FORM_FIELD ? FORM_FIELD[field as keyof ServiceForm] : null;

/** The contract's checks, said beside the field the visitor typed (the price box for `priceAmount`). */
export function validateServiceValues(values: ServiceFormValues): Partial<Record<ServiceFormField, string>> {
  const errors: Partial<Record<ServiceFormField, string>> = {};
  const result = serviceFormSchema.safeParse(toRequest(values));
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = formFieldOf(String(issue.path[0] ?? ''));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The field a 400 from the server names ('priceAmount: …'), so its message goes beside that field. */
export function fieldOfRefusal(message: string): { field: ServiceFormField; message: string } | null {
  const match = /^(\w+)(?:\.\d+)?: (.+)$/.exec(message);
  const field = match ? formFieldOf(match[1] ?? '') : null;
  return field && match ? { field, message: match[2] ?? message } : null;
}
