import {
  type Lesson,
  type ReviewReason,
  TAUGHT_INTENT_LABELS,
  type TaughtDay,
  type TestRun,
} from '@chatdesk/contract/teaching';

export const TAUGHT_DAY_LABELS: Record<TaughtDay, string> = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const REVIEW_REASON_LABELS: Record<ReviewReason, string> = {
  not_understood: 'Not understood',
  reopened: 'Came back',
};

export const ENGINE_LABELS: Record<TestRun['engine'], string> = {
  rules: 'the built-in assistant',
  llm: 'the configured model',
};

/** 'Test set: 2 of 3 pass'. */
export function describeRun(run: Pick<TestRun, 'passed' | 'total'>): string {
  return `Test set: ${run.passed} of ${run.total} pass`;
}

/**
 * What a meaning lesson says the words mean, and what it names:
 * { intent: 'Book an appointment', named: [{ key: 'employee', label: 'Carlos Ruiz' }, { key: 'day', label: 'Tomorrow' }] }.
 */
export function describeMeaning(
  lesson: Lesson,
): { intent: string; named: { key: string; label: string }[] } | null {
  if (!lesson.intent) return null;
  const named = [
    { key: 'employee', label: lesson.employeeName },
    { key: 'service', label: lesson.serviceName },
    { key: 'day', label: lesson.day && TAUGHT_DAY_LABELS[lesson.day] },
  ].filter((part): part is { key: string; label: string } => Boolean(part.label));
  return { intent: TAUGHT_INTENT_LABELS[lesson.intent], named };
}
