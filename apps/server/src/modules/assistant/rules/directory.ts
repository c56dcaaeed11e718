import type { AssistantDirectoryEntry, AssistantKnowledge } from '../assistant-engine.ts';
import { SERVICE_SYNONYMS, VOCABULARY } from '../vocabulary/vocabulary.ts';
import { KINDS, PLACES, STOPWORDS } from './lexicon.ts';
import { fold, hasAny, hasPhrase, sameWord, stem, VERB_FORM, words } from './text.ts';
import { clockOf, resolveWhen } from './when.ts';

export type Professional = AssistantDirectoryEntry & {
  /** Folded first name and full name, as customers write them. */
  firstName: string;
  fullName: string;
  /** Their folded names after the first, of four letters or more ("ruiz" of Carlos Ruiz). */
  surnames: string[];
  /** The kinds (lexicon groups) their title and role speak of. */
  kinds: Set<string>;
  /** Stems of the words of their title and role, for kinds the lexicon does not know. */
  roleStems: Set<string>;
  /** Their places, by canonical name. */
  places: string[];
};

export type Directory = {
  professionals: Professional[];
  /** Folded alias → canonical place, from the lexicon and from the professionals' own locations. */
  placeAliases: Map<string, string>;
  /** Places where at least one professional works, in the order first seen. */
  servedPlaces: string[];
  /** The folded words of the business's name ("bufete prieto"): none of them names a professional by surname. */
  companyWords: Set<string>;
};

const roleWords = (entry: AssistantDirectoryEntry) =>
  words(`${entry.title ?? ''} ${entry.role ?? ''}`).filter(
    (word) => word.length >= 5 && !STOPWORDS.has(word),
  );

/**
 * A kind's words and their plurals: "¿qué entrenadores tenéis?", "any trainers?", "fisios en
 * Valencia". The vocabulary writes each word once, in the singular; a plural names the same kind.
 */
const withPlurals = (phrase: string) =>
  /[a-z]{3}$/.test(phrase) && !phrase.endsWith('s') ? [phrase, `${phrase}s`, `${phrase}es`] : [phrase];
const KIND_PHRASES = Object.entries(KINDS).map(
  ([kind, phrases]) => [kind, phrases.flatMap(withPlurals)] as const,
);

export function kindsOfText(folded: string): Set<string> {
  const found = new Set<string>();
  for (const [kind, phrases] of KIND_PHRASES) {
    if (hasAny(folded, phrases)) found.add(kind);
  }
  return found;
}

export function buildDirectory(knowledge: AssistantKnowledge): Directory {
  const placeAliases = new Map<string, string>();
  for (const [place, aliases] of Object.entries(PLACES))
    for (const alias of aliases) placeAliases.set(alias, place);
  const canonical = (location: string) => placeAliases.get(fold(location)) ?? location;
  for (const entry of knowledge.employees) {
    for (const location of entry.locations) {
      if (!placeAliases.has(fold(location))) placeAliases.set(fold(location), location);
    }
  }
  const professionals = knowledge.employees.map((entry) => {
    const description = fold(`${entry.title ?? ''} ${entry.role ?? ''}`);
    return {
      ...entry,
      firstName: fold(entry.name.split(/\s+/)[0] ?? entry.name),
      fullName: fold(entry.name),
      surnames: surnamesOf(fold(entry.name)),
      kinds: kindsOfText(description),
      roleStems: new Set(roleWords(entry).map(stem)),
      places: entry.locations.map(canonical),
    };
  });
  const servedPlaces: string[] = [];
  for (const professional of professionals)
    for (const place of professional.places) if (!servedPlaces.includes(place)) servedPlaces.push(place);
  const companyWords = new Set(words(knowledge.companyName ?? ''));
  return { professionals, placeAliases, servedPlaces, companyWords };
}

/** Places named in a text, by canonical name (longest aliases first, so "palma de mallorca" wins). */
export function placesIn(folded: string, directory: Directory): string[] {
  const found: string[] = [];
  const aliases = [...directory.placeAliases.keys()].sort((a, b) => b.length - a.length);
  let rest = folded;
  for (const alias of aliases) {
    if (hasPhrase(rest, alias)) {
      const place = directory.placeAliases.get(alias)!;
      if (!found.includes(place)) found.push(place);
      rest = rest.replace(alias, ' ');
    }
  }
  return found;
}

/** Professionals the customer names ("con javier", "Is Carmen free"), never the customer's own name ("soy Marta"). */
export function professionalsNamed(text: string, directory: Directory): Professional[] {
  const folded = fold(text);
  const own = /(?:soy|me llamo|my name is|i am|i'm|im)\s+([a-z]+)/.exec(folded)?.[1];
  const typed = words(text);
  const named = directory.professionals.filter((professional) => {
    if (own && sameWord(own, professional.firstName)) return false;
    if (hasPhrase(folded, professional.fullName)) return true;
    return typed.some((word) => sameWord(word, professional.firstName));
  });
  if (named.length) return named;
  // "Moreno atiende online?", "lo de fernandez": a surname alone, exactly as theirs and nobody
  // else's (nor the business's name's: "Bufete Prieto" is no Iker Prieto). One that is also a word
  // ("blanco", "moreno") only where a name goes: first, or after "con", "de" or "with".
  return directory.professionals.filter((professional) => {
    const surnames = professional.surnames.filter(
      (surname) =>
        !directory.companyWords.has(surname) &&
        !directory.professionals.some((p) => p !== professional && p.surnames.includes(surname)),
    );
    return typed.some(
      (word, index) =>
        surnames.includes(word) &&
        word !== own &&
        (!KNOWN_WORDS.has(word) || index === 0 || /^(?:con|de|with|y|oye)$/.test(typed[index - 1] ?? '')),
    );
  });
}

/** A professional's names after the first ("ruiz" of Carlos Ruiz), of four letters or more. */
function surnamesOf(fullName: string): string[] {
  return fullName
    .split(/\s+/)
    .slice(1)
    .filter((part) => part.length >= 4);
}

/** Stems of every lexicon word: a role word outside them ("despidos", "caballero") is the business's own. */
const LEXICON_STEMS = new Set(
  Object.values(KINDS).flatMap((phrases) => phrases.flatMap((phrase) => words(phrase)).map(stem)),
);

/**
 * Professionals whose kinds, or whose own title and role words, meet what the customer asked for.
 * A word only the business uses narrows it down: "abogado para un despido" is the employment lawyer.
 */
export function professionalsOfKind(kinds: Set<string>, typedStems: Set<string>, directory: Directory) {
  const found = directory.professionals.filter(
    (professional) =>
      [...kinds].some((kind) => professional.kinds.has(kind)) ||
      [...typedStems].some((typed) => professional.roleStems.has(typed)),
  );
  // Several kinds asked at once ("mi madre quiere tinte, mi hermana uñas y yo un corte"): everyone
  // who meets one of them; a role word narrows only a single need.
  if (kinds.size > 1) return found;
  const specific = [...typedStems].filter((typed) => !LEXICON_STEMS.has(typed));
  const narrowed = found.filter((professional) =>
    specific.some((typed) => professional.roleStems.has(typed)),
  );
  return narrowed.length ? narrowed : found;
}

/** A word the dates and times reader takes for a day or a time ("matin", "tarde"): never a role word. */
const saysWhen = (word: string) =>
  Boolean(resolveWhen(word, new Date(0), 'UTC')) || Object.keys(clockOf(word)).length > 0;

/** "¿y con otra persona?": a person, never the stem of a "Personal Trainer". */
const PERSON_WORDS = new Set(['persona', 'personas', 'person', 'persons']);

/**
 * Stems of the customer's words that name something in a professional's title or role ("colorista",
 * "caballero"). When their own words name no kind and no role, a word customers use for a service of
 * the price lists ("coupe", "homme") speaks with the list's own words ("corte", "caballero"), so it
 * meets the role that names them; never beside a kind, where "la chica del color" is a person, not
 * the service "de señora".
 */
export function roleStemsIn(text: string, directory: Directory, kindNamed = false): Set<string> {
  const all = new Set(directory.professionals.flatMap((professional) => [...professional.roleStems]));
  const typed = words(text).filter((word) => !STOPWORDS.has(word) && !PERSON_WORDS.has(word));
  // The dates reader is the costly test: it runs only on the few words that meet a role.
  // "alguien que me arregle las cejas": with a kind named, a verb is what is done to it, not the
  // role its stem meets ("arreglar" is no "arreglo de barba").
  // ("que me arregle las cejas": a word after "me", "te", "le" is a verb too, whatever its ending.)
  const afterPronoun = new Set(
    [...fold(text).matchAll(/\b(?:me|te|le|les|nos|se)\s+([a-z]+)/g)].map((found) => found[1]!),
  );
  const isVerb = (word: string) => kindNamed && (VERB_FORM.test(word) || afterPronoun.has(word));
  const own = new Set(
    typed
      .filter((word) => word.length >= 5 && all.has(stem(word)) && !isVerb(word) && !saysWhen(word))
      .map(stem),
  );
  const ofServices = (found: string[]) =>
    found
      .flatMap((word) =>
        (SERVICE_SYNONYMS.get(word) ?? (SERVICE_NAMES.has(word) ? [word] : [])).flatMap((service) =>
          words(service),
        ),
      )
      .filter((word) => word.length >= 5)
      .map(stem)
      .filter((found) => all.has(found));
  // "tengo que cortarme el pelo": a verb the vocabulary gives a service for names that service's
  // role word ("corte", the barber's "corte de caballero" too), where its own stem would not.
  if (kindNamed) return new Set([...own, ...ofServices(typed.filter(isVerb))]);
  if (own.size) return own;
  return new Set(ofServices(typed));
}

/** The services' own words the synonyms lead to ("corte", "barba"): "que me corte el pelo" says one. */
const SERVICE_NAMES = new Set([...SERVICE_SYNONYMS.values()].flat());

/** Every word the vocabulary knows (cue words, kinds, places, topics, stopwords): none of them is a name. */
const KNOWN_WORDS = new Set(
  Object.values(VOCABULARY)
    .flatMap((value) =>
      value instanceof Set
        ? [...value]
        : value instanceof Map
          ? [...value.keys()]
          : Array.isArray(value)
            ? value
            : Object.values(value).flatMap((entry) => (Array.isArray(entry) ? entry : [])),
    )
    .flatMap((phrase) => words(String(phrase))),
);

/** Words around a name in a question about a person: the person is the subject or the one booked with. */
const ABOUT_A_PERSON = [
  // "laura da sesiones?", "¿Pablo Ortega sigue dando clases?", "Anna still works there?"
  // "Rocío me puede atender?", "¿Laura nos podría hacer un tinte?", "can Anna see me?": the person and what they could do.
  /^(?:(?:y|oye|and|hola|hi)\s+)?([a-z]{3,})(?:\s+([a-z]{3,}))?\s+(?:(?:me|nos|te|le)\s+)?(?:puede|podria|podra)\s+[a-z]{3,}/,
  /^(?:(?:and|hi|hello)\s+)?(?:can|could)\s+([a-z]{3,})(?:\s+([a-z]{3,}))?\s+(?:see|do|take|book|cut|fit)\b/,
  // "Rocío me puede atender?", "¿Laura nos podría atender?": a modal and a pronoun may come between.
  /^(?:(?:y|oye|and|hola|hi)\s+)?([a-z]{3,})(?:\s+([a-z]{3,}))?\s+(?:(?:me|nos|te|le)\s+)?(?:(?:puede|podria|podra|can|could)\s+)?(?:da|dan|sigue|siguen|trabaja|trabajan|atiende|atender|atenderme|pasa consulta|works|teaches|still|see me|take me)\b/,
  // "¿sigue Laura trabajando ahí?", "is Anna still working there?"
  /\b(?:sigue|esta|is|does)\s+([a-z]{3,})\s+(?:trabajando|dando|todavia|aun|ahi|alli|con vosotros|still|working|there|with you)\b/,
  // "¿quién es Laura Martín?", "who is Laura?", "conocéis a Laura?"
  /\b(?:quien es|who is|who's|conoceis a|conoces a|do you know)\s+([a-z]{3,})(?:\s+([a-z]{3,}))?/,
];
/** "una cita con Laura", "book with Laura": after "with", only a word written with a capital is taken for a name ("cita con antelación" is not). */
const BOOK_WITH =
  /\b(?:reservar|reserva|cita|sesion|clase|hueco|entrenar|book|appointment|session)\s+(?:\w+\s+)?(?:con|with)\s+([a-z]{3,})(?:\s+([a-z]{3,}))?/;

const MODAL_VERBS =
  /^(?:podria|podrian|podrias|podriais|puede|pueden|puedes|podeis|podra|podran|podras|quisiera|querria|deberia|could|would|should|might)$/;

/** Whether a folded word could be the name of someone who is no bookable professional. */
function nameOfNoProfessional(directory: Directory) {
  const roleWords = new Set(
    directory.professionals.flatMap((p) => words(`${p.title ?? ''} ${p.role ?? ''}`)),
  );
  return (word: string) =>
    !KNOWN_WORDS.has(word) &&
    // "¿Podría atenderme algún empleado?": a verb that opens a polite question is no name.
    !MODAL_VERBS.test(word) &&
    // "mañana", "viernes", "tarde": days and times are no names.
    !resolveWhen(word, new Date(0), 'UTC') &&
    !Object.keys(clockOf(word)).length &&
    !roleWords.has(word) &&
    !directory.placeAliases.has(word) &&
    !directory.professionals.some((p) => sameWord(word, p.firstName));
}

const TALK_TO = /\b(?:hablar|hablarlo|charlar|speak|talk)\s+(?:con|with|to)\s+([a-z]{3,})\b/;

/**
 * "¿puedo hablar con Laura?": asking to talk to someone by a name that is no bookable
 * professional's (a manager, the owner) asks for a person of the team, never for a booking.
 */
export function asksToTalkToStaff(text: string, directory: Directory): boolean {
  const name = TALK_TO.exec(words(text).join(' '))?.[1];
  return name !== undefined && nameOfNoProfessional(directory)(name);
}

/**
 * "¿Laura da sesiones?": a person asked about by a name that is no bookable professional's (the
 * assistant never sees staff who take no bookings), as the customer wrote it; undefined when the
 * words could be anything but a name.
 */
export function personNotListed(text: string, directory: Directory): string | undefined {
  const typed = words(text).join(' ');
  const isNameLike = nameOfNoProfessional(directory);
  const plain = text.normalize('NFD').replace(/\p{Diacritic}/gu, '');
  const capitalised = (word: string) =>
    [...plain.matchAll(new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'giu'))].some((found) =>
      /\p{Lu}/u.test(found[0].charAt(0)),
    );
  for (const pattern of [...ABOUT_A_PERSON, BOOK_WITH]) {
    const match = pattern.exec(typed);
    if (!match || !isNameLike(match[1]!)) continue;
    if (pattern === BOOK_WITH && !capitalised(match[1]!)) continue;
    const surname = match[2] && isNameLike(match[2]) ? match[2] : undefined;
    const name = surname ? `${match[1]} ${surname}` : match[1]!;
    // As the customer wrote it ("Laura Martín"), else capitalised.
    const written = new RegExp(`\\b${name.replace(/ /g, '\\s+')}\\b`, 'i').exec(fold(text));
    const original = written ? text.slice(written.index, written.index + written[0].length) : name;
    return original
      .split(/\s+/)
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join(' ');
  }
  return undefined;
}
