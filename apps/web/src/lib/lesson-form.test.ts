import type { Lesson, ReviewItem } from '@chatdesk/contract/teaching';
import { describe, expect, it } from 'vitest';
import { fieldOfRefusal, type LessonValues, lessonBody, lessonValidation, lessonValues } from './lesson-form';

const item: ReviewItem = {
  conversationId: '0b8f5a3e-7a53-4b8e-9c0f-2f1f0c6a1e11',
  chatId: 'c1',
  customerName: 'Nuria',
  channel: 'simulator',
  reason: 'not_understood',
  startedAt: '2026-11-20T10:00:00.000Z',
  exchanges: [{ sender: 'customer', text: 'cuando abris el chiringuito' }],
  suggestion: 'cuando abris el chiringuito',
};

const lesson: Lesson = {
  id: 'l1',
  kind: 'answer',
  example: '¿tenéis parking?',
  intent: null,
  employeeId: null,
  employeeName: null,
  serviceId: null,
  serviceName: null,
  day: null,
  answer: 'Sí, en la calle de atrás.',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const values = (overrides: Partial<LessonValues>): LessonValues => ({
  ...lessonValues({ from: 'scratch' }),
  ...overrides,
});

describe('lessonValues', () => {
  it('starts from the words the customer was not understood in', () => {
    expect(lessonValues({ from: 'review', item })).toMatchObject({
      kind: 'meaning',
      example: 'cuando abris el chiringuito',
      intent: null,
    });
  });

  it('holds a lesson to change as it is', () => {
    expect(lessonValues({ from: 'lesson', lesson })).toMatchObject({
      kind: 'answer',
      example: '¿tenéis parking?',
      answer: 'Sí, en la calle de atrás.',
    });
  });
});

describe('lessonBody', () => {
  it('sends only the chosen kind, trimmed, with the conversation it came from', () => {
    const typed = values({
      example: ' abrís mañana? ',
      intent: 'hours',
      day: 'tomorrow',
      answer: 'left behind',
    });
    expect(lessonBody(typed, item.conversationId)).toEqual({
      kind: 'meaning',
      example: 'abrís mañana?',
      intent: 'hours',
      employeeId: null,
      serviceId: null,
      day: 'tomorrow',
      conversationId: item.conversationId,
    });
    expect(lessonBody({ ...typed, kind: 'answer', answer: ' De 9 a 21. ' }, null)).toEqual({
      kind: 'answer',
      example: 'abrís mañana?',
      answer: 'De 9 a 21.',
      conversationId: null,
    });
  });
});

describe('lessonValidation', () => {
  it("asks for the customer's words, and what they meant only for a meaning", () => {
    expect(lessonValidation.example('  ')).toBe("The customer's words are required");
    expect(lessonValidation.intent(null, values({ kind: 'meaning' }))).toBe('Choose what the customer meant');
    expect(lessonValidation.intent(null, values({ kind: 'answer' }))).toBeNull();
    expect(lessonValidation.answer(' ', values({ kind: 'answer' }))).toBe('The answer is required');
    expect(lessonValidation.answer('', values({ kind: 'meaning' }))).toBeNull();
  });
});

describe('fieldOfRefusal', () => {
  it("puts the server's word on a field beside it, and anything else above the form", () => {
    expect(fieldOfRefusal('answer: The answer is required')).toEqual({
      field: 'answer',
      message: 'The answer is required',
    });
    expect(fieldOfRefusal('That professional does not exist')).toBeNull();
  });
});
