import { EMAIL_PATTERN } from '@chatdesk/contract/constants';

/** 999 'eur' → '€9.99'; any other currency shows a dollar sign (spec §2). */
export function formatPrice(unitAmount: number, currency: string): string {
  const symbol = currency.toLowerCase() === 'eur' ? '€' : '$';
  return `${symbol}${(unitAmount / 100).toFixed(2)}`;
}

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length > 0 && EMAIL_PATTERN.test(email);
}

/** The email route parameter, decoded once more if a link encoded it twice; never throws. */
export function emailFromParam(value: string | undefined): string {
  if (!value) return '';
  try {
    return decodeURIComponent(value).trim();
  } catch {
    return value.trim();
  }
}
