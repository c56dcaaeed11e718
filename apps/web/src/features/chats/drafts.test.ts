import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, MAX_DRAFTS, readDraft, saveDraft } from './drafts';

afterEach(() => localStorage.clear());

describe('chat drafts', () => {
  it('keeps a half-typed reply per chat, so switching chats loses nothing', () => {
    saveDraft('a', 'Hola Ana, te');
    saveDraft('b', 'Buenos días');
    expect(readDraft('a')).toBe('Hola Ana, te');
    expect(readDraft('b')).toBe('Buenos días');
    expect(readDraft('c')).toBe('');
  });

  it('forgets a draft once it is sent or emptied', () => {
    saveDraft('a', 'Hola');
    clearDraft('a');
    expect(readDraft('a')).toBe('');
    saveDraft('b', 'Hola');
    saveDraft('b', '');
    expect(readDraft('b')).toBe('');
    expect(localStorage.length).toBe(0);
  });

  it(`keeps only the ${MAX_DRAFTS} most recent drafts`, () => {
    for (let index = 0; index <= MAX_DRAFTS; index++)
      saveDraft(`chat-${index}`, `draft ${index}`, 1000 + index);
    expect(readDraft('chat-0')).toBe('');
    expect(readDraft('chat-1')).toBe('draft 1');
    expect(readDraft(`chat-${MAX_DRAFTS}`)).toBe(`draft ${MAX_DRAFTS}`);
    // Typing again in an old draft makes it recent: the next new draft drops another one.
    saveDraft('chat-1', 'draft 1, more', 5000);
    saveDraft('new', 'x', 5001);
    expect(readDraft('chat-1')).toBe('draft 1, more');
    expect(readDraft('chat-2')).toBe('');
  });

  it('ignores what it did not write', () => {
    localStorage.setItem('chatdesk:draft:odd', 'not json');
    expect(readDraft('odd')).toBe('');
    localStorage.setItem('other-app', 'kept');
    for (let index = 0; index <= MAX_DRAFTS; index++) saveDraft(`chat-${index}`, 'x', 1000 + index);
    expect(localStorage.getItem('other-app')).toBe('kept');
  });
});
