import { describe, expect, it } from 'vitest';
import { intendedWord, spelled } from './spelling.ts';

describe('typing slips in the words the assistant reads', () => {
  it('reads a word one letter off a vocabulary word, two letters swapped or its h left out, as that word', () => {
    expect(intendedWord('presio')).toBe('precio');
    expect(intendedWord('cnacelar')).toBe('cancelar');
    // "cancelr" could be "cancelar" or "cancela": no guess.
    expect(intendedWord('cancelr')).toBeNull();
    expect(intendedWord('reserbar')).toBe('reservar');
    expect(intendedWord('orario')).toBe('horario');
    expect(spelled('cual es el Presio de una sesion?')).toBe('cual es el precio de una sesion?');
  });

  it("never changes a word customers write, a short word, the business's own words, or a slip that could be two words", () => {
    // Words of the corpus's messages stay as they are, however close to another.
    expect(intendedWord('cansado')).toBeNull();
    expect(intendedWord('gracias')).toBeNull();
    expect(intendedWord('cita')).toBeNull();
    // A verb's future is its infinitive turned round at the end: "no podré ir" is no slip of "poder".
    expect(intendedWord('podre')).toBeNull();
    // A name of the business's that is one letter off a vocabulary word.
    expect(intendedWord('precia')).toBe('precio');
    expect(intendedWord('precia', new Set(['precia']))).toBeNull();
    expect(spelled('con Núria mañana')).toBe('con Núria mañana');
  });

  it('reads two vocabulary words written as one, as German writes them, as both words', () => {
    // Customers write this one (it is in the corpus): a compound is still read as its words.
    expect(intendedWord('herrenhaarschnitt')).toBe('herren haarschnitt');
    expect(intendedWord('damenhaarschnitt')).toBe('damen haarschnitt');
    expect(spelled('Was kostet ein Herrenhaarschnitt?')).toBe('Was kostet ein herren haarschnitt?');
    // A long word that is no two words of the vocabulary stays as it is.
    expect(intendedWord('entrenamiento')).toBeNull();
    expect(intendedWord('fisioterapeuta')).toBeNull();
  });
});
