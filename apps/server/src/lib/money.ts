/**
 * Stripe's zero-decimal currencies: an amount of 500 in JPY is ¥500, not ¥5. ISK, HUF and TWD are not
 * among them: Stripe keeps them two-decimal in its API, whatever the currency itself does.
 */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
/** Stripe's three-decimal currencies: 5120 in KWD is 5.120 KWD. */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** How many decimals the minor unit of a currency has, as Stripe (and so our stored amounts) counts them. */
export function minorUnitDigits(currency: string) {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/**
 * "€10.00", "¥500" from minor units: how staff notifications and customer emails write an amount
 * (a customer's in their own locale: "10,00 €").
 */
export function formatMoney(amount: number, currency: string, locale = 'en-US') {
  const code = currency.toUpperCase();
  const digits = minorUnitDigits(code);
  const value = amount / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(value);
  } catch {
    // A code Intl does not know (a provider's new or odd one) still reads plainly rather than failing the caller.
    return `${value.toFixed(digits)} ${code}`;
  }
}
