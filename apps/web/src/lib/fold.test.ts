import { describe, expect, it } from 'vitest';
import { fold, matchRanges } from './fold';

const marked = (text: string, query: string) =>
  matchRanges(text, query).map(([start, end]) => text.slice(start, end));

describe('fold', () => {
  it('drops accents and case', () => {
    expect(fold('Sofía LÓPEZ Núria Ñandú')).toBe('sofia lopez nuria nandu');
  });
});

describe('matchRanges', () => {
  it('finds an unaccented query in accented text, marking the original letters', () => {
    expect(marked('Ana García', 'garcia')).toEqual(['García']);
    expect(marked('Sofía López', 'SOFIA')).toEqual(['Sofía']);
    expect(marked('Núria Soler', 'ria s')).toEqual(['ria S']);
  });

  it('finds every occurrence and nothing for a blank query', () => {
    expect(marked('Ana banana', 'ana')).toEqual(['Ana', 'ana']);
    expect(matchRanges('Ana', '  ')).toEqual([]);
    expect(matchRanges('Ana', 'xyz')).toEqual([]);
  });

  it('keeps decomposed accents and characters outside the basic plane whole', () => {
    const decomposed = 'Jose\u0301 Pe\u0301rez';
    expect(marked(decomposed, 'jose')).toEqual(['Jose\u0301']);
    expect(marked(decomposed, 'perez')).toEqual(['Pe\u0301rez']);
    expect(marked('😀 Ana', 'ana')).toEqual(['Ana']);
  });
});
