import { fold } from '../rules/text.ts';

/**
 * A small trained reader of a customer message's intent: TF-IDF of folded words, word pairs and
 * character 3–5-grams (what lets it read spellings nobody wrote before), and a softmax regression.
 * Decision record 013 measured it against the rules and NLP.js: alone it is only as good as the
 * rules, but as a second opinion it catches what one word misleads them on. It is one cue among
 * several; what it may decide is the policy's to say (`policy.ts`), never this module's.
 */
export type IntentExample = { text: string; intent: string };
export type IntentScore = { intent: string; score: number };
export type IntentClassifier = {
  /** Every intent with its probability, the likeliest first. */
  rank(text: string): IntentScore[];
};

/** What the model reads of a message: words, word pairs and the letters inside each word. */
export function features(text: string): string[] {
  const tokens = fold(text)
    .replace(/[^a-z0-9ñ€]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const out = tokens.map((token) => `w:${token}`);
  for (let i = 1; i < tokens.length; i++) out.push(`b:${tokens[i - 1]}_${tokens[i]}`);
  for (const token of tokens) {
    const padded = ` ${token} `;
    for (let n = 3; n <= 5; n++)
      for (let i = 0; i + n <= padded.length; i++) out.push(`c:${padded.slice(i, i + n)}`);
  }
  return out;
}

type SparseRow = { at: Int32Array; value: Float64Array };

/** A trained model as plain data: what a worker thread hands back, and what a classifier reads. */
export type IntentModel = {
  labels: string[];
  features: string[];
  idf: Float64Array;
  /** By feature then label: `weights[feature * labels.length + label]`. */
  weights: Float64Array;
  bias: Float64Array;
};

/** Trained in a fixed order with fixed settings: the same examples give the same model every run. */
const EPOCHS = 60;
const RATE = 0.5;
const L2 = 1e-4;

type Scorer = (row: SparseRow) => Float64Array;

function scorer(labels: number, weights: Float64Array, bias: Float64Array): Scorer {
  const logits = new Float64Array(labels);
  return (row) => {
    logits.set(bias);
    for (let j = 0; j < row.at.length; j++) {
      const base = row.at[j]! * labels;
      const v = row.value[j]!;
      for (let c = 0; c < labels; c++) logits[c]! += weights[base + c]! * v;
    }
    let top = -Infinity;
    for (let c = 0; c < labels; c++) top = Math.max(top, logits[c]!);
    let total = 0;
    const p = new Float64Array(labels);
    for (let c = 0; c < labels; c++) {
      p[c] = Math.exp(logits[c]! - top);
      total += p[c]!;
    }
    for (let c = 0; c < labels; c++) p[c]! /= total;
    return p;
  };
}

/** A message as the model reads it: its features' TF-IDF, normalised to length one. */
function vectorOf(text: string, index: Map<string, number>, idf: Float64Array): SparseRow {
  const counts = new Map<string, number>();
  for (const feature of features(text)) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const at: number[] = [];
  const value: number[] = [];
  for (const [feature, count] of counts) {
    const i = index.get(feature);
    if (i === undefined) continue;
    at.push(i);
    value.push((1 + Math.log(count)) * idf[i]!);
  }
  const norm = Math.sqrt(value.reduce((sum, v) => sum + v * v, 0)) || 1;
  return { at: Int32Array.from(at), value: Float64Array.from(value, (v) => v / norm) };
}

/**
 * Plain stochastic gradient descent with a little L2, over the examples in their order. A
 * generator that pauses every so many examples, so a server can train it between requests.
 */
function* training(examples: IntentExample[]): Generator<void, IntentModel> {
  const labels = [...new Set(examples.map((example) => example.intent))].sort();
  const index = new Map<string, number>();
  const documentFrequency: number[] = [];
  for (const [i, example] of examples.entries()) {
    for (const feature of new Set(features(example.text))) {
      let at = index.get(feature);
      if (at === undefined) {
        at = index.size;
        index.set(feature, at);
        documentFrequency.push(0);
      }
      documentFrequency[at]!++;
    }
    if (i % PAUSE_EVERY === 0) yield;
  }
  const idf = Float64Array.from(documentFrequency, (df) => Math.log((1 + examples.length) / (1 + df)) + 1);
  const k = labels.length;
  const weights = new Float64Array(index.size * k);
  const bias = new Float64Array(k);
  const probabilities = scorer(k, weights, bias);
  const rows: SparseRow[] = [];
  for (const [i, example] of examples.entries()) {
    rows.push(vectorOf(example.text, index, idf));
    if (i % PAUSE_EVERY === 0) yield;
  }
  const targets = examples.map((example) => labels.indexOf(example.intent));
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (const [i, row] of rows.entries()) {
      const p = probabilities(row);
      for (let c = 0; c < k; c++) p[c]! -= targets[i] === c ? 1 : 0;
      for (let j = 0; j < row.at.length; j++) {
        const base = row.at[j]! * k;
        const v = row.value[j]!;
        for (let c = 0; c < k; c++)
          weights[base + c] = weights[base + c]! - RATE * (p[c]! * v + L2 * weights[base + c]!);
      }
      for (let c = 0; c < k; c++) bias[c] = bias[c]! - RATE * p[c]!;
      if (i % PAUSE_EVERY === 0) yield;
    }
  }
  return { labels, features: [...index.keys()], idf, weights, bias };
}

/** Examples between two pauses of a background training: a few milliseconds of work. */
const PAUSE_EVERY = 100;

export function trainIntentModel(examples: IntentExample[]): IntentModel {
  const steps = training(examples);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same model, trained a few milliseconds at a time so requests are answered meanwhile; before
 * each step it awaits `pause` (the server's: until the assistant is not answering anyone).
 */
export async function trainIntentModelSlowly(
  examples: IntentExample[],
  pause: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve)),
): Promise<IntentModel> {
  const steps = training(examples);
  for (;;) {
    await pause();
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export function classifierOf(model: IntentModel): IntentClassifier {
  const index = new Map(model.features.map((feature, i) => [feature, i]));
  const probabilities = scorer(model.labels.length, model.weights, model.bias);
  return {
    rank(text) {
      const p = probabilities(vectorOf(text, index, model.idf));
      return model.labels
        .map((intent, c) => ({ intent, score: p[c]! }))
        .sort((a, b) => b.score - a.score || a.intent.localeCompare(b.intent));
    },
  };
}

export const trainIntentClassifier = (examples: IntentExample[]) => classifierOf(trainIntentModel(examples));
