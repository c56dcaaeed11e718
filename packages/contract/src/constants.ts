/** Business constants of spec §9, named once. */
export const API_BASE = '/api';
export const TOKEN_STORAGE_KEY = 'token';

export const NOTIFICATION_BADGE_REFRESH_MS = 60_000;
export const NOTIFICATION_BADGE_CAP = 99;
export const CHAT_LIST_REFRESH_MS = 30_000;
export const MESSAGE_POLL_MS = 5_000;
export const COPY_CONFIRMATION_MS = 1_000;
export const SUCCESS_MESSAGE_MS = 3_000;

export const MEETING_MINUTES = 30;
export const SLOT_STEP_MINUTES = 30;
export const APPOINTMENT_FEE = { amount: 1000, currency: 'eur' } as const;
export const SLOT_HOLD_MINUTES = 10;

export const APPOINTMENTS_PAGE_SIZE = 10;
export const MIN_PASSWORD_LENGTH = 8;

export const DEMO_CREDENTIALS = { username: 'admin', password: 'admin1234' } as const;

export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

export const INTERVALS = ['day', 'week', 'month', 'year'] as const;
export const CURRENCIES = ['usd', 'eur', 'gbp'] as const;

export const PLAN_CATALOGUE = [
  { name: 'Basic Plan', amount: 9.99, interval: 'month' },
  { name: 'Standard Plan', amount: 19.99, interval: 'month' },
  { name: 'Premium Plan', amount: 29.99, interval: 'month' },
  { name: 'Annual Basic', amount: 99.99, interval: 'year' },
  { name: 'Annual Standard', amount: 199.99, interval: 'year' },
  { name: 'Annual Premium', amount: 299.99, interval: 'year' },
] as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
