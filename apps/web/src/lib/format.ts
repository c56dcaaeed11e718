import { NOTIFICATION_BADGE_CAP } from '@chatdesk/contract/constants';

/** The sidebar badge never grows past the cap: 120 unread reads '99+'. */
export function formatBadgeCount(count: number): string {
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

export function initials(name: string): string {
  // Words that start with a letter or digit: 'Chat simulator (a1b2c3)' is 'CS', not 'C('.
  const words = name.trim().split(/\s+/);
  const firsts = words.filter((word) => /^[\p{L}\p{N}]/u.test(word)).map((word) => word[0] as string);
  if (firsts.length === 0) return name.match(/[\p{L}\p{N}]/u)?.[0]?.toUpperCase() ?? '';
  const letters = firsts.length > 1 ? [firsts[0], firsts[firsts.length - 1]] : [firsts[0]];
  return letters.join('').toUpperCase();
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Major units as money, USD when no currency is known: (19.99, 'usd') → '$19.99'. */
export function formatMoney(amount: number, currency?: string | null, locale = 'en-US'): string {
  const code = (currency || 'usd').toUpperCase();
  let format = moneyFormats.get(`${locale}|${code}`);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
    } catch {
      // An unknown code still shows the amount rather than breaking the page.
      return `${amount.toFixed(2)} ${code}`;
    }
    moneyFormats.set(`${locale}|${code}`, format);
  }
  return format.format(amount);
}

/** Payments are stored in minor units: (1250, 'eur') → '€12.50' ('12,50 €' in es-ES). */
export function formatMinorMoney(amount: number, currency?: string | null, locale = 'en-US'): string {
  return formatMoney(amount / 100, currency, locale);
}

/** A service's price in minor units as staff and visitors read it: 'Free', or '€55.00' ('Gratis', '55,00 €'). */
export function formatServicePrice(
  amount: number,
  currency: string,
  locale = 'en-US',
  free = 'Free',
): string {
  return amount === 0 ? free : formatMinorMoney(amount, currency, locale);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** 'Nov 23, 2026', in the viewer's zone; empty for a missing or broken value. */
export function formatDate(value: string | Date | null | undefined, locale = 'en-US'): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' });
    dateFormats.set(locale, format);
  }
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}

/** A span of notice: 24 → '24 hours', 1 → '1 hour', 72 → '3 days'. */
export function formatHours(hours: number): string {
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** 'Ana García (ana@example.com)', or just the name when there is no email. */
export function clientOptionLabel(client: { name: string; email: string | null }): string {
  return client.email ? `${client.name} (${client.email})` : client.name;
}
