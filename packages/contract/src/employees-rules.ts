// The zod-free half of the employees contract, so public pages can use it without zod's weight.
import { MIN_PASSWORD_LENGTH } from './constants.ts';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** 00:00, 00:30, … 23:30: the times the availability editor offers. */
export const HALF_HOURS = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

export const EMPLOYEE_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  usernameRequired: 'Username is required',
  usernameInvalid: 'Username may use letters, numbers, dots, dashes and underscores only',
  usernameTaken: 'This username is already taken',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  timeInvalid: 'Times must be on the half hour, from 00:00 to 23:30',
  rangeInvalid: 'End time must be after start time',
  notFound: 'Employee not found',
  cannotDeleteSelf: 'You cannot delete your own account',
  calendarFeedNotFound: 'Calendar feed not found',
} as const;

/** Trims, drops empties and duplicates (case-insensitive), keeping the first spelling. */
export function normalizeLocations(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    const key = value.toLocaleLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    result.push(value);
  }
  return result;
}

/** Splits comma-separated text into location tags and merges them into the current ones. */
export function mergeLocations(current: readonly string[], text: string): string[] {
  return normalizeLocations([...current, ...text.split(',')]);
}
