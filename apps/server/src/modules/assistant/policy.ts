import type { IntentScore } from './classifier/intent-classifier.ts';

/**
 * The assistant's policy: the one place that says which reading of a message wins and how sure
 * a reading must be to act on it. The engine reads a message into cues (the rules' flags, the
 * conversation, the trained classifier's scores); the policy orders the answers to try; the engine
 * tries them in that order and the first that has something to say is the reply. An answer that
 * needs the business's data (a price, a day's times) may find nothing to say and pass on.
 */

export const THRESHOLDS = {
  /**
   * The classifier's intent overrules the rules' reading only at this probability or above
   * (decision record 013: chosen on cross-validation, confirmed on a blind round; it never
   * overrules a handover, a refusal or a client's own booking, only turns a reading into one).
   */
  classifierDecides: 0.9,
  /** Below that, the customer is asked which of the likely readings they meant, from this score. */
  classifierAsks: 0.3,
  /** An option is offered in the clarifying question from this score. */
  optionShown: 0.08,
  /** At most this many options, besides a person, and at least this many to ask at all. */
  options: 3,
  minOptions: 2,
  /** A veto reads a message of its own, not a follow-up the conversation gives its sense to. */
  vetoMinWords: 3,
  /** Thanks of up to this many words that ask nothing more close the conversation. */
  closingThanksWords: 14,
} as const;

/** What the engine read of the message and the conversation, as the policy weighs it. */
export type Cues = {
  empty: boolean;
  /** Only what WhatsApp writes for a voice note, sticker or picture ("<audio omitido>"): nothing to read. */
  mediaOnly: boolean;
  /** "sí" to the assistant's own offer of a person, with no change of theirs waiting. */
  acceptsOfferedPerson: boolean;
  runningLate: boolean;
  complaint: boolean;
  /** A client cancelling and asking for the money: a question for the cancellation, not a complaint. */
  refundWithCancellation: boolean;
  asksForPerson: boolean;
  /** Someone else's appointment ("mi amiga tiene cita con…"). */
  someoneElsesBooking: boolean;
  /** "Tengo cita el jueves, ¿puedo llevar a un amigo?": a question beside their appointment. */
  ownBookingAside: boolean;
  /** A change of their appointment waits for the customer's yes. */
  pendingChange: boolean;
  /** Words of a client's own booking (see, move, cancel), whoever writes. */
  ownBooking: boolean;
  /** "¿con cuánta antelación hay que avisar si no puedo ir?": the rule, not their booking. */
  policyQuestion: boolean;
  injection: boolean;
  /** Asks for private data, and is not a question about the business itself. */
  privateData: boolean;
  /** "is this the salon?", "¿es la peluquería Brisa?". */
  asksWhoWeAre: boolean;
  /** "¿eres un bot o una persona?", "am I talking to a bot?": what answers them. */
  asksIfBot: boolean;
  /** Thanks that ask nothing more. */
  closingThanks: boolean;
  offTopic: boolean;
  /** The message names what the business does (a kind of professional, a speciality, one of them): never off topic. */
  namesOurWork: boolean;
  closing: boolean;
  greeting: boolean;
  /** Words the message has: a veto reads only messages with enough of their own. */
  wordCount: number;
  /**
   * The message asks something ("ok, ¿y 19h?"), picks a time ("a las 5 perfecto") or asks for the
   * link ("perfecto, cómo reservo"): a goodbye the classifier reads in it ends nothing.
   */
  question: boolean;
  /** The assistant's last reply did not understand either (or asked which of several was meant). */
  lastUnsure: boolean;
  /**
   * "¿qué quieres decir?", "¿depende de qué?", "¿seguro?": asks what the assistant's last answer
   * meant or whether it holds, and it had one that was not itself a "not sure".
   */
  asksMeaning: boolean;
  /** The trained classifier's reading of the message alone, the likeliest first (none while it trains). */
  classified: IntentScore[];
  /** The message picks one of the options the assistant's last reply asked about ("2", "la primera"). */
  picksOption: boolean;
};

export type Route =
  | 'chosen-option'
  | 'greeting'
  | 'bot'
  | 'explain'
  | 'person'
  | 'running-late'
  | 'complaint'
  | 'someone-else'
  | 'own-booking-aside'
  | 'own-booking'
  | 'own-booking-handover'
  | 'refusal'
  | 'goodbye'
  | 'website'
  | 'plain-variant'
  | 'business'
  | 'off-topic'
  | 'closing'
  | 'clarify'
  | 'hand-over-unclear'
  | 'not-understood'
  | 'media';

/**
 * The classifier's intents the policy can answer without the rules' reading of the business's
 * data, and the answer each gets. The others (a price, times, a professional) need the entities
 * the rules find; when only the classifier sees them, the customer is asked.
 */
const DIRECT: Record<string, Route> = {
  complaint: 'complaint',
  ask_person: 'person',
  own_booking: 'own-booking-handover',
  injection_privacy: 'refusal',
  thanks_goodbye: 'goodbye',
  off_topic: 'off-topic',
  greeting: 'greeting',
};

/**
 * The classifier may turn the rules' reading of the business into these (a handover, a refusal:
 * the safe direction, a person looks), or into a goodbye or an off-topic answer, which cost
 * nothing if wrong. Never a greeting over a question the rules read, and never a client's own
 * booking: the rules answer a client's own appointments themselves, and the corpus measured the
 * classifier's "own booking" handing over what they answered right (running late "a lo de las 6",
 * a move refused by the policy, a question about someone else's appointment).
 */
const VETO_OVER_BUSINESS = ['complaint', 'ask_person', 'injection_privacy', 'thanks_goodbye', 'off_topic'];

/**
 * What the rules' own routes exclude, the classifier's may not bring back: a question about the
 * cancellation rule is no booking to hand over, and a client cancelling for the money is no
 * complaint.
 */
function allowed(route: Route, cues: Cues) {
  if (route === 'own-booking-handover') return !cues.policyQuestion;
  if (route === 'complaint') return !cues.refundWithCancellation;
  return true;
}

/** The classifier's reading, if it is sure enough to act on. */
function sure(cues: Cues): IntentScore | undefined {
  const [top] = cues.classified;
  return top && top.score >= THRESHOLDS.classifierDecides ? top : undefined;
}

/** The answers to try, in order: the first with something to say is the reply. */
export function routes(cues: Cues): Route[] {
  if (cues.empty) return ['greeting'];
  if (cues.mediaOnly) return ['media'];
  const order: Route[] = [];
  const add = (route: Route, when: boolean) => {
    if (when && !order.includes(route)) order.push(route);
  };
  // "2" after "¿Te refieres a 1. … 2. …?": the reading the customer chose.
  add('chosen-option', cues.picksOption);
  // Handovers and refusals the rules read come first: what a person must see, and what must never
  // be done, outrank any answer.
  add('person', cues.acceptsOfferedPerson);
  // Before a complaint: "llego 10 min tarde, hay un atasco horrible" is no complaint of us (the
  // trainer's lateness, "carlos llegó tarde", is no running late: own-booking.ts's othersLate).
  add('running-late', cues.runningLate && !cues.injection);
  add('complaint', cues.complaint && !cues.injection && !cues.refundWithCancellation);
  add('person', cues.asksForPerson && !cues.injection);
  // "¿eres un bot o una persona?": an honest answer, not a handover (a person asked for is above).
  add('bot', cues.asksIfBot && !cues.injection && !cues.complaint);
  // "¿qué quieres decir?": the last answer said again, plainly (a change waiting for a yes is the
  // client's own booking's to say again).
  add('explain', cues.asksMeaning && !cues.pendingChange && !cues.injection);
  add('someone-else', cues.someoneElsesBooking);
  add('own-booking-aside', cues.ownBookingAside && !cues.injection && !cues.pendingChange);
  // A client's own appointments, here, with their confirmation; words of a booking from anyone
  // else go to a person.
  add('own-booking', !cues.injection);
  add('own-booking-handover', cues.ownBooking && !cues.injection && !cues.policyQuestion);
  add('refusal', cues.injection || cues.privateData);
  add('greeting', cues.asksWhoWeAre);
  add('goodbye', cues.closingThanks);

  // The classifier's second opinion, where the rules read only the business: a handover or a
  // refusal it is sure of goes before the rules' answer (never while a change waits for a yes, and
  // never on a short follow-up, whose sense is the conversation's).
  const veto = sure(cues);
  const vetoes =
    veto &&
    VETO_OVER_BUSINESS.includes(veto.intent) &&
    !cues.pendingChange &&
    cues.wordCount >= THRESHOLDS.vetoMinWords &&
    !(veto.intent === 'thanks_goodbye' && cues.question) &&
    // "¿con quién me recomiendas para fuerza en Madrid?" is our work, whatever else it resembles.
    !(veto.intent === 'off_topic' && cues.namesOurWork);
  if (vetoes && allowed(DIRECT[veto.intent]!, cues)) add(DIRECT[veto.intent]!, true);

  add('website', true);
  add('plain-variant', true);
  add('business', true);
  add('off-topic', cues.offTopic);
  add('closing', cues.closing);
  add('greeting', cues.greeting);
  // The rules found nothing to answer: what the classifier is sure of, if it can be answered
  // without the business's data; else one short question with the likely readings; else a person
  // if this is the second time; else say so.
  if (veto && DIRECT[veto.intent] && allowed(DIRECT[veto.intent]!, cues)) add(DIRECT[veto.intent]!, true);
  if (cues.lastUnsure) add('hand-over-unclear', true);
  add('clarify', true);
  add('not-understood', true);
  return order;
}

/** The readings a clarifying question offers: the likely intents, with a person always last. */
export function clarifyingOptions(cues: Cues): string[] {
  const [top] = cues.classified;
  if (!top || top.score < THRESHOLDS.classifierAsks) return [];
  const options: string[] = [];
  for (const { intent, score } of cues.classified) {
    if (score < THRESHOLDS.optionShown || options.length >= THRESHOLDS.options) break;
    const option = OPTION_OF[intent];
    if (option && !options.includes(option)) options.push(option);
  }
  // One reading is no choice: the plain "not sure" says what it can do and what to tell it.
  return options.length >= THRESHOLDS.minOptions ? options : [];
}

/** The option each intent is offered as (intents that need no question have none). */
const OPTION_OF: Record<string, string> = {
  open_times: 'open_times',
  named_professional: 'find_professional',
  find_professional: 'find_professional',
  unserved: 'find_professional',
  prices: 'prices',
  company_info: 'company_info',
  own_booking: 'own_booking',
};
