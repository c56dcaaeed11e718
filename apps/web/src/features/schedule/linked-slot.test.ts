import { describe, expect, it } from 'vitest';
import { linkedSlot } from './linked-slot';

const slots = [
  { date: '2026-12-01', times: ['09:00', '09:30'] },
  { date: '2026-12-02', times: [] },
];

describe('linkedSlot', () => {
  it('selects a linked time that is still open', () => {
    expect(linkedSlot(slots, '2026-12-01', '09:30')).toEqual({ date: '2026-12-01', time: '09:30' });
  });

  it('ignores a time taken since, or a day with nothing open', () => {
    expect(linkedSlot(slots, '2026-12-01', '10:00')).toBeNull();
    expect(linkedSlot(slots, '2026-12-02', '09:00')).toBeNull();
    expect(linkedSlot(slots, '2026-12-03', '09:00')).toBeNull();
  });

  it('ignores a link without both parts, or with malformed ones', () => {
    expect(linkedSlot(slots, '2026-12-01', null)).toBeNull();
    expect(linkedSlot(slots, null, '09:00')).toBeNull();
    expect(linkedSlot(slots, '1/12/2026', '09:00')).toBeNull();
    expect(linkedSlot(slots, '2026-12-01', '9:00')).toBeNull();
  });
});
