import { describe, expect, it } from 'vitest';
import { newlyWaiting } from './handoff-alerts';

describe('newlyWaiting', () => {
  it('finds only the chats that were not waiting before', () => {
    expect(newlyWaiting(new Set(['a']), ['b', 'a'])).toEqual(['b']);
    expect(newlyWaiting(new Set(['a', 'b']), ['a'])).toEqual([]);
    expect(newlyWaiting(new Set(), [])).toEqual([]);
  });
});
