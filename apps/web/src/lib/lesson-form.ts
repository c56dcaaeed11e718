import {
  LESSON_ANSWER_MAX,
  LESSON_EXAMPLE_MAX,
  type Lesson,
  type LessonForm,
  type LessonKind,
  type ReviewItem,
  type TaughtDay,
  type TaughtIntent,
  TEACHING_MESSAGES,
} from '@chatdesk/contract/teaching';

/** Both kinds' fields at once, so switching between "what they meant" and "the answer" loses nothing typed. */
export type LessonValues = {
  kind: LessonKind;
  example: string;
  intent: TaughtIntent | null;
  employeeId: string | null;
  serviceId: string | null;
  day: TaughtDay | null;
  answer: string;
};

/** Where a lesson is taught from: a conversation of the review queue, a lesson to change, or nothing. */
export type LessonSource =
  | { from: 'review'; item: ReviewItem }
  | { from: 'lesson'; lesson: Lesson }
  | { from: 'scratch' };

export function lessonValues(source: LessonSource): LessonValues {
  const blank: LessonValues = {
    kind: 'meaning',
    example: '',
    intent: null,
    employeeId: null,
    serviceId: null,
    day: null,
    answer: '',
  };
  if (source.from === 'review') return { ...blank, example: source.item.suggestion };
  if (source.from === 'scratch') return blank;
  const { lesson } = source;
  return {
    kind: lesson.kind,
    example: lesson.example,
    intent: lesson.intent,
    employeeId: lesson.employeeId,
    serviceId: lesson.serviceId,
    day: lesson.day,
    answer: lesson.answer ?? '',
  };
}

/** The request for the kind chosen; the other kind's fields stay behind in the form. */
export function lessonBody(values: LessonValues, conversationId: string | null): LessonForm {
  const example = values.example.trim();
  if (values.kind === 'answer') {
    return { kind: 'answer', example, answer: values.answer.trim(), conversationId };
  }
  // Validation asks for it first: a request without one is a bug here, not the user's to fix.
  if (!values.intent) throw new Error('A meaning lesson needs what the customer meant');
  return {
    kind: 'meaning',
    example,
    intent: values.intent,
    employeeId: values.employeeId,
    serviceId: values.serviceId,
    day: values.day,
    conversationId,
  };
}

/** The contract's rules with its words, and "they meant" required only for a meaning. */
export const lessonValidation = {
  example: (value: string) => {
    const length = value.trim().length;
    if (length === 0) return TEACHING_MESSAGES.exampleRequired;
    return length > LESSON_EXAMPLE_MAX ? TEACHING_MESSAGES.exampleTooLong : null;
  },
  intent: (value: TaughtIntent | null, values: LessonValues) =>
    values.kind === 'meaning' && !value ? 'Choose what the customer meant' : null,
  answer: (value: string, values: LessonValues) => {
    if (values.kind !== 'answer') return null;
    const length = value.trim().length;
    if (length === 0) return TEACHING_MESSAGES.answerRequired;
    return length > LESSON_ANSWER_MAX ? TEACHING_MESSAGES.answerTooLong : null;
  },
};

/** Which field a 400 from the server names ("example: …"), so its message goes beside it. */
export function fieldOfRefusal(message: string): { field: keyof LessonValues; message: string } | null {
  const match = /^(example|intent|employeeId|serviceId|day|answer): (.+)$/.exec(message);
  return match ? { field: match[1] as keyof LessonValues, message: match[2] ?? message } : null;
}
