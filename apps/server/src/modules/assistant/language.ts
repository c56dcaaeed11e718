import { detectAll } from 'tinyld';
import { fold } from './rules/text.ts';

export type Language = 'es' | 'en';

export { fold };

// Words Spanish and English customers write on WhatsApp, typos and shorthand included ("q", "xq", "porfa").
const SPANISH = new Set(
  'hola holaa buenas buenos dias tardes noches que q k de la el los las en y por para con sin una uno un es esta estoy esto tiene tienen tienes teneis haceis hay quiero queria quisiera busco necesito puedo puedes cuanto cuanta cuesta vale gracias porfa mi mis me te le nos su sus como donde cuando xq porque pero tambien tb muy mas ya si no hoy manana finde semana viernes sabado domingo lunes martes miercoles jueves cita hueco horario precio sesion reservar mira oye eh pues entonces adios hasta luego genial perfecto claro alguien persona pasame dime dame ayer estais sois vivo soy atiende atienden trabaja trabajan abre abren abris'.split(
    ' ',
  ),
);
const ENGLISH = new Set(
  'hi hello hey thanks thank you the an and or to for of in on at is are do does can could would i im my me we our your there any have has what whats when where how much price cost book booking appointment available free slot tomorrow today morning afternoon evening weekend next week please great bye goodbye cheers need want looking someone person talk speak with it this that who was again hiya heya howdy wait keep both yes yeah yep nope sorry cancel move change actually'.split(
    ' ',
  ),
);

/**
 * Words of the other languages customers of a business in Spain write in (German, French, Italian,
 * Portuguese, Dutch, Basque) that are no Spanish or English word: "Was kostet das?" shares "was"
 * with English, and "Egun on" shares "on", and neither is English.
 */
const OTHER = new Set(
  'feu ho teniu esteu voldria gracies ich sie haben kostet kosten das der und wo wann mit fur ist nicht bitte danke einen eine ein wie viel gibt termin termine heute morgen guten je vous combien coute merci bonjour avec rendez voudrais grazie vorrei avete buongiorno quanto obrigado obrigada voce gostaria een jullie het buurt hoeveel goedemiddag goedemorgen graag bedankt wij zijn kunnen egun kaixo arratsalde gabon eskerrik agur'.split(
    ' ',
  ),
);

/** Words that follow an English "I": "I am", "I'll", "I booked", "I just". */
const I_THEN =
  /^(?:am|m|ll|ve|d|will|was|think|just|got|booked|made|wanted|would|also|really|cant|dont|didnt|wont|only)$/;

/** Spanish or English by the words people write, with ¿ ¡ ñ as Spanish; null when it cannot tell. */
function spanishOrEnglish(text: string): Language | null {
  let es = /[¿¡ñ]/.test(text) ? 2 : 0;
  let en = 0;
  const all = fold(text)
    .replace(/https?:\/\/\S+/g, ' ')
    .split(/[^a-z]+/)
    .filter(Boolean);
  for (const [index, word] of all.entries()) {
    const squeezed = word.replace(/([a-z])\1+$/, '$1');
    if (SPANISH.has(word) || SPANISH.has(squeezed)) es++;
    // "i quant costa?" is Catalan's "and": "i" is English only before an English word.
    // ("i on ho feu?", "and where do you do it?": Catalan's "and where", no English "I on".)
    const next = all[index + 1] ?? '';
    if (word === 'i' && !I_THEN.test(next) && (!ENGLISH.has(next) || next === 'on')) continue;
    if (word === 'on' && all[index - 1] === 'i') continue;
    // "hiii", "hellooo", "thankss": a word with its last letter stretched is that word, in either language.
    if (ENGLISH.has(word) || ENGLISH.has(squeezed)) en++;
  }
  if (es === en) return null;
  return es > en ? 'es' : 'en';
}

/** How many Spanish and English words a text has; one alone is weak evidence in a longer message. */
function evidence(text: string) {
  return fold(text)
    .split(/[^a-z]+/)
    .filter((word) => SPANISH.has(word) || ENGLISH.has(word)).length;
}

/**
 * The languages a guess may name: those customers of a business in Spain write in, and the world's
 * most spoken. Left to all of its languages, tinyld reads "blorf quonk zib" as Latin.
 */
const GUESSABLE = [
  ...['es', 'en', 'fr', 'de', 'it', 'pt', 'ca', 'gl', 'eu', 'nl', 'ro', 'pl', 'ru', 'uk', 'ar', 'zh'],
  ...['ja', 'ko', 'tr', 'sv', 'da', 'no', 'fi', 'el', 'he', 'hi', 'cs', 'hu', 'bg', 'sr', 'hr'],
];

/**
 * When a guess of another language counts: tinyld's scores are relative, so it must both score
 * OTHER_LANGUAGE_SCORE and lead the next guess OTHER_LANGUAGE_LEAD times over. "Guten Tag, haben
 * Sie am Samstag Termine in Bilbao?" is German at 0.078 against 0.025; "personal trainer in
 * alcobendas?" Italian at 0.048 against Spanish at 0.040 and "blorf quonk zib" French at 0.077
 * against Finnish at 0.052 say nothing.
 */
const OTHER_LANGUAGE_SCORE = 0.05;
const OTHER_LANGUAGE_LEAD = 1.5;

/**
 * What a statistical detector says of a longer message: Spanish, English, another language, or
 * null when it cannot tell. tinyld holds about 8 MB of heap; eld's n-gram database (chosen first,
 * decision record 007) held about 45 MB, and 150 MB of the process, for a task that only needs
 * "Spanish, English or neither" after the word lists (decision record 021).
 */
function detectedLanguage(text: string): Language | 'other' | null {
  const [best, next] = detectAll(text, { only: GUESSABLE });
  if (!best) return null;
  if (best.lang === 'es' || best.lang === 'en') return best.lang;
  const leads = !next || best.accuracy >= OTHER_LANGUAGE_LEAD * next.accuracy;
  return best.accuracy >= OTHER_LANGUAGE_SCORE && leads ? 'other' : null;
}

/**
 * The language of one message: Spanish or English by their words first (short WhatsApp messages
 * fool statistical detectors), then a trigram detector to tell another language; null for a message too short to say ("ok", "madrid").
 */
export function messageLanguage(text: string): Language | 'other' | null {
  const known = spanishOrEnglish(text);
  const letters = fold(text)
    .replace(/[^a-z ]/g, '')
    .trim();
  const length = letters.split(/\s+/).length;
  // "Guten Tag, haben Sie … in Madrid": one shared word is not English; let the detector look.
  // "Was kostet das?": a short message with more words of another language than ours is theirs.
  const foreign = fold(text)
    .split(/[^a-z]+/)
    .filter((word) => OTHER.has(word)).length;
  // Dutch shares "is", "in", "de" with English and Spanish: three of its own words hold a tie.
  const shared = evidence(text);
  if (foreign >= 2 && (foreign > shared || (foreign >= 3 && foreign === shared))) return 'other';
  // "Und in Madrid?", "Et le samedi ?": a short follow-up with a word of another language and no
  // more of ours cannot tell; the conversation's earlier messages do.
  if (foreign >= 1 && foreign >= shared && length < 4) return null;
  if (known && (evidence(text) >= 2 || length < 4)) return known;
  if (length < 3) return known;
  const detected = detectedLanguage(text);
  if (known && (detected === 'es' || detected === 'en' || !detected)) return known;
  if (detected === 'es' || detected === 'en') return detected;
  return detected ? 'other' : null;
}

/**
 * The language to answer in: the customer's latest message that tells, else the business's own.
 * `foreign` says the customer writes in a language we do not answer in (they get the business's).
 */
export function replyLanguage(
  texts: string[],
  businessLanguage: Language,
): { language: Language; foreign: boolean } {
  for (const text of [...texts].reverse()) {
    const language = messageLanguage(text);
    if (language === 'other') return { language: businessLanguage, foreign: true };
    if (language) return { language, foreign: false };
  }
  return { language: businessLanguage, foreign: false };
}

/** The customer's language, Spanish or English, from the latest messages first; English when unsure. */
export function detectLanguage(texts: string[]): Language {
  for (const text of [...texts].reverse()) {
    const language = spanishOrEnglish(text);
    if (language) return language;
  }
  return 'en';
}
