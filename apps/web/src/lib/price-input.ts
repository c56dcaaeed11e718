/** A price typed in a box, in the currency's major unit, and the cents it stands for. */
const PRICE_PATTERN = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;

/**
 * A price typed in the currency, as cents: '55' → 5500, '12.5' → 1250, '9,99' → 999. Null when it
 * is not a plain amount with at most two decimals. Counted on the digits, never through a float
 * (0.29 * 100 is 28.999…).
 */
export function parsePrice(text: string): number | null {
  const match = PRICE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the price box shows them: 5500 → '55', 1250 → '12.50'. */
export function priceInputOf(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** '€', '$', '£': shown inside the price box. */
export function currencySymbol(currency: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency.toUpperCase();
  } catch {
    return currency.toUpperCase();
  }
}
