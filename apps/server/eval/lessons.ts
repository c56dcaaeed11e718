// `npm run eval:lessons`: how taught lessons reach other customers (issue #24). Each round file in
// eval/lessons/ was written blind (from the businesses' data only, without reading the matcher):
// a lesson is the words staff taught from, what they mean or the business's answer, three ways
// other customers say the same need, and two messages that share words with it but ask something
// else. With every lesson of a business taught at once, it counts:
//   - reached: a rewording gets its lesson;   - strayed: a rewording gets another lesson;
//   - leaked: a different message gets the lesson (or, second figure, any lesson);
//   - corpus: the business's eval corpus messages that any lesson takes over (an upper bound on
//     the harm: some of them may ask what a lesson answers);
//   - answered as taught (end to end, through the simulator on the business's own data): a
//     rewording gets the taught answer, or for a meaning the same reply as the meaning said
//     plainly, whether by the lesson or by the engine on its own; and the same before any lesson.
//   npm run eval:lessons -- [--round <file>] [--verbose] [--match-only]

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TaughtDay, TaughtIntent } from '@chatdesk/contract/teaching';
import { eq } from 'drizzle-orm';
import { employees, services } from '../src/db/schema.ts';
import {
  LESSON_MATCH,
  matchLesson,
  meaningText,
  type TaughtLesson,
} from '../src/modules/assistant/lessons.ts';
import { EVAL_STAFF, startBusinessApp } from './business-app.ts';
import { loadCorpus } from './corpus.ts';

type RoundLesson = {
  id: string;
  business: string;
  language: 'es' | 'en';
  taught: string;
  kind: 'meaning' | 'answer';
  intent?: TaughtIntent;
  professional?: string | null;
  service?: string | null;
  day?: TaughtDay | null;
  answer?: string;
  paraphrases: string[];
  different: string[];
};

const { values: args } = parseArgs({
  options: {
    round: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    'match-only': { type: 'boolean', default: false },
  },
});
const folder = path.join(import.meta.dirname, 'lessons');
const files = args.round
  ? [path.resolve(args.round)]
  : fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => path.join(folder, name));
const corpus = loadCorpus();
const pct = (part: number, whole: number) =>
  `${part}/${whole} = ${((100 * part) / (whole || 1)).toFixed(1)}%`;

console.log(
  `Lesson matching: strict ${LESSON_MATCH.strict}, lenient ${LESSON_MATCH.lenient} (when the engine is unsure)`,
);
for (const file of files) {
  const { lessons } = JSON.parse(fs.readFileSync(file, 'utf8')) as { lessons: RoundLesson[] };
  console.log(`\n${path.relative(process.cwd(), file)}: ${lessons.length} lessons`);
  for (const business of [...new Set(lessons.map((lesson) => lesson.business))].sort()) {
    const own = lessons.filter((lesson) => lesson.business === business);
    const taught: Array<TaughtLesson & { round: RoundLesson }> = own.map((lesson) => ({
      id: lesson.id,
      kind: lesson.kind,
      example: lesson.taught,
      intent: lesson.intent ?? null,
      employeeName: lesson.professional ?? null,
      serviceName: lesson.service ?? null,
      day: lesson.day ?? null,
      answer: lesson.answer ?? null,
      round: lesson,
    }));
    let reworded = 0;
    let reached = 0;
    let strayed = 0;
    let different = 0;
    let leaked = 0;
    let leakedAny = 0;
    const exact = taught.filter((lesson) => matchLesson(lesson.example, taught)?.id === lesson.id).length;
    for (const lesson of taught) {
      for (const text of lesson.round.paraphrases) {
        reworded++;
        const got = matchLesson(text, taught);
        if (got?.id === lesson.id) reached++;
        else if (got) strayed++;
        if (args.verbose && got?.id !== lesson.id)
          console.log(
            `  missed  ${lesson.id}: "${text}" (taught "${lesson.example}") → ${got ? got.id : 'none'}`,
          );
      }
      for (const text of lesson.round.different) {
        different++;
        const got = matchLesson(text, taught);
        if (got?.id === lesson.id) leaked++;
        if (got) leakedAny++;
        if (args.verbose && got)
          console.log(`  leaked  ${lesson.id}: "${text}" (taught "${lesson.example}") → ${got.id}`);
      }
    }
    const messages = corpus
      .filter((evalCase) => evalCase.business === business)
      .flatMap((evalCase) => evalCase.turns.map((turn) => turn.customer));
    const takenOver = messages.filter((message) => {
      const got = matchLesson(message, taught);
      if (got && args.verbose) console.log(`  corpus  "${message}" → ${got.id} ("${got.example}")`);
      return got;
    }).length;
    console.log(`${business}:`);
    console.log(`  the taught words         ${pct(exact, taught.length)}`);
    console.log(
      `  rewordings reached       ${pct(reached, reworded)} (another lesson: ${pct(strayed, reworded)})`,
    );
    console.log(
      `  different needs leaked   ${pct(leaked, different)} (to any lesson: ${pct(leakedAny, different)})`,
    );
    console.log(`  eval corpus taken over   ${pct(takenOver, messages.length)}`);
    if (!args['match-only']) await endToEnd(business, taught);
  }
}

/** A reply as compared: the conversation's ref in booking links aside. */
function plain(replies: string[]) {
  return replies.join('\n').replace(/([?&])c=[0-9a-f]+/g, '$1');
}

/**
 * Through the simulator on the business's own data: how many rewordings get the answer taught (a
 * meaning: the same reply as the meaning said plainly), before any lesson and with all of them.
 */
async function endToEnd(business: string, taught: Array<TaughtLesson & { round: RoundLesson }>) {
  const { app, database, close } = await startBusinessApp(business);
  try {
    const say = async (text: string) => {
      const sent = await app.services.simulator.send(EVAL_STAFF, {
        text,
        sessionId: randomBytes(6).toString('hex'),
        clientId: null,
      });
      return plain(sent.replies);
    };
    // What each lesson's answer is: the taught text, or the engine's reply to the meaning said plainly.
    const expected = new Map<string, string>();
    for (const lesson of taught)
      expected.set(
        lesson.id,
        lesson.kind === 'answer' ? lesson.answer! : await say(meaningText(lesson, lesson.round.language)),
      );
    const score = async () => {
      let right = 0;
      let leaked = 0;
      for (const lesson of taught) {
        for (const text of lesson.round.paraphrases)
          if ((await say(text)) === expected.get(lesson.id)) right++;
        for (const text of lesson.round.different)
          if ((await say(text)) === expected.get(lesson.id)) leaked++;
      }
      return { right, leaked };
    };
    const before = await score();
    for (const lesson of taught) {
      const [employee] = lesson.employeeName
        ? await database.db.select().from(employees).where(eq(employees.name, lesson.employeeName))
        : [];
      const [service] = lesson.serviceName
        ? await database.db.select().from(services).where(eq(services.name, lesson.serviceName))
        : [];
      if (lesson.employeeName && !employee) console.log(`  (no professional "${lesson.employeeName}")`);
      if (lesson.serviceName && !service) console.log(`  (no service "${lesson.serviceName}")`);
      await app.services.teaching.createLesson(
        lesson.kind === 'answer'
          ? { kind: 'answer', example: lesson.example, answer: lesson.answer!, conversationId: null }
          : {
              kind: 'meaning',
              example: lesson.example,
              intent: lesson.intent!,
              employeeId: employee?.id ?? null,
              serviceId: service?.id ?? null,
              day: lesson.day,
              conversationId: null,
            },
      );
    }
    const after = await score();
    const rewordings = taught.reduce((sum, lesson) => sum + lesson.round.paraphrases.length, 0);
    const differents = taught.reduce((sum, lesson) => sum + lesson.round.different.length, 0);
    console.log(
      `  answered as taught       ${pct(after.right, rewordings)} (before any lesson: ${pct(before.right, rewordings)})`,
    );
    console.log(
      `  different, same answer   ${pct(after.leaked, differents)} (before any lesson: ${pct(before.leaked, differents)})`,
    );
  } finally {
    await close();
  }
}
