import { STOPWORDS, TOPICS } from './lexicon.ts';
import { fold, hasPhrase, stem, VERB_FORM, words } from './text.ts';

/** The company information, cut into sentences, ready to answer questions from. */
export type CompanyInfo = {
  sentences: Array<{ text: string; stems: Set<string>; words: string }>;
  /** Services with their price, read from lines like "corte de caballero 16 €, tinte desde 35 €". */
  prices: Array<{
    name: string;
    stems: string[];
    amount: string;
    from: boolean;
    /** "corte infantil (hasta 12 años)": the oldest age the price is for. */
    maxAge?: number;
  }>;
};

/** Splits on full stops followed by a capital letter and on new lines; "9:00" and "45;" stay inside. */
function sentencesOf(information: string): string[] {
  const sentences: string[] = [];
  for (const line of information.split(/\n+/)) {
    const parts = line.split(/(?<=[.!?])\s+(?=[A-ZÁÉÍÓÚÑ¿¡])/).map((part) => part.trim());
    for (const part of parts.filter(Boolean)) {
      // "Horarios: Madrid …. Zaragoza: …. Granada: …": one list, kept whole.
      const previous = sentences.at(-1);
      if (
        previous &&
        /^[\p{Lu}][\p{L} ]{2,30}:/u.test(part) &&
        previous.includes(':') &&
        parts.indexOf(part) > 0
      )
        sentences[sentences.length - 1] = `${previous} ${part}`;
      else sentences.push(part);
    }
  }
  return sentences;
}

const PRICE_ITEM =
  /([\p{L}][\p{L}\s+()/0-9-]*?)\s+(desde\s+|from\s+)?(\d+(?:[.,]\d{1,2})?)\s*(?:€|eur|euros)/giu;

/** "(hasta 12 años)", "(up to 12 years)", "(menores de 13)": an age limit written beside a price. */
const AGE_LIMIT = /\((hasta(?: los)?|up to|under|menores de)\s+(\d{1,2})(?:\s+(?:anos|years))?[^)]*\)/;

function pricesOf(sentences: string[]): CompanyInfo['prices'] {
  const prices: CompanyInfo['prices'] = [];
  for (const sentence of sentences) {
    const list = sentence.includes(':') ? sentence.slice(sentence.indexOf(':') + 1) : sentence;
    for (const part of list.split(/[,;]| y (?=[\p{L}])/u)) {
      PRICE_ITEM.lastIndex = 0;
      const match = PRICE_ITEM.exec(part.trim());
      if (!match) continue;
      const name = match[1]!.replace(/\(.*?\)/g, '').trim();
      const stems = words(name)
        .filter((word) => word.length >= 3 && !STOPWORDS.has(word))
        .map(stem);
      // "La reserva de una cita de 30 minutos cuesta 10 €" is the booking fee, not a service.
      if (stems.length === 0 || stems.length > 5 || /cuesta|costs|reserva|booking/.test(fold(name))) continue;
      const age = AGE_LIMIT.exec(fold(match[1]!));
      prices.push({
        name,
        stems,
        amount: match[3]!.replace('.', ','),
        from: Boolean(match[2]),
        // "under 13", "menores de 13": up to 12.
        ...(age ? { maxAge: Number(age[2]) - (/under|menores/.test(age[1]!) ? 1 : 0) } : {}),
      });
    }
  }
  return prices;
}

export function readCompanyInfo(information: string): CompanyInfo {
  const sentences = sentencesOf(information);
  return {
    sentences: sentences.map((text) => ({
      text,
      stems: new Set(words(text).map(stem)),
      words: words(text).join(' '),
    })),
    prices: pricesOf(sentences),
  };
}

/** The topics of the company information a question is about (parking, hours, payment…), if any. */
export function topicsOf(question: string): string[] {
  return queryStems(question).topics;
}

/** A topic's phrases of several words ("tarjeta regalo"): their words name the topic only together. */
const topicPhrases = Object.entries(TOPICS).flatMap(([topic, list]) =>
  list.filter((entry) => entry.includes(' ')).map((phrase) => ({ topic, phrase, words: words(phrase) })),
);
/** The stems that name a topic on their own: its one-word entries. */
const topicWordStems = new Map<string, Set<string>>(
  Object.entries(TOPICS).map(([topic, list]) => [
    topic,
    new Set(list.filter((entry) => !entry.includes(' ')).flatMap((entry) => words(entry).map(stem))),
  ]),
);

/**
 * The question's words that could appear in an answer, and the topics it is about. A phrase of a
 * topic claims its words: "tarjetas regalo" is about gifts, not about paying by card.
 */
function queryStems(question: string) {
  const typed = words(question);
  const folded = typed.join(' ');
  const topics = new Set<string>();
  const claimed = new Set<string>();
  for (const { topic, phrase, words: phraseWords } of topicPhrases) {
    if (!hasPhrase(folded, phrase)) continue;
    topics.add(topic);
    for (const word of phraseWords) claimed.add(word);
  }
  const own = typed.filter((word) => word.length >= 3 && !STOPWORDS.has(word)).map(stem);
  const free = typed
    .filter((word) => word.length >= 3 && !STOPWORDS.has(word) && !claimed.has(word))
    .map(stem);
  for (const [topic, stems] of topicWordStems) if (free.some((s) => stems.has(s))) topics.add(topic);
  return { own: new Set(own), topics: [...topics] };
}

/** The sentence has a word or phrase of the topic. */
function speaksOf(sentence: CompanyInfo['sentences'][number], topic: string) {
  const stems = topicWordStems.get(topic);
  return (
    [...(stems ?? [])].some((s) => sentence.stems.has(s)) ||
    topicPhrases.some((entry) => entry.topic === topic && hasPhrase(sentence.words, entry.phrase))
  );
}

/**
 * The sentence of the company information that best answers the question, or null when none
 * shares a topic or two of its words with it (then the honest answer is "I don't know").
 */
export function findAnswer(
  info: CompanyInfo,
  question: string,
  extraStems: string[] = [],
  /** Sentences already given ("¿y el domingo?" after the weekdays' hours asks for another). */
  given: string[] = [],
  /**
   * Only a sentence that speaks of one of these topics answers: given when the message asks
   * something else too, so that a word it shares with another sentence ("cuesta" with the booking
   * fee's, "hora" with the opening hours') does not put that sentence in place of its answer.
   */
  onTopics?: string[],
) {
  const { own, topics } = queryStems(question);
  for (const extra of extraStems) own.add(extra);
  let best: { text: string; score: number } | null = null;
  for (const sentence of info.sentences) {
    if (given.includes(sentence.text)) continue;
    let score = 0;
    for (const s of own) if (sentence.stems.has(s)) score += 1;
    for (const topic of topics) {
      // A sentence that speaks of the topic in several words ("reserva … paga … descuenta") beats one word.
      const phrases = topicPhrases.filter(
        (entry) => entry.topic === topic && hasPhrase(sentence.words, entry.phrase),
      );
      const matched =
        [...topicWordStems.get(topic)!].filter((s) => sentence.stems.has(s)).length + 2 * phrases.length;
      if (matched) score += 1 + Math.min(3, matched);
    }
    if (onTopics && !onTopics.some((topic) => speaksOf(sentence, topic))) continue;
    if (score > (best?.score ?? 0)) best = { text: sentence.text, score };
  }
  return best && best.score >= 2 ? best : null;
}

/**
 * The service whose name the customer used ("corte de caballero", "mechas"), preferring the closest
 * match. A word several services share ("corte") names none of them on its own.
 */
export function findPrice(
  info: CompanyInfo,
  question: string,
  synonyms: Map<string, string[]>,
  /** A shared word may name the one item that is only it (not for a part of a question split on "y" / "+"). */
  bySharedWord = true,
) {
  // "¿y solo la barba?": only a service on its own, not one that combines it with another.
  const alone = /\b(solo|sola|solamente|unicamente|only|just)\b/.test(fold(question));
  const pool = alone ? info.prices.filter((item) => !/\+|\sy\s|\band\b/.test(item.name)) : info.prices;
  const uses = new Map<string, number>();
  for (const item of pool) for (const s of new Set(item.stems)) uses.set(s, (uses.get(s) ?? 0) + 1);
  const said = saidIn(question, synonyms);
  // "arreglar las cejas": a word met only by a verb ("arreglar" of "arreglo de barba") names the
  // service less than a noun does ("cejas" of "diseño de cejas").
  const nouns = saidIn(
    words(question)
      .filter((word) => !VERB_FORM.test(word))
      .join(' '),
    synonyms,
  );
  let best: { item: CompanyInfo['prices'][number]; score: number } | null = null;
  for (const item of pool) {
    const matchedStems = item.stems.filter(said);
    const matched = matchedStems.length;
    if (matched === 0) continue;
    if (matched < item.stems.length && matchedStems.every((s) => (uses.get(s) ?? 0) > 1)) continue;
    const byVerbOnly = matchedStems.filter((s) => !nouns(s)).length;
    // "quiero arreglarme las uñas": a verb alone ("arreglo" of "arreglo de barba") names no service.
    if (byVerbOnly === matched && matched < item.stems.length) continue;
    // Every word of the name matched beats a partial match; fewer extra words beat more.
    const score = matched * 10 - byVerbOnly * 5 - (item.stems.length - matched) * 4 - item.stems.length;
    if (!best || score > best.score) best = { item, score };
  }
  if (best || !bySharedWord) return best?.item ?? null;
  // "¿y cuánto la barba?": a word several services share names the one that is only that
  // ("Arreglo de barba", not "Corte + barba"), when exactly one of them is on its own.
  const single = pool.filter((item) => !COMBINED.test(item.name) && item.stems.some(nouns));
  return single.length === 1 ? single[0]! : null;
}

/** A price-list item that is two services sold together ("Corte + barba", "manicura y pedicura"). */
const COMBINED = /\+|\sy\s|\band\b/;

/** Whether a stem of a service's name is among the customer's words or their synonyms. */
function saidIn(question: string, synonyms: Map<string, string[]>) {
  const typedWords = words(question);
  // A synonym of several words ("las uñas": the manicure; "uñas" alone is also "unas", some) is
  // read as the phrase it is.
  const line = ` ${typedWords.join(' ')} `;
  const phrases = [...synonyms].flatMap(([phrase, services]) =>
    phrase.includes(' ') && line.includes(` ${phrase} `) ? services.flatMap((service) => words(service)) : [],
  );
  const typed = new Set(
    [...typedWords.flatMap((word) => [word, ...(synonyms.get(word) ?? [])]), ...phrases].map(stem),
  );
  // "semi" names "semipermanente": a typed word of four letters or more may be the start of one.
  const typedStems = [...typed];
  return (s: string) =>
    typed.has(s) || typedStems.some((t) => t.length >= 4 && (s.startsWith(t) || t.startsWith(s)));
}

/** Every word of the service's name is in the question ("corte para un niño" names "corte infantil"). */
export const namesWholly = (
  item: CompanyInfo['prices'][number],
  question: string,
  synonyms: Map<string, string[]>,
) => item.stems.every(saidIn(question, synonyms));

/**
 * Every service the customer named ("pedicura y cejas"): the best match of the whole question, and
 * of each part of it that names another service ("corte + barba" stays the one service it is).
 */
export function findPrices(
  info: CompanyInfo,
  question: string,
  synonyms: Map<string, string[]>,
  /** A part whose word several services share is each of them (the price asked, not a lookup). */
  eachOfShared = false,
) {
  const found: CompanyInfo['prices'] = [];
  const whole = findPrice(info, question, synonyms);
  if (whole) found.push(whole);
  // "manicura normal y semipermanente", "¿qué diferencia hay?": the plain service is asked for too.
  const compares = /\b(diferencia|difference|compar\w*|vs|versus|entre)\b/.test(fold(question));
  // "pedicura + cejas": a plus joins two services, unless the price list sells them together ("corte + barba").
  const parts = question.split(/\s+(?:y|e|and|o|or|mas|plus|vs\.?|versus|contra)\s+|[,;&+/]/);
  // "cuánto sale corte y tinte": a part whose word several services share ("corte": de señora, de
  // caballero, infantil) is each of them, beside the other part's service.
  const sharedBy = (part: string) => {
    const said = saidIn(part, synonyms);
    const items = info.prices.filter((item) => !COMBINED.test(item.name) && item.stems.some(said));
    return items.length >= 2 && items.length <= 3 ? items : [];
  };
  const unnamed: string[] = [];
  for (const part of parts) {
    const item = findPrice(info, part, synonyms, false);
    if (!item && parts.length > 1) unnamed.push(part);
    if (!item || found.includes(item)) continue;
    const plain =
      compares || /\b(normal|simple|sencill\w*|basic\w*|plain|regular|standard|clasic\w*)\b/.test(fold(part));
    // A part that is only a piece of a service already found ("barba" of "corte + barba") adds nothing.
    if (whole && !plain && item.stems.every((s) => whole.stems.includes(s))) continue;
    if (whole?.stems.every((s) => item.stems.includes(s))) continue;
    found.push(item);
  }
  // "corte de caballero y la barba": the list's combination of the two ("corte + barba") is asked for too.
  const said = saidIn(question, synonyms);
  for (const item of info.prices)
    if (/\+/.test(item.name) && !found.includes(item) && item.stems.every(said)) found.push(item);
  // (Not a word a service found covers already: "corte y barba" is "Corte + barba".)
  for (const part of eachOfShared && found.length ? unnamed : []) {
    const inPart = saidIn(part, synonyms);
    if (found.some((item) => item.stems.some(inPart))) continue;
    for (const item of sharedBy(part)) if (!found.includes(item)) found.push(item);
  }
  // "¿cuánto cuesta un corte?": no service named alone, but a word several share: each of them.
  if (eachOfShared && !found.length)
    for (const part of parts) for (const item of sharedBy(part)) if (!found.includes(item)) found.push(item);
  return found.slice(0, 4);
}

/**
 * The sentence that answers one topic of a question ("¿dónde estáis?" → the one with the
 * addresses), among those that speak of that topic; the question's own words (a city) break ties.
 */
export function findAnswerOn(info: CompanyInfo, question: string, topic: string, extraStems: string[] = []) {
  const { own } = queryStems(question);
  for (const extra of extraStems) own.add(extra);
  const stems = topicWordStems.get(topic) ?? new Set<string>();
  let best: { text: string; score: number } | null = null;
  for (const sentence of info.sentences) {
    const phrases = topicPhrases.filter(
      (entry) => entry.topic === topic && hasPhrase(sentence.words, entry.phrase),
    );
    const matched = [...stems].filter((s) => sentence.stems.has(s)).length + 2 * phrases.length;
    if (!matched) continue;
    let score = Math.min(3, matched);
    for (const s of own) if (sentence.stems.has(s)) score += 1;
    if (score > (best?.score ?? 0)) best = { text: sentence.text, score };
  }
  return best;
}

/**
 * The address the business gives for one of its places: "Madrid (Calle de Fuencarral 45; …)" or
 * "Madrid: Calle Mayor 3" gives "Calle de Fuencarral 45". Null when none is written with a number.
 */
export function addressOf(info: CompanyInfo, place: string): string | null {
  const name = place.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`\\b${name}\\s*(?:\\(|:\\s*|,\\s*)([^;().,]*?\\d+[^;().,]*?)(?=[;().,]|$)`, 'u');
  for (const sentence of info.sentences) {
    const found = pattern.exec(sentence.text)?.[1]?.trim();
    if (found && STREET.test(fold(found))) return found;
  }
  return null;
}
const STREET =
  /\b(?:calle|c\/|avenida|avda|av|paseo|plaza|pza|carrer|rua|via|street|st|road|rd|avenue|ave|square|ronda|camino|travesia|gran via)\b/;
