import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../eval/corpus.ts';
import { EXAMPLES_PATH, intentExamplesOf } from '../../../../eval/intent-examples.ts';
import {
  features,
  trainIntentClassifier,
  trainIntentModel,
  trainIntentModelSlowly,
} from './intent-classifier.ts';

const examples = [
  { text: 'hola buenas', intent: 'greeting' },
  { text: 'hola que tal', intent: 'greeting' },
  { text: 'buenos dias', intent: 'greeting' },
  { text: 'muchas gracias', intent: 'thanks' },
  { text: 'gracias por todo', intent: 'thanks' },
  { text: 'mil gracias guapa', intent: 'thanks' },
  { text: 'cuanto cuesta el corte', intent: 'prices' },
  { text: 'que precio tiene la sesion', intent: 'prices' },
  { text: 'cuanto vale una clase', intent: 'prices' },
];

describe('the intent classifier', () => {
  it('reads words, word pairs and the letters inside words, folded', () => {
    const read = features('Cuánto cuesta');
    expect(read).toContain('w:cuanto');
    expect(read).toContain('b:cuanto_cuesta');
    expect(read).toContain('c: cu');
    expect(read).toContain('c:esta ');
  });

  it('ranks every intent by probability, and reads spellings it was not taught by their letters', () => {
    const classifier = trainIntentClassifier(examples);
    const ranked = classifier.rank('graciasss!!');
    expect(ranked.map((item) => item.intent).sort()).toEqual(['greeting', 'prices', 'thanks']);
    expect(ranked[0]!.intent).toBe('thanks');
    expect(ranked.reduce((sum, item) => sum + item.score, 0)).toBeCloseTo(1);
    expect(classifier.rank('cuanto me costaria')[0]!.intent).toBe('prices');
  });

  it('trains the same model every time, slowly or at once', async () => {
    const once = trainIntentModel(examples);
    let pauses = 0;
    const slowly = await trainIntentModelSlowly(examples, async () => {
      pauses++;
    });
    // It waits for its turn before the first step and between every few examples.
    expect(pauses).toBeGreaterThan(examples.length);
    expect(Array.from(slowly.weights)).toEqual(Array.from(once.weights));
    expect(slowly.features).toEqual(once.features);
  });

  it('is trained on the corpus as it is now (npm run eval:examples rewrites the file)', () => {
    const written = JSON.parse(fs.readFileSync(EXAMPLES_PATH, 'utf8'));
    expect(written).toEqual(intentExamplesOf(loadCorpus()));
  });
});
