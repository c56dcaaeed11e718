import { describe, expect, it } from 'vitest';
import { adjacentChatId, FOCUS_COMPOSER, focusesComposer } from './chat-navigation';

const ids = ['a', 'b', 'c'];

describe('adjacentChatId', () => {
  it('moves to the next and the previous chat in the list order', () => {
    expect(adjacentChatId(ids, 'b', 1)).toBe('c');
    expect(adjacentChatId(ids, 'b', -1)).toBe('a');
  });

  it('stops at either end', () => {
    expect(adjacentChatId(ids, 'c', 1)).toBeUndefined();
    expect(adjacentChatId(ids, 'a', -1)).toBeUndefined();
  });

  it('starts from the top going down, and from the bottom going up, when no listed chat is open', () => {
    expect(adjacentChatId(ids, undefined, 1)).toBe('a');
    expect(adjacentChatId(ids, undefined, -1)).toBe('c');
    expect(adjacentChatId(ids, 'not-listed', 1)).toBe('a');
    expect(adjacentChatId([], undefined, 1)).toBeUndefined();
  });
});

describe('focusesComposer', () => {
  it('is true only for the state Alt+↑/↓ navigates with', () => {
    expect(focusesComposer(FOCUS_COMPOSER)).toBe(true);
    expect(focusesComposer(null)).toBe(false);
    expect(focusesComposer({ focusComposer: 'yes' })).toBe(false);
    expect(focusesComposer({ discardsChanges: true })).toBe(false);
  });
});
