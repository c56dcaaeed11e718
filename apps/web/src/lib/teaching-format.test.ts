import type { Lesson } from '@chatdesk/contract/teaching';
import { describe, expect, it } from 'vitest';
import { describeMeaning, describeRun } from './teaching-format';

const meaning: Lesson = {
  id: 'l1',
  kind: 'meaning',
  example: 'me pillas hueco mañana con carlos',
  intent: 'book',
  employeeId: 'e1',
  employeeName: 'Carlos Ruiz',
  serviceId: null,
  serviceName: null,
  day: 'tomorrow',
  answer: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('describeMeaning', () => {
  it('says what the words mean and only what the lesson names', () => {
    expect(describeMeaning(meaning)).toEqual({
      intent: 'Book an appointment',
      named: [
        { key: 'employee', label: 'Carlos Ruiz' },
        { key: 'day', label: 'Tomorrow' },
      ],
    });
  });

  it('has nothing to say of an answer', () => {
    expect(describeMeaning({ ...meaning, kind: 'answer', intent: null, answer: 'Sí' })).toBeNull();
  });
});

describe('describeRun', () => {
  it('counts the passing tests out of all', () => {
    expect(describeRun({ passed: 2, total: 3 })).toBe('Test set: 2 of 3 pass');
  });
});
