import type { Language } from '../language.ts';

/** Names of kinds of service, for telling a customer what the business offers in their language: in the trade files. */
export { KIND_NAMES } from '../vocabulary/vocabulary.ts';

const WEEKDAY_NAMES: Record<Language, string[]> = {
  es: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};

export function list(items: string[], language: Language) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${language === 'es' ? 'y' : 'and'} ${items.at(-1)}`;
}

/** "viernes 27 de noviembre" / "Friday 27 November". */
export function longDate(date: string, language: Language) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const instant = new Date(Date.UTC(year, month - 1, day, 12));
  const weekday = WEEKDAY_NAMES[language][instant.getUTCDay()]!;
  const monthName = new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', {
    month: 'long',
    timeZone: 'UTC',
  }).format(instant);
  return language === 'es' ? `${weekday} ${day} de ${monthName}` : `${weekday} ${day} ${monthName}`;
}

export const weekdayName = (index: number, language: Language) => WEEKDAY_NAMES[language][index]!;
/** "los sábados" / "on Saturdays". */
export const weekdaysPlural = (indexes: number[], language: Language) =>
  language === 'es'
    ? `los ${list(
        indexes.map((i) => (i === 6 || i === 0 ? `${WEEKDAY_NAMES.es[i]}s` : WEEKDAY_NAMES.es[i]!)),
        'es',
      )}`
    : `on ${list(
        indexes.map((i) => `${WEEKDAY_NAMES.en[i]}s`),
        'en',
      )}`;

/** "10,00 €" / "€10.00", from minor units. */
export function money(amount: number, currency: string, language: Language) {
  return new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-IE', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

/** A price written in the company information ("16", "9,5"), in the customer's style. */
export const writtenPrice = (amount: string, language: Language) =>
  language === 'es' ? `${amount} €` : `€${amount.replace(',', '.')}`;
