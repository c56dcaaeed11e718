import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Splits an international number (WhatsApp's "from", digits only or with +) into the
 * country calling code and the national number. Unknown shapes keep all digits as the number.
 */
export function splitPhone(international: string): { prefix: string; phone: string } {
  const digits = international.replace(/\D/g, '');
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (parsed?.countryCallingCode && parsed.nationalNumber) {
    return { prefix: parsed.countryCallingCode, phone: parsed.nationalNumber };
  }
  return { prefix: '', phone: digits };
}

/** Digits only, with the country code: what WhatsApp's API takes as "to". */
export const internationalDigits = (prefix: string, phone: string) => `${prefix}${phone}`.replace(/\D/g, '');

/**
 * A number typed in a form, when it is written with its country code (+34 …, 0034 …) and valid
 * there; null otherwise. Guessing the country of "611 222 333" could write to a stranger abroad.
 */
export function internationalPhone(typed: string): { prefix: string; phone: string } | null {
  const trimmed = typed.trim();
  if (!trimmed.startsWith('+') && !trimmed.startsWith('00')) return null;
  const digits = trimmed.replace(/\D/g, '').replace(/^00/, '');
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed?.isValid()) return null;
  return { prefix: parsed.countryCallingCode, phone: parsed.nationalNumber };
}
