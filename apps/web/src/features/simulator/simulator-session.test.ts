import { describe, expect, it } from 'vitest';
import { replyTexts, simulatorSessionId } from './simulator-session';

describe('simulator session', () => {
  it('keeps one random id per tab', () => {
    const first = simulatorSessionId(sessionStorage);
    expect(first).toMatch(/^[a-z0-9]{16,32}$/i);
    expect(simulatorSessionId(sessionStorage)).toBe(first);
    sessionStorage.clear();
    expect(simulatorSessionId(sessionStorage)).not.toBe(first);
  });

  it("falls back to 'No response' when the assistant said nothing", () => {
    expect(replyTexts(['Hola', 'Adiós'], 'Hola')).toEqual(['Hola', 'Adiós']);
    expect(replyTexts([], 'Hola')).toEqual(['Hola']);
    expect(replyTexts([], null)).toEqual(['No response']);
    expect(replyTexts(undefined, '  ')).toEqual(['No response']);
  });
});
