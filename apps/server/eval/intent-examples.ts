import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IntentExample } from '../src/modules/assistant/classifier/intent-classifier.ts';
import { type EvalCase, loadCorpus } from './corpus.ts';

/**
 * The intent classifier's training examples, written out of the corpus: the message of every
 * single-message case, labelled with its file's intent (a client's own appointment and an
 * anonymous customer's are one intent: the same words, told apart by the number writing), but a
 * goodbye that asks a last question. Only
 * single-message cases: in a longer one the file's intent is often a later message's
 * (decision record 013). `npm run eval:examples` rewrites the file; a test says when it is stale.
 */
export function intentExamplesOf(cases: EvalCase[]): IntentExample[] {
  return (
    cases
      .filter((item) => item.turns.length === 1)
      // "vale gracias, una última cosa, ¿cuánto era?": a goodbye that asks something is answered, so
      // it teaches the classifier nothing of goodbyes (taught as one, it overruled the answer).
      .filter((item) => !(item.intent === 'thanks_goodbye' && item.turns[0]!.customer.includes('?')))
      .map((item) => ({
        text: item.turns[0]!.customer,
        intent: item.intent === 'self_service' ? 'own_booking' : item.intent,
      }))
  );
}

export const EXAMPLES_PATH = fileURLToPath(
  new URL('../src/modules/assistant/classifier/intent-examples.json', import.meta.url),
);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const examples = intentExamplesOf(loadCorpus());
  fs.writeFileSync(EXAMPLES_PATH, `${JSON.stringify(examples, null, 2)}\n`);
  console.log(`${examples.length} examples written to ${path.relative(process.cwd(), EXAMPLES_PATH)}`);
}
