import fs from 'node:fs';
import path from 'node:path';
import {
  classifierOf,
  type IntentClassifier,
  type IntentExample,
  trainIntentModel,
  trainIntentModelSlowly,
} from './intent-classifier.ts';

/**
 * The classifier every conversation of this process asks, trained on the examples written out of
 * the evaluation corpus (`intent-examples.json`, `npm run eval:examples` rewrites it when the
 * corpus grows). Training takes seconds of CPU, so the server trains it after it starts, a few
 * milliseconds at a time, and only while the assistant is not answering anyone (a worker thread
 * would train in parallel but keeps about 50 MB of the process after it ends, and on two cores
 * still takes the CPU replies need); until it is ready the policy hears nothing from it and the
 * rules answer alone. Once trained it costs about 0.02 ms a message.
 */
let classifier: IntentClassifier | null = null;
let training: Promise<IntentClassifier> | null = null;

const EXAMPLES_FILE = path.join(import.meta.dirname, 'intent-examples.json');

export function intentExamples(): IntentExample[] {
  return JSON.parse(fs.readFileSync(EXAMPLES_FILE, 'utf8')) as IntentExample[];
}

/** The trained classifier, or null while it is still training (or was never asked for). */
export const intentClassifier = () => classifier;

/** Trains it here and now (tests, the evaluation): blocks for the seconds it takes. */
export function trainIntentClassifierNow(): IntentClassifier {
  classifier ??= classifierOf(trainIntentModel(intentExamples()));
  return classifier;
}

/**
 * Replies being worked out now, and when the last one ended: training waits while customers are
 * being answered (a burst right after a restart is answered by the rules alone, at full speed),
 * and goes on in the gaps, or regardless once it has waited a minute.
 */
let answering = 0;
let lastAnswerAt = 0;
const QUIET_MS = 500;
const LONGEST_WAIT_MS = 60_000;

/** Runs one reply's work, so background training keeps out of its way. */
export async function whileAnswering<T>(work: () => Promise<T>): Promise<T> {
  answering++;
  try {
    return await work();
  } finally {
    answering--;
    lastAnswerAt = Date.now();
  }
}

async function untilQuiet(waitingSince: { at: number | null }) {
  for (;;) {
    const busy = answering > 0 || Date.now() - lastAnswerAt < QUIET_MS;
    if (!busy) {
      waitingSince.at = null;
      break;
    }
    waitingSince.at ??= Date.now();
    if (Date.now() - waitingSince.at > LONGEST_WAIT_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setImmediate(resolve));
}

/** Trains it between requests, once per process. */
export function trainIntentClassifierInBackground(): Promise<IntentClassifier> {
  if (classifier) return Promise.resolve(classifier);
  const waitingSince = { at: null as number | null };
  training ??= trainIntentModelSlowly(intentExamples(), () => untilQuiet(waitingSince)).then((model) => {
    classifier ??= classifierOf(model);
    return classifier;
  });
  return training;
}

/** Sets the classifier conversations ask (tests: one of their own, or none with null). */
export function useIntentClassifier(next: IntentClassifier | null) {
  classifier = next;
}
