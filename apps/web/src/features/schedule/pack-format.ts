import type { PackBalance } from '@chatdesk/contract/packs';
import type { PageTexts } from '@chatdesk/contract/page-texts';
import { formatDate } from '../../lib/format';

/** "Ten sessions: 9 of 10 sessions left, valid until Nov 24, 2027." in the page's language. */
export const packBalanceText = (pack: PackBalance, say: PageTexts) =>
  say.booking.packBalance(
    pack.name,
    pack.sessionsLeft,
    say.booking.sessions(pack.sessionsTotal),
    formatDate(pack.expiresAt, say.locale),
  );
