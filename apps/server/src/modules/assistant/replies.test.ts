import { describe, expect, it } from 'vitest';
import type { Language } from './language.ts';
import { REPLIES } from './replies.ts';

const LANGUAGES = Object.keys(REPLIES) as Language[];

/** The arguments of texts that take more than words (lists, weekdays, a fee). */
const SAMPLES: Record<string, unknown[]> = {
  otherDoesService: ['Lucía', 'mechas', ['Marta', 'Ana']],
  worksOn: ['Carlos', [1, 3]],
  placesLeftAt: [['10:00', '11:00']],
  whatWeOffer: [['yoga', 'pilates']],
  weAreIn: [['Madrid', 'Sevilla']],
  priceList: [['corte 16 €', 'barba 12 €']],
  overAge: ['corte infantil', 12, 14, ['corte 16 €', 'barba 12 €']],
  forAge: ['Corte infantil', '13 €', 12],
  whatWeDo: ['Entrena', ['yoga', 'pilates']],
  doesNotWorkOn: ['Carlos', 6, 'sábado 28', 'Carlos trabaja los lunes.'],
  bookWith: ['Carlos Ruiz', 'Personal Trainer', 'https://x.test/carlos', { amount: 1000, currency: 'EUR' }],
  'own.these': ['', ['jueves 26', 'viernes 27']],
  'own.askToCancelAll': [['jueves 26', 'viernes 27']],
  'own.askToMoveAll': [['jueves 26', 'viernes 27']],
  'own.noLongerBooked': [true],
  'packs.yourPacks': [['uno', 'dos'], ''],
  freeAtSome: ['Sergio', 'sábado 28', ['10:00'], ['10:30'], 'https://x.test/sergio'],
};

/** Every text of a catalogue, by its path, with functions called on placeholder arguments. */
function texts(node: unknown, path = ''): Array<[string, string]> {
  if (typeof node === 'string') return [[path, node]];
  if (typeof node === 'function') {
    // A date serves as any word: some texts write their dates out.
    const args = SAMPLES[path] ?? Array.from({ length: node.length }, () => '2026-11-26');
    return [[path, String(node(...args))]];
  }
  if (Array.isArray(node)) return node.flatMap((item, i) => texts(item, `${path}[${i}]`));
  return Object.entries(node as object).flatMap(([key, value]) =>
    texts(value, path ? `${path}.${key}` : key),
  );
}

// The same in every language on purpose: a service's line is its name, length and price.
const SAME_EVERYWHERE = new Set(['serviceLine']);

describe('the assistant reply catalogue', () => {
  it('says every text in every language, not one language copied into another', () => {
    const [first, ...others] = LANGUAGES.map((language) => new Map(texts(REPLIES[language])));
    for (const other of others) {
      expect([...other.keys()]).toEqual([...first!.keys()]);
      for (const [path, text] of first!) {
        expect(text.trim(), path).not.toBe('');
        if (!SAME_EVERYWHERE.has(path)) expect(other.get(path), path).not.toBe(text);
      }
    }
  });

  it.each(LANGUAGES)(
    'in %s, starts the replies the engine reads back with the marks it looks for',
    (language) => {
      const say = REPLIES[language];
      expect(say.pickANumber.startsWith(say.notUnderstood)).toBe(true);
      expect(say.notUnderstoodHelp.startsWith(say.notUnderstood)).toBe(true);
      const appointment = say.own.appointment('2026-11-26', '10:00', 'Carlos Ruiz');
      expect(say.own.stillOn(appointment).startsWith(say.own.stillOnMark)).toBe(true);
      expect(say.own.whichOne('1. x', true)).toContain(say.own.whichMark);
      expect(say.own.askTime(appointment)).toContain(say.own.askTimeMark);
      for (const reply of [
        say.own.next('', appointment),
        say.own.these('', [appointment]),
        say.own.stillOn(appointment),
        say.own.nothingChanges(appointment),
        say.own.nothingChangesAll,
        say.own.noneBooked('Ana'),
        say.own.cancelled(appointment, ''),
        say.own.moved('Carlos Ruiz', '2026-11-27', '11:00'),
      ])
        expect(
          say.own.replyStarts.some((start) => reply.startsWith(start)),
          reply,
        ).toBe(true);
    },
  );
});
