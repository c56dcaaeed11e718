import type { PackBalance } from '@chatdesk/contract/packs';
import { formatDate, sessionsText } from '../../lib/format';

export { sessionsText };

/** The customer's emails about packs: Spanish when their browser prefers it, else English. */
export const emailLanguage = (): 'es' | 'en' =>
  navigator.language.toLowerCase().startsWith('es') ? 'es' : 'en';

/** "Ten sessions: 9 of 10 sessions left, valid until Feb 24, 2027." */
export const packBalanceText = (pack: PackBalance) =>
  `${pack.name}: ${pack.sessionsLeft} of ${sessionsText(pack.sessionsTotal)} left, valid until ${formatDate(pack.expiresAt)}.`;
