/** Card field helpers for the local provider's form; the messages are Stripe's own. */
export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

const MAX_CARD_DIGITS = 19;

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, MAX_CARD_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** What the expiry field shows while typing: '1' → '1', '4' → '04', '1234' → '12 / 34'. */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value).slice(0, 4);
  // A first digit above 1 can only be a one-digit month.
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export type Expiry = { month: number; year: number };

/** 'MM / YY' → month and four-digit year, or null while incomplete or impossible. */
export function parseExpiry(value: string): Expiry | null {
  const digits = digitsOf(value);
  if (digits.length !== 4) return null;
  const month = Number(digits.slice(0, 2));
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(digits.slice(2)) };
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardValues = { number: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardValues, string>>;

/** The checks a card field does before anything is sent, so an obvious typo holds no slot. */
export function validateCard(
  values: CardValues,
  now: Date = new Date(),
  messages: Record<keyof typeof CARD_MESSAGES, string> = CARD_MESSAGES,
): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOf(values.number);
  if (number.length < 13) errors.number = messages.numberIncomplete;
  else if (!luhnValid(number)) errors.number = messages.numberInvalid;

  const expiry = parseExpiry(values.expiry);
  if (!expiry) errors.expiry = messages.expiryIncomplete;
  else if (expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1)
    errors.expiry = messages.expiryPast;

  if (!/^\d{3,4}$/.test(values.cvc)) errors.cvc = messages.cvcIncomplete;
  return errors;
}
