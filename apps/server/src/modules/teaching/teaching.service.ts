import {
  type AssistantTest,
  type assistantTestFormSchema,
  type Lesson,
  type LessonSaved,
  type lessonFormSchema,
  type ReviewItem,
  TEACHING_MESSAGES,
  type TestResult,
  type TestRun,
} from '@chatdesk/contract/teaching';
import type { z } from 'zod';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/app-error.ts';
import type { AssistantService } from '../assistant/assistant.service.ts';
import { containsFolded, lessonKey, type TaughtLesson } from '../assistant/lessons.ts';
import type { LessonRow, LessonValues, TeachingRepository, TestRow } from './teaching.repository.ts';

type LessonInput = z.output<typeof lessonFormSchema>;
type TestInput = z.output<typeof assistantTestFormSchema>;

const toLesson = (row: LessonRow): Lesson => ({
  id: row.id,
  kind: row.kind,
  example: row.example,
  intent: row.intent,
  employeeId: row.employeeId,
  employeeName: row.employeeName,
  serviceId: row.serviceId,
  serviceName: row.serviceName,
  day: row.day,
  answer: row.answer,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toTest = (row: TestRow): AssistantTest => ({
  id: row.id,
  name: row.name,
  lines: row.lines,
  mustContain: row.mustContain,
  mustDo: row.mustDo,
  createdAt: row.createdAt.toISOString(),
});

/** A lesson as the assistant applies it: names as customers write them. */
export const taughtLesson = (row: LessonRow): TaughtLesson => ({
  id: row.id,
  kind: row.kind,
  example: row.example,
  intent: row.intent,
  employeeName: row.employeeName,
  serviceName: row.serviceName,
  day: row.day,
  answer: row.answer,
});

/** Why a run of one case failed, in words staff read; null when it passed. */
export function judge(
  test: Pick<AssistantTest, 'mustContain' | 'mustDo'>,
  turns: TestResult['turns'],
): string | null {
  const handedOver = turns.some((turn) => turn.handedOver);
  if (test.mustDo === 'answer' && handedOver) return 'It handed the conversation to a person.';
  if (test.mustDo === 'hand_over' && !handedOver) return 'It did not hand the conversation to a person.';
  const last = turns.findLast((turn) => turn.replies.length > 0);
  const said = last?.replies.join('\n') ?? '';
  if (test.mustContain && !containsFolded(said, test.mustContain))
    return `Its answer does not contain "${test.mustContain}".`;
  return null;
}

/**
 * Teaching the assistant (issue #24): the review queue, the lessons staff write from it or in
 * Settings, and the business's own test set. The only writer of the lessons, the test set and the
 * reviewed conversations. A lesson applies from the next message on: saving one makes the
 * assistant forget what it read (`onChange`, on every instance) and runs the test set again.
 */
export function createTeachingService({
  repository,
  assistant,
  onChange,
  clock,
}: {
  repository: TeachingRepository;
  assistant: Pick<AssistantService, 'tryOut' | 'engineName'>;
  onChange: () => void;
  clock: () => Date;
}) {
  async function lessonValues(input: LessonInput): Promise<LessonValues> {
    const exampleKey = lessonKey(input.example);
    if (!exampleKey) throw invalid(TEACHING_MESSAGES.exampleRequired);
    if (input.kind === 'answer')
      return { kind: 'answer', example: input.example, exampleKey, answer: input.answer };
    if (input.employeeId && !(await repository.employeeExists(input.employeeId)))
      throw invalid(TEACHING_MESSAGES.employeeNotFound);
    if (input.serviceId && !(await repository.serviceExists(input.serviceId)))
      throw invalid(TEACHING_MESSAGES.serviceNotFound);
    return {
      kind: 'meaning',
      example: input.example,
      exampleKey,
      intent: input.intent,
      employeeId: input.employeeId,
      serviceId: input.serviceId,
      day: input.day,
    };
  }

  /** One lesson per wording: the unique index decides, also for two saves racing. */
  async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(TEACHING_MESSAGES.lessonTaken);
      throw error;
    }
  }

  async function saved(id: string, conversationId: string | null): Promise<LessonSaved> {
    if (conversationId) await repository.markReviewed(conversationId);
    onChange();
    const row = await repository.lesson(id);
    if (!row) throw notFound(TEACHING_MESSAGES.lessonNotFound);
    return { lesson: toLesson(row), tests: await runTests() };
  }

  /** A lesson from the review queue names a real conversation (reviewed already or not). */
  async function reviewable(conversationId: string | null) {
    if (conversationId && !(await repository.conversationExists(conversationId)))
      throw notFound(TEACHING_MESSAGES.reviewNotFound);
  }

  async function runOne(test: TestRow): Promise<TestResult> {
    try {
      const turns = await assistant.tryOut(test.lines);
      const failure = judge(test, turns);
      return { testId: test.id, name: test.name, passed: failure === null, turns, failure };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        testId: test.id,
        name: test.name,
        passed: false,
        turns: [],
        failure: `The assistant failed: ${message}`,
      };
    }
  }

  /** Every case against the assistant as it is now, one after another (a model is not flooded). */
  async function runTests(): Promise<TestRun> {
    const results: TestResult[] = [];
    for (const test of await repository.tests()) results.push(await runOne(test));
    return {
      engine: assistant.engineName,
      ranAt: clock().toISOString(),
      passed: results.filter((result) => result.passed).length,
      total: results.length,
      results,
    };
  }

  return {
    async reviewQueue(): Promise<{ items: ReviewItem[] }> {
      const rows = await repository.reviewQueue(clock());
      return {
        items: rows.map((row) => {
          const customer = row.exchanges.filter((exchange) => exchange.sender === 'customer');
          // The first message the assistant did not understand: its reply says so. A reopened
          // conversation: the message the customer came back with, their latest.
          const notUnderstood = row.exchanges.findIndex(
            (exchange, index) =>
              exchange.sender === 'customer' &&
              /^(No estoy seguro de haberte entendido|I'm not sure I understood)/.test(
                row.exchanges[index + 1]?.text ?? '',
              ),
          );
          const suggestion =
            row.reason === 'not_understood' && notUnderstood >= 0
              ? row.exchanges[notUnderstood]!.text
              : (customer.at(-1)?.text ?? '');
          return { ...row, startedAt: row.startedAt.toISOString(), suggestion };
        }),
      };
    },
    async dismiss(conversationId: string) {
      if (!(await repository.markReviewed(conversationId))) throw notFound(TEACHING_MESSAGES.reviewNotFound);
      return { ok: true as const };
    },

    async lessons() {
      return { lessons: (await repository.lessons()).map(toLesson) };
    },
    async createLesson(input: LessonInput): Promise<LessonSaved> {
      await reviewable(input.conversationId);
      const values = await lessonValues(input);
      const id = await guardUnique(() => repository.insertLesson(values));
      return saved(id, input.conversationId);
    },
    async updateLesson(id: string, input: LessonInput): Promise<LessonSaved> {
      await reviewable(input.conversationId);
      const values = await lessonValues(input);
      const updated = await guardUnique(() => repository.updateLesson(id, values));
      if (!updated) throw notFound(TEACHING_MESSAGES.lessonNotFound);
      return saved(id, input.conversationId);
    },
    async removeLesson(id: string) {
      if (!(await repository.removeLesson(id))) throw notFound(TEACHING_MESSAGES.lessonNotFound);
      onChange();
      return { ok: true as const };
    },

    async tests() {
      return { tests: (await repository.tests()).map(toTest) };
    },
    async createTest(input: TestInput) {
      return toTest(await repository.insertTest(input));
    },
    async updateTest(id: string, input: TestInput) {
      const row = await repository.updateTest(id, input);
      if (!row) throw notFound(TEACHING_MESSAGES.testNotFound);
      return toTest(row);
    },
    async removeTest(id: string) {
      if (!(await repository.removeTest(id))) throw notFound(TEACHING_MESSAGES.testNotFound);
      return { ok: true as const };
    },
    runTests,
  };
}

export type TeachingService = ReturnType<typeof createTeachingService>;
