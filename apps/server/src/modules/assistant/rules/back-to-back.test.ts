import { describe, expect, it } from 'vitest';
import { withTimeAfter } from './back-to-back.ts';
import { addressOf, readCompanyInfo } from './company-info.ts';

describe('withTimeAfter', () => {
  it('writes in the time after the one said ("a las 11 el corte y justo después el color")', () => {
    expect(
      withTimeAfter('el miercoles a las 11 el corte y justo despues el color se puede?', undefined),
    ).toMatch(/a las 11 el corte y\s+y a las 11:30\s+el color/);
  });

  it('takes the day and time just said free when the message names none', () => {
    const reply = '¡Sí! Carmen Ortiz tiene hueco el hoy, lunes 23 de noviembre a las 11:00.\nReserva aquí: …';
    expect(withTimeAfter('y justo después el lifting?', reply)).toContain(
      'el lunes 23 de noviembre a las 11:30',
    );
    expect(
      withTimeAfter('and the lashes right after?', 'Yes! Carmen is free on Friday 4 December at 10:00.'),
    ).toContain('on Friday 4 December at 10:30');
  });

  it('adds the second of "los dos seguidos … a las 10", and leaves two times or a time said after alone', () => {
    expect(withTimeAfter('los dos seguidos el sabado con sergio a las 10?', undefined)).toMatch(
      /a las 10\?? y a las 10:30$/,
    );
    expect(withTimeAfter('quiero dos seguidas, a las 10 y 10:30', undefined)).toBe(
      'quiero dos seguidas, a las 10 y 10:30',
    );
    // "right after, 9:30": the time is the one said, and no "after 9:30".
    expect(withTimeAfter('and lashes too right after, 9:30?', undefined)).not.toMatch(/right after/);
    expect(withTimeAfter('¿cuánto cuesta un corte?', undefined)).toBe('¿cuánto cuesta un corte?');
  });
});

describe('addressOf', () => {
  const info = readCompanyInfo(
    'Tres espacios: Madrid (Calle de Fuencarral 45; peluquería y color), Zaragoza (Paseo de la Independencia 12; barbería).\nHorarios: Zaragoza: lunes de 16:00 a 20:00.',
  );
  it('reads the street a place is at, and nothing from its hours', () => {
    expect(addressOf(info, 'Madrid')).toBe('Calle de Fuencarral 45');
    expect(addressOf(info, 'Zaragoza')).toBe('Paseo de la Independencia 12');
    expect(addressOf(info, 'Granada')).toBeNull();
  });
});
