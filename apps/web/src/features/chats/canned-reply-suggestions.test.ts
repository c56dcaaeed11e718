import type { CannedReply } from '@chatdesk/contract/canned-replies';
import { describe, expect, it } from 'vitest';
import {
  fillCannedReply,
  greetingName,
  insertCannedReply,
  matchCannedReplies,
  slashTriggerAt,
  stillUnfilled,
  valuesFromContact,
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

const named = (name: string | null | undefined) => valuesFromContact(name);
const fill = (text: string, values: Parameters<typeof fillCannedReply>[1]) =>
  fillCannedReply(text, values).text;

describe('filling the name', () => {
  it("puts the customer's name in every {{name}} and {name}, as older replies and new ones write it", () => {
    expect(fill('Hi {{name}}, bye {{ name }}, see you {name}!', named('Sofía García'))).toBe(
      'Hi Sofía García, bye Sofía García, see you Sofía García!',
    );
  });

  it('keeps a name with characters that mean something to replace()', () => {
    expect(fill('Hi {{name}}', named("$& O'Neil"))).toBe("Hi $& O'Neil");
  });

  it('without a name, leaves the placeholder out with its comma or space', () => {
    expect(fill('Hi {{name}}, we open at 9.', named(null))).toBe('Hi, we open at 9.');
    expect(fill('Thank you, {first_name}!', named(''))).toBe('Thank you!');
    expect(fill('{{name}}, your booking is confirmed', named(undefined))).toBe('your booking is confirmed');
    expect(fill('Hello {first_name}', named('  '))).toBe('Hello');
  });

  it('treats a bare phone number as no name', () => {
    expect(greetingName('+34612345678')).toBeNull();
    expect(greetingName(' Ana ')).toBe('Ana');
    expect(fill('Hi {{name}}!', named('+34612345678'))).toBe('Hi!');
  });

  it('leaves text without placeholders as it is', () => {
    expect(fill('We open at 9.', named('Ana'))).toBe('We open at 9.');
  });
});

describe('filling the variables', () => {
  const values = {
    first_name: 'Nuria',
    name: 'Nuria Soler',
    professional: 'Carlos Ruiz',
    next_appointment: 'martes 1 de diciembre a las 10:00',
    booking_link: 'https://entrena.example/schedule/carlos',
  };

  it('fills each, in any case and with spaces inside the braces', () => {
    expect(
      fillCannedReply(
        'Hola {first_name}: tu cita con { professional } es el {NEXT_APPOINTMENT}. Reserva: {{booking_link}}',
        values,
      ),
    ).toEqual({
      text: 'Hola Nuria: tu cita con Carlos Ruiz es el martes 1 de diciembre a las 10:00. Reserva: https://entrena.example/schedule/carlos',
      unfilled: [],
    });
  });

  it('leaves a variable the chat has no value for as typed, and says which', () => {
    expect(
      fillCannedReply('Hola {first_name}, te esperamos el {next_appointment} con {professional}.', {
        ...values,
        next_appointment: null,
        professional: undefined,
      }),
    ).toEqual({
      text: 'Hola Nuria, te esperamos el {next_appointment} con {professional}.',
      unfilled: ['{next_appointment}', '{professional}'],
    });
  });

  it('leaves a word in braces that is no variable as typed, and does not count it', () => {
    expect(fillCannedReply('Hola {first_name}, {apellido} {json: 1}', values)).toEqual({
      text: 'Hola Nuria, {apellido} {json: 1}',
      unfilled: [],
    });
  });

  it('tells which unfilled variables the message still holds after staff edit it', () => {
    expect(
      stillUnfilled('te esperamos el jueves con {professional}', ['{next_appointment}', '{professional}']),
    ).toEqual(['{professional}']);
    expect(stillUnfilled('te esperamos el jueves', ['{next_appointment}'])).toEqual([]);
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
