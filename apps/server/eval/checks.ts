/** How a reply is judged against a case's expectation (eval/corpus/README.md). */
export type Expectation = {
  language?: 'es' | 'en';
  handover?: boolean;
  /** Every entry must match; an array entry matches when any one of its strings does. */
  mustInclude?: Array<string | string[]>;
  mustNotInclude?: string[];
  /** Self-service: the state of the case customer's first appointment after this turn. */
  appointment?: AppointmentExpectation;
  /**
   * Self-service: the state of each of the case customer's appointments after this turn, in the
   * order of `customer.appointments` (null: that one is not checked in this turn).
   */
  appointments?: Array<AppointmentExpectation | null>;
};

export type AppointmentExpectation = { status?: string; date?: string; time?: string; refunded?: boolean };

/** The case customer's appointment as the database has it after a turn. */
export type AppointmentState = { status: string; date: string; time: string; refunded: boolean };

/** What differs between the expected appointment state and the real one. */
export function judgeAppointment(expected: AppointmentExpectation, actual: AppointmentState | null) {
  if (!actual) return ['the case customer has no appointment'];
  return (Object.keys(expected) as Array<keyof AppointmentState>)
    .filter((key) => expected[key] !== actual[key])
    .map((key) => `appointment ${key} is ${actual[key]}, expected ${expected[key]}`);
}

/** Case- and accent-insensitive, as customers and the corpus write. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const SPANISH = new Set(
  'el la los las de del que y en un una por para con no es tu te tiene tienes hay puedes aqui hola gracias esta este estos como cuando donde tambien pero si su sus mas muy ya lo le se al dia hora cita reservar precio persona'.split(
    ' ',
  ),
);
const ENGLISH = new Set(
  'the and to of a in is you your for with on are can have has here hello hi thanks this that it be at from we our will would please book price person day time there each lasts minutes appointment appointments session sessions'.split(
    ' ',
  ),
);

/** Spanish or English by common words; a reply with neither counts as unknown. */
export function replyLanguage(text: string): 'es' | 'en' | 'unknown' {
  const words = fold(text)
    .replace(/https?:\/\/\S+/g, ' ')
    .split(/[^a-zñ]+/)
    .filter(Boolean);
  let es = 0;
  let en = 0;
  for (const word of words) {
    if (SPANISH.has(word)) es++;
    if (ENGLISH.has(word)) en++;
  }
  if (es === en) return 'unknown';
  return es > en ? 'es' : 'en';
}

/** The reasons a turn's replies fail its expectation; empty when they pass. */
export function judge(replies: string[], handedOver: boolean, expect: Expectation): string[] {
  const text = replies.join('\n');
  const haystack = fold(text);
  const problems: string[] = [];
  if (expect.handover !== undefined && expect.handover !== handedOver) {
    problems.push(expect.handover ? 'expected a handover to a person' : 'handed over but should not');
  }
  if (expect.language && replies.length > 0) {
    // A reply may quote the business's own text «in its language»; the reply's language is the rest.
    const language = replyLanguage(text.replace(/«[^»]*»/g, ' '));
    if (language !== expect.language)
      problems.push(`reply language ${language}, expected ${expect.language}`);
  }
  if (replies.length === 0 && (expect.mustInclude?.length ?? 0) > 0) problems.push('no reply');
  for (const entry of expect.mustInclude ?? []) {
    const options = Array.isArray(entry) ? entry : [entry];
    if (!options.some((option) => haystack.includes(fold(option)))) {
      problems.push(
        `missing ${options.length === 1 ? JSON.stringify(options[0]) : `one of ${JSON.stringify(options.slice(0, 6))}${options.length > 6 ? '…' : ''}`}`,
      );
    }
  }
  // A booking link's conversation reference is random hex ("?c=42e46127b2a58f1c"): a forbidden
  // number ("612", a phone's digits) found inside it is no leak, and no failure.
  const unreferenced = haystack.replace(/\?c=[0-9a-f]+/g, '?c=');
  for (const forbidden of expect.mustNotInclude ?? []) {
    if (unreferenced.includes(fold(forbidden)))
      problems.push(`contains forbidden ${JSON.stringify(forbidden)}`);
  }
  return problems;
}
