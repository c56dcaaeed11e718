import { describe, expect, it } from 'vitest';
import { professionalNames } from './professional-names';

const people = (...names: string[]) => names.map((name) => ({ name }));

describe('professionalNames', () => {
  it('names one, two or a few by first name', () => {
    expect(professionalNames(people('Ana García'))).toBe('Ana');
    expect(professionalNames(people('Ana García', 'Bea Ruiz'))).toBe('Ana and Bea');
    expect(professionalNames(people('Ana García', 'Bea Ruiz', 'Carlos Gil'))).toBe('Ana, Bea and Carlos');
  });

  it('tells apart two who share a first name', () => {
    expect(professionalNames(people('Ana García', 'Ana López', 'Bea Ruiz'))).toBe(
      'Ana García, Ana López and Bea',
    );
  });

  it('counts the rest of a long list', () => {
    expect(professionalNames(people('Ana A', 'Bea B', 'Carlos C', 'Dani D', 'Eva E', 'Fran F'))).toBe(
      'Ana, Bea, Carlos and 3 more',
    );
  });
});
