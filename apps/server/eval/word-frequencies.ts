/**
 * Writes how many customer messages of the eval corpus each word stem appears in
 * (`src/modules/assistant/vocabulary/word-frequencies.json`). Taught lessons weigh a message's
 * words by it (lessons.ts): the words every customer writes ("hora", "cita", "quiero") say little
 * of what one message asks, a rare one ("chiringuito", "bizum") says most. Re-run after folding
 * new conversations into the corpus: `node apps/server/eval/word-frequencies.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stemsOf } from '../src/modules/assistant/lessons.ts';
import { loadCorpus } from './corpus.ts';

const messages = loadCorpus().flatMap((evalCase) => evalCase.turns.map((turn) => turn.customer));
const counts = new Map<string, number>();
for (const message of messages)
  for (const stem of new Set(stemsOf(message))) counts.set(stem, (counts.get(stem) ?? 0) + 1);
// A stem seen once is as rare as one never seen: only the others are worth storing.
const frequent = Object.fromEntries(
  [...counts].filter(([, count]) => count >= 2).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);
const out = path.join(import.meta.dirname, '../src/modules/assistant/vocabulary/word-frequencies.json');
fs.writeFileSync(out, `${JSON.stringify({ messages: messages.length, stems: frequent }, null, 0)}\n`);
console.log(
  `${messages.length} messages, ${Object.keys(frequent).length} stems → ${path.relative(process.cwd(), out)}`,
);
