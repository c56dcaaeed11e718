import type { CustomerPack } from '../assistant-engine.ts';
import type { Language } from '../language.ts';
import { REPLIES } from '../replies.ts';
import { fold, normalise } from './text.ts';

/**
 * A client asking about the packs of sessions they bought: how many sessions are left, until when.
 * Only their own packs answer it (the client writing from their number); anyone else is passed to
 * a person, as with their appointments.
 */

const PACK_NOUN = /\b(bonos?|packs?|paquetes?|packages?|bundles?|creditos?|credits?|tarjeta de sesiones)\b/;
const SESSION_NOUN =
  /\b(sesion|sesiones|clases?|entrenos?|entrenamientos?|masajes?|sessions?|classes|trainings?|credits?|creditos?)\b/;
/** "cuántas … me quedan", "how many … left": a count still to use. */
const LEFT =
  /\b(cuant[ao]s?|how many)\b[^?.!]{0,60}\b(qued\w*|rest\w*|faltan|left|remaining)\b|\b(quedan|queda|me quedan|left|remaining)\b[^?.!]{0,25}\b(sesion|sesiones|clases?|sessions?|classes|creditos?|credits?)\b/;
/** It is theirs: "me quedan", "do I have left", "tengo". */
const MINE = /\b(me|mi|mis|tengo|i|my|nos|nuestro|nuestra)\b/;
const MY_PACK =
  /\b(mi|mis|my|nuestro|our)\s+(bonos?|packs?|paquetes?|packages?|bundles?|tarjeta de sesiones|creditos|credits)\b/;
/** What one asks of a pack they hold: its balance or its end. */
const ABOUT_IT =
  /\b(cuant\w*|qued\w*|caduc\w*|venc\w*|expir\w*|valid\w*|hasta cuando|saldo|left|remaining|how many|balance|until when|still (valid|good))\b/;

/** A follow-up on their balance just told: "¿y hasta cuándo?", "when do they run out?", "¿y cuántas tenía?". */
const FOLLOW_UP =
  /\b(hasta cuando|cuando (?:caduc|venc|expir|se acab|termin)\w*|caduc\w*|venc\w*|expir\w*|until when|when do (?:they|it|the sessions) (?:expire|run out|end)|how long (?:do i have|are they valid|is it valid)|valid until|cuant\w* (?:me )?qued\w*|how many)\b/;

/** Whether the assistant's last reply told their packs' balance (its own wording, both languages). */
const toldBalance = (lastReply: string | undefined) =>
  Boolean(lastReply && /^(Tu bono|Tus bonos|Your pack|Your packs)\b/.test(lastReply));

/** Until when a pack of theirs lasts: "¿hasta cuándo me vale el bono?", "when does my pack expire?". */
const EXPIRY =
  /\b(hasta cuando|me vale|me valen|caduc\w*|venc\w*|expir\w*|until when|valid until|still valid)\b/;

export function asksPackBalance(text: string, lastReply?: string): boolean {
  const folded = normalise(fold(text));
  if (toldBalance(lastReply) && FOLLOW_UP.test(folded)) return true;
  if (LEFT.test(folded) && (PACK_NOUN.test(folded) || (SESSION_NOUN.test(folded) && MINE.test(folded))))
    return true;
  // "¿y cuántas me quedan ahora?" after a reply about their pack ("La sesión vuelve a tu bono").
  if (LEFT.test(folded) && MINE.test(folded) && PACK_NOUN.test(fold(lastReply ?? ''))) return true;
  if (PACK_NOUN.test(folded) && EXPIRY.test(folded) && MINE.test(folded)) return true;
  return MY_PACK.test(folded) && ABOUT_IT.test(folded);
}

const say = (language: Language) => REPLIES[language].packs;

function one(pack: CustomerPack, language: Language) {
  return say(language).one(
    pack.name,
    pack.serviceName,
    pack.sessionsLeft,
    pack.sessionsTotal,
    pack.expiresOn,
  );
}

/** Their packs' balances and expiry, or that they have none (and a person if they think otherwise). */
export function packBalanceReply(packs: CustomerPack[], language: Language): string {
  if (!packs.length) return say(language).none;
  const usable = packs.filter((pack) => pack.sessionsLeft > 0);
  const lines = packs.map((pack) => one(pack, language));
  const book = usable.length ? say(language).howToUse : '';
  return packs.length === 1 ? say(language).yourPack(lines[0]!, book) : say(language).yourPacks(lines, book);
}
