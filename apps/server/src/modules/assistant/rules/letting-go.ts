import { fold } from './text.ts';

/**
 * "vale pues nada", "bueno, déjalo", "never mind": whatever was offered (a person, a change), the
 * customer lets it go. The whole message says only that, with a filler before or after.
 */
const PHRASES = [
  'pues nada',
  'nada',
  'dejalo',
  'dejalo estar',
  'olvidalo',
  'da igual',
  'never mind',
  'nevermind',
  'forget it',
  // Thinking it over: nothing to do yet.
  'dejame pensarlo',
  'dejame que lo piense',
  'me lo pienso',
  'me lo pensare',
  'lo pienso',
  'lo pensare',
  'lo voy a pensar',
  'let me think',
  'let me think about it',
  'i ll think about it',
];
/** What may follow: thanks, or that the appointment stays as it is ("vale pues nada, la dejo"). */
const AFTER = [
  'entonces',
  'gracias',
  'then',
  'thanks',
  'la dejo',
  'lo dejo',
  'la dejo asi',
  'la dejo como esta',
  'la mantengo',
  'me la quedo',
  'keep it',
  'i ll keep it',
];
/** That the appointment stays as it is: said alone too ("vale la dejo entonces"). */
const KEEPS = AFTER.slice(AFTER.indexOf('la dejo'));
const NEVER_MIND = new RegExp(
  `^(?:(?:vale|ok|okay|bueno|ah|pues|entonces|ya|vaya|well|oh|mmm*|hmm*|no)\\s+)*(?:${[...PHRASES, ...KEEPS].join('|')})(?:\\s+(?:${AFTER.join('|')}))*$`,
);

/** Its words: the spelling corrector never reads them as slips of others ("déjalo" is no "dejado"). */
export const LETTING_GO_WORDS: ReadonlySet<string> = new Set(
  [...PHRASES, ...AFTER].flatMap((phrase) => phrase.split(' ')),
);

export const lettingGo = (text: string) =>
  NEVER_MIND.test(
    fold(text)
      .replace(/[^\p{L}\p{N}\s]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
