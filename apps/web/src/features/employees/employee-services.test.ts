import type { Service } from '@chatdesk/contract/services';
import { describe, expect, it } from 'vitest';
import { defaultServiceIds, sameServiceIds, serviceIdsToSave, tickedServiceIds } from './employee-services';

const service = (id: string, isDefault = false): Service => ({
  id,
  name: id,
  description: '',
  durationMinutes: 30,
  priceAmount: 1000,
  currency: 'eur',
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeMinutes: 0,
  horizonDays: 60,
  dailyCap: null,
  seats: null,
  isDefault,
  archivedAt: null,
  employeeIds: [],
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
});

// The checklist shows active services only; 'old' is archived.
const active = [service('appointment', true), service('cut'), service('colour')];

describe("an employee's services", () => {
  it('start, for a new employee, with the default, as the server links it', () => {
    expect(defaultServiceIds(active)).toEqual(['appointment']);
  });

  it('are ticked only among the active ones', () => {
    expect(tickedServiceIds(['cut', 'old'], active)).toEqual(['cut']);
  });

  it('keep the archived services they offered when saved, so a restore brings them back', () => {
    expect(serviceIdsToSave(['appointment', 'old'], active, ['cut', 'colour'])).toEqual([
      'cut',
      'colour',
      'old',
    ]);
    expect(serviceIdsToSave(['old'], active, [])).toEqual(['old']);
  });

  it('are compared whatever their order', () => {
    expect(sameServiceIds(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameServiceIds(['a'], ['a', 'b'])).toBe(false);
    expect(sameServiceIds(['a', 'a'], ['a'])).toBe(true);
  });
});
