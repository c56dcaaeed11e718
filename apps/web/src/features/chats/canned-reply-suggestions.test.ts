import type { CannedReply } from '@chatdesk/contract/canned-replies';
import { describe, expect, it } from 'vitest';
import {
  fillCannedReply,
  greetingName,
  insertCannedReply,
  matchCannedReplies,
  slashTriggerAt,
} from './canned-reply-suggestions';

const reply = (name: string, text = `The ${name} answer`): CannedReply => ({
  id: name,
  name,
  text,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
});

describe('typing / opens the canned replies', () => {
  it('at the start of the message, with what follows the slash as the query', () => {
    expect(slashTriggerAt('/', 1)).toEqual({ start: 0, end: 1, query: '' });
    expect(slashTriggerAt('/hor', 4)).toEqual({ start: 0, end: 4, query: 'hor' });
  });

  it('after a space or a new line', () => {
    expect(slashTriggerAt('Hello /pri', 10)).toEqual({ start: 6, end: 10, query: 'pri' });
    expect(slashTriggerAt('Hello\n/pri', 10)).toEqual({ start: 6, end: 10, query: 'pri' });
  });

  it('not inside a word, a URL or a date', () => {
    expect(slashTriggerAt('24/7', 4)).toBeNull();
    expect(slashTriggerAt('see https://x.example/a', 23)).toBeNull();
    expect(slashTriggerAt('and/or', 6)).toBeNull();
  });

  it('closes once a space ends the shortcut or the caret leaves it', () => {
    expect(slashTriggerAt('/hours ', 7)).toBeNull();
    expect(slashTriggerAt('/hours and more', 15)).toBeNull();
    expect(slashTriggerAt('//x', 3)).toBeNull();
  });

  it('with the caret inside the shortcut, covers the whole word', () => {
    expect(slashTriggerAt('Hi /hours please', 6)).toEqual({ start: 3, end: 9, query: 'ho' });
  });
});

describe('the suggestions', () => {
  const replies = [
    reply('hours'),
    reply('prices', 'From 30 EUR, see our hours online'),
    reply('thanks'),
    reply('shortcut'),
  ];

  it('list every reply for a bare slash, in order', () => {
    expect(matchCannedReplies(replies, '').map((r) => r.name)).toEqual([
      'hours',
      'prices',
      'thanks',
      'shortcut',
    ]);
  });

  it('put names starting with the query first, then names and texts containing it', () => {
    expect(matchCannedReplies(replies, 'hou').map((r) => r.name)).toEqual(['hours', 'shortcut', 'prices']);
    expect(matchCannedReplies(replies, 'ort').map((r) => r.name)).toEqual(['shortcut']);
    expect(matchCannedReplies(replies, 'HOURS').map((r) => r.name)).toEqual(['hours', 'prices']);
  });

  it('still find a name typed with a letter missing', () => {
    expect(matchCannedReplies(replies, 'hor').map((r) => r.name)).toEqual(['shortcut', 'hours']);
    expect(matchCannedReplies(replies, 'thks').map((r) => r.name)).toEqual(['thanks']);
  });

  it('ignore accents and case', () => {
    expect(matchCannedReplies([reply('Información')], 'informacion').map((r) => r.name)).toEqual([
      'Información',
    ]);
  });

  it('look in the texts only from three letters on', () => {
    expect(matchCannedReplies(replies, 'eu').map((r) => r.name)).toEqual([]);
    expect(matchCannedReplies(replies, 'eur').map((r) => r.name)).toEqual(['prices']);
  });

  it('stop at the limit and find nothing for an unknown name', () => {
    expect(matchCannedReplies(replies, '', 2)).toHaveLength(2);
    expect(matchCannedReplies(replies, 'zzz')).toEqual([]);
  });
});

describe('filling {{name}}', () => {
  it("puts the contact's name in every placeholder", () => {
    expect(fillCannedReply('Hi {{name}}, bye {{ name }}!', 'Sofía García')).toBe(
      'Hi Sofía García, bye Sofía García!',
    );
  });

  it('keeps a name with characters that mean something to replace()', () => {
    expect(fillCannedReply('Hi {{name}}', "$& O'Neil")).toBe("Hi $& O'Neil");
  });

  it('without a name, leaves the placeholder out with its comma or space', () => {
    expect(fillCannedReply('Hi {{name}}, we open at 9.', null)).toBe('Hi, we open at 9.');
    expect(fillCannedReply('Thank you, {{name}}!', '')).toBe('Thank you!');
    expect(fillCannedReply('{{name}}, your booking is confirmed', undefined)).toBe(
      'your booking is confirmed',
    );
    expect(fillCannedReply('Hello {{name}}', '  ')).toBe('Hello');
  });

  it('treats a bare phone number as no name', () => {
    expect(greetingName('+34612345678')).toBeNull();
    expect(greetingName(' Ana ')).toBe('Ana');
    expect(fillCannedReply('Hi {{name}}!', '+34612345678')).toBe('Hi!');
  });

  it('leaves text without placeholders as it is', () => {
    expect(fillCannedReply('We open at 9.', 'Ana')).toBe('We open at 9.');
  });
});

describe('inserting a reply', () => {
  it('replaces the shortcut typed and puts the caret after the reply', () => {
    const text = 'Sure! /hou thanks';
    const trigger = slashTriggerAt(text, 10)!;
    expect(insertCannedReply(text, trigger, 'We open at 9.', 4096)).toEqual({
      text: 'Sure! We open at 9. thanks',
      caret: 19,
    });
  });

  it('never makes the message longer than allowed', () => {
    const result = insertCannedReply('/x', { start: 0, end: 2, query: 'x' }, 'abcdef', 4);
    expect(result).toEqual({ text: 'abcd', caret: 4 });
  });
});
