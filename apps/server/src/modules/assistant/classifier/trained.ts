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
 * milliseconds at a time between requests (a worker thread would do it in parallel but keeps
 * about 50 MB of the process after it ends); until it is ready the policy hears nothing from it
 * and the rules answer alone.
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

/** Trains it between requests, once per process. */
export function trainIntentClassifierInBackground(): Promise<IntentClassifier> {
  if (classifier) return Promise.resolve(classifier);
  training ??= trainIntentModelSlowly(intentExamples()).then((model) => {
    classifier ??= classifierOf(model);
    return classifier;
  });
  return training;
}

/** Forgets the trained classifier (tests that compare the engine with and without it). */
export function forgetIntentClassifier() {
  classifier = null;
  training = null;
}

/** Sets the classifier conversations ask (tests: one trained on examples of their own). */
export function useIntentClassifier(next: IntentClassifier | null) {
  classifier = next;
}
