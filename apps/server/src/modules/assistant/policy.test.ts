import { describe, expect, it } from 'vitest';
import { type Cues, clarifyingOptions, routes, THRESHOLDS } from './policy.ts';

const quiet: Cues = {
  empty: false,
  mediaOnly: false,
  acceptsOfferedPerson: false,
  runningLate: false,
  complaint: false,
  refundWithCancellation: false,
  asksForPerson: false,
  someoneElsesBooking: false,
  ownBookingAside: false,
  pendingChange: false,
  ownBooking: false,
  policyQuestion: false,
  injection: false,
  privateData: false,
  asksWhoWeAre: false,
  asksIfBot: false,
  closingThanks: false,
  offTopic: false,
  namesOurWork: false,
  closing: false,
  greeting: false,
  wordCount: 6,
  question: false,
  lastUnsure: false,
  asksMeaning: false,
  classified: [],
  picksOption: false,
};
const sure = (intent: string) => [
  { intent, score: 0.95 },
  { intent: 'prices', score: 0.05 },
];
/** Whether a comes before b in the order (a route not in it comes never). */
const before = (order: string[], a: string, b: string) => {
  const at = (route: string) => (order.includes(route) ? order.indexOf(route) : Number.POSITIVE_INFINITY);
  return at(a) < at(b);
};

describe("the assistant's policy", () => {
  it('puts what a person must see and what must never be done before any answer of the business', () => {
    const order = routes({ ...quiet, complaint: true, injection: false });
    expect(order[0]).toBe('complaint');
    expect(before(order, 'complaint', 'business')).toBe(true);
    expect(routes({ ...quiet, injection: true })).not.toContain('own-booking');
    expect(routes({ ...quiet, complaint: true, injection: true })).not.toContain('complaint');
    expect(routes({ ...quiet, complaint: true, refundWithCancellation: true })).not.toContain('complaint');
    expect(routes({ ...quiet, empty: true })).toEqual(['greeting']);
    // A voice note or a sticker: what we can and cannot read, never a person for it.
    expect(routes({ ...quiet, mediaOnly: true, lastUnsure: true })).toEqual(['media']);
  });

  it("lets the classifier turn the business's answer into a handover or a refusal it is sure of", () => {
    const order = routes({ ...quiet, classified: sure('complaint') });
    expect(before(order, 'complaint', 'business')).toBe(true);
    expect(before(routes({ ...quiet, classified: sure('injection_privacy') }), 'refusal', 'business')).toBe(
      true,
    );
    expect(before(routes({ ...quiet, classified: sure('thanks_goodbye') }), 'goodbye', 'business')).toBe(
      true,
    );
  });

  it('never lets the classifier decide below its threshold, on a short follow-up or while a change waits', () => {
    const unsure = [
      { intent: 'complaint', score: THRESHOLDS.classifierDecides - 0.01 },
      { intent: 'prices', score: 0.01 },
    ];
    expect(before(routes({ ...quiet, classified: unsure }), 'business', 'complaint')).toBe(true);
    const short = routes({ ...quiet, wordCount: THRESHOLDS.vetoMinWords - 1, classified: sure('complaint') });
    expect(before(short, 'business', 'complaint')).toBe(true);
    const waiting = routes({ ...quiet, pendingChange: true, classified: sure('complaint') });
    expect(before(waiting, 'business', 'complaint')).toBe(true);
  });

  it('never lets a goodbye the classifier reads end a message that asks something ("ok, ¿y 19h?")', () => {
    const asks = routes({ ...quiet, question: true, classified: sure('thanks_goodbye') });
    expect(before(asks, 'business', 'goodbye')).toBe(true);
    // A complaint asked as a question is still one.
    const complaint = routes({ ...quiet, question: true, classified: sure('complaint') });
    expect(before(complaint, 'complaint', 'business')).toBe(true);
  });

  it('never lets an off-topic reading the classifier is sure of overrule a message naming our work', () => {
    expect(before(routes({ ...quiet, classified: sure('off_topic') }), 'off-topic', 'business')).toBe(true);
    const ours = routes({ ...quiet, namesOurWork: true, classified: sure('off_topic') });
    expect(before(ours, 'business', 'off-topic')).toBe(true);
  });

  it("never turns the rules' answer into a client's own booking, nor brings back what they ruled out", () => {
    const order = routes({ ...quiet, classified: sure('own_booking') });
    expect(before(order, 'business', 'own-booking-handover')).toBe(true);
    const rule = routes({ ...quiet, policyQuestion: true, classified: sure('own_booking') });
    expect(rule).not.toContain('own-booking-handover');
  });

  it('never lets the classifier overrule a greeting over a question, only answer one the rules did not read', () => {
    const order = routes({ ...quiet, classified: sure('greeting') });
    expect(before(order, 'business', 'greeting')).toBe(true);
  });

  it('when nothing is understood: a second time goes to a person, else one question with the likely readings', () => {
    const order = routes(quiet);
    expect(order.slice(-2)).toEqual(['clarify', 'not-understood']);
    const again = routes({ ...quiet, lastUnsure: true });
    expect(before(again, 'hand-over-unclear', 'clarify')).toBe(true);
    expect(routes({ ...quiet, picksOption: true })[0]).toBe('chosen-option');
  });

  it('offers the likely readings, one option each, only when the classifier has a reading at all', () => {
    const classified = [
      { intent: 'open_times', score: 0.5 },
      { intent: 'named_professional', score: 0.2 },
      { intent: 'find_professional', score: 0.15 },
      { intent: 'prices', score: 0.1 },
      { intent: 'greeting', score: 0.05 },
    ];
    expect(clarifyingOptions({ ...quiet, classified })).toEqual([
      'open_times',
      'find_professional',
      'prices',
    ]);
    expect(clarifyingOptions({ ...quiet, classified: [{ intent: 'prices', score: 0.2 }] })).toEqual([]);
    // One reading is no choice.
    const one = [
      { intent: 'find_professional', score: 0.8 },
      { intent: 'greeting', score: 0.2 },
    ];
    expect(clarifyingOptions({ ...quiet, classified: one })).toEqual([]);
    expect(clarifyingOptions(quiet)).toEqual([]);
  });
});
