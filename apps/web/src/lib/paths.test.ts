import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths.schedule', () => {
  it('carries the chosen service and time, and the chat a booking link came from', () => {
    expect(paths.schedule('carlos')).toBe('/schedule/carlos');
    expect(paths.schedule('carlos', { service: 's1', date: '2026-12-01', time: '10:00', c: 'ab12' })).toBe(
      '/schedule/carlos?service=s1&date=2026-12-01&time=10%3A00&c=ab12',
    );
  });

  it('leaves out what is not given, never writing "undefined" or "null" into the address', () => {
    expect(paths.schedule('ana maría', { service: 's1', c: null })).toBe(
      '/schedule/ana%20mar%C3%ADa?service=s1',
    );
  });
});
