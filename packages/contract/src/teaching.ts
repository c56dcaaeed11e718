import { z } from 'zod';
import { CHAT_CHANNELS } from './chats.ts';

/**
 * Teaching the assistant without code (issue #24): staff review the conversations it did not
 * understand or that came back, and teach from each one what the customer meant (an intent, with
 * a professional, a service or a day) or the business's answer to a question. The assistant uses
 * a lesson from the next message on, for the words taught and for messages close to them. The
 * business's own test set re-runs on every lesson, so a correction that breaks another answer
 * shows at once.
 */

export const LESSON_KINDS = ['meaning', 'answer'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** What a customer can be taught to mean: the requests the assistant already knows how to answer. */
export const TAUGHT_INTENTS = [
  'book',
  'availability',
  'prices',
  'services',
  'professionals',
  'hours',
  'address',
  'my_appointments',
  'cancel',
  'reschedule',
  'premium',
  'person',
  'complaint',
  'thanks',
] as const;
export type TaughtIntent = (typeof TAUGHT_INTENTS)[number];

/** How staff see each intent when they teach. */
export const TAUGHT_INTENT_LABELS: Record<TaughtIntent, string> = {
  book: 'Book an appointment',
  availability: 'Ask for free times',
  prices: 'Ask a price',
  services: 'Ask what the business offers',
  professionals: 'Ask which professionals there are',
  hours: 'Ask the opening hours',
  address: 'Ask where the business is',
  my_appointments: 'See their appointments',
  cancel: 'Cancel their appointment',
  reschedule: 'Move their appointment',
  premium: 'Subscribe to premium content',
  person: 'Talk to a person',
  complaint: 'Make a complaint',
  thanks: 'Thank and say goodbye',
};

/** A day a taught meaning may carry: relative, or a weekday (the next one). */
export const TAUGHT_DAYS = [
  'today',
  'tomorrow',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type TaughtDay = (typeof TAUGHT_DAYS)[number];

export const LESSON_EXAMPLE_MAX = 500;
export const LESSON_ANSWER_MAX = 1000;
export const TEST_NAME_MAX = 80;
export const TEST_LINE_MAX = 500;
export const TEST_LINES_MAX = 10;
export const TEST_CONTAINS_MAX = 200;

export const TEACHING_MESSAGES = {
  exampleRequired: "The customer's words are required",
  exampleTooLong: `The customer's words must be at most ${LESSON_EXAMPLE_MAX} characters`,
  answerRequired: 'The answer is required',
  answerTooLong: `The answer must be at most ${LESSON_ANSWER_MAX} characters`,
  lessonNotFound: 'Lesson not found',
  lessonTaken: 'These words are already taught; edit that lesson instead',
  employeeNotFound: 'That professional does not exist',
  serviceNotFound: 'That service does not exist',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${TEST_NAME_MAX} characters`,
  linesRequired: 'A test needs at least one customer message',
  tooManyLines: `A test can have at most ${TEST_LINES_MAX} customer messages`,
  lineRequired: 'Customer messages cannot be empty',
  lineTooLong: `Each customer message must be at most ${TEST_LINE_MAX} characters`,
  containsTooLong: `The expected text must be at most ${TEST_CONTAINS_MAX} characters`,
  testNotFound: 'Test not found',
  reviewNotFound: 'Conversation not found',
} as const;

const exampleSchema = z
  .string()
  .trim()
  .min(1, TEACHING_MESSAGES.exampleRequired)
  .max(LESSON_EXAMPLE_MAX, TEACHING_MESSAGES.exampleTooLong);

const meaningFormSchema = z.object({
  kind: z.literal('meaning'),
  example: exampleSchema,
  intent: z.enum(TAUGHT_INTENTS),
  employeeId: z.uuid().nullable().default(null),
  serviceId: z.uuid().nullable().default(null),
  day: z.enum(TAUGHT_DAYS).nullable().default(null),
});

const answerFormSchema = z.object({
  kind: z.literal('answer'),
  example: exampleSchema,
  answer: z
    .string()
    .trim()
    .min(1, TEACHING_MESSAGES.answerRequired)
    .max(LESSON_ANSWER_MAX, TEACHING_MESSAGES.answerTooLong),
});

/**
 * A lesson as staff write it. `conversationId`, when it comes from the review queue, takes that
 * conversation off the queue.
 */
const fromReview = { conversationId: z.uuid().nullable().default(null) };
export const lessonFormSchema = z.discriminatedUnion('kind', [
  meaningFormSchema.extend(fromReview),
  answerFormSchema.extend(fromReview),
]);
export type LessonForm = z.input<typeof lessonFormSchema>;

export const lessonSchema = z.object({
  id: z.string(),
  kind: z.enum(LESSON_KINDS),
  example: z.string(),
  /** Meaning lessons: what the customer meant, with what it names (null when nothing). */
  intent: z.enum(TAUGHT_INTENTS).nullable(),
  employeeId: z.string().nullable(),
  employeeName: z.string().nullable(),
  serviceId: z.string().nullable(),
  serviceName: z.string().nullable(),
  day: z.enum(TAUGHT_DAYS).nullable(),
  /** Answer lessons: the business's answer. */
  answer: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const lessonListSchema = z.object({ lessons: z.array(lessonSchema) });

export const TEST_EXPECTED_ACTIONS = ['answer', 'hand_over', 'anything'] as const;
export type TestExpectedAction = (typeof TEST_EXPECTED_ACTIONS)[number];
export const TEST_EXPECTED_ACTION_LABELS: Record<TestExpectedAction, string> = {
  answer: 'Answers without a person',
  hand_over: 'Hands over to a person',
  anything: 'Either',
};

/**
 * One case of the business's test set: what the customer writes, message by message, and what the
 * assistant's answer to the last one must contain (accents and case aside) and do.
 */
export const assistantTestFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, TEACHING_MESSAGES.nameRequired)
    .max(TEST_NAME_MAX, TEACHING_MESSAGES.nameTooLong),
  lines: z
    .array(
      z
        .string()
        .trim()
        .min(1, TEACHING_MESSAGES.lineRequired)
        .max(TEST_LINE_MAX, TEACHING_MESSAGES.lineTooLong),
    )
    .min(1, TEACHING_MESSAGES.linesRequired)
    .max(TEST_LINES_MAX, TEACHING_MESSAGES.tooManyLines),
  mustContain: z.string().trim().max(TEST_CONTAINS_MAX, TEACHING_MESSAGES.containsTooLong).default(''),
  mustDo: z.enum(TEST_EXPECTED_ACTIONS).default('answer'),
});
export type AssistantTestForm = z.input<typeof assistantTestFormSchema>;

export const assistantTestSchema = z.object({
  id: z.string(),
  name: z.string(),
  lines: z.array(z.string()),
  mustContain: z.string(),
  mustDo: z.enum(TEST_EXPECTED_ACTIONS),
  createdAt: z.string(),
});
export type AssistantTest = z.infer<typeof assistantTestSchema>;
export const assistantTestListSchema = z.object({ tests: z.array(assistantTestSchema) });

export const testResultSchema = z.object({
  testId: z.string(),
  name: z.string(),
  passed: z.boolean(),
  /** The assistant's answer to each customer message, in order (empty after it handed over). */
  turns: z.array(z.object({ customer: z.string(), replies: z.array(z.string()), handedOver: z.boolean() })),
  /** Why it failed, in words; null when it passed. */
  failure: z.string().nullable(),
});
export type TestResult = z.infer<typeof testResultSchema>;

export const testRunSchema = z.object({
  /** The engine the run used: the built-in one or the configured model. */
  engine: z.enum(['rules', 'llm']),
  ranAt: z.string(),
  passed: z.number().int().min(0),
  total: z.number().int().min(0),
  results: z.array(testResultSchema),
});
export type TestRun = z.infer<typeof testRunSchema>;

/** A saved lesson, with the test set run against the assistant that now knows it. */
export const lessonSavedSchema = z.object({ lesson: lessonSchema, tests: testRunSchema });
export type LessonSaved = z.infer<typeof lessonSavedSchema>;

export const REVIEW_REASONS = ['not_understood', 'reopened'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];
/** How far back the review queue looks. */
export const REVIEW_DAYS = 30;

/**
 * A conversation to review: the assistant handed it over for not understanding, or the customer
 * came back after it answered. `exchanges` are the customer's words and the assistant's replies,
 * in order; `suggestion` is the customer message to teach from (the first one it did not
 * understand, or the one they came back with).
 */
export const reviewItemSchema = z.object({
  conversationId: z.string(),
  chatId: z.string(),
  customerName: z.string(),
  channel: z.enum(CHAT_CHANNELS),
  reason: z.enum(REVIEW_REASONS),
  startedAt: z.string(),
  exchanges: z.array(z.object({ sender: z.enum(['customer', 'assistant']), text: z.string() })),
  suggestion: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewQueueSchema = z.object({ items: z.array(reviewItemSchema) });
