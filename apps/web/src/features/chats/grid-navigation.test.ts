import { describe, expect, it } from 'vitest';
import { gridStep } from './grid-navigation';

describe('moving in the emoji grid with the arrow keys', () => {
  // 25 cells, 10 a row: rows 0–9, 10–19, 20–24.
  const step = (index: number, key: string) => gridStep(index, key, 25, 10);

  it('moves one cell sideways and one row up or down', () => {
    expect(step(5, 'ArrowRight')).toBe(6);
    expect(step(5, 'ArrowLeft')).toBe(4);
    expect(step(5, 'ArrowDown')).toBe(15);
    expect(step(15, 'ArrowUp')).toBe(5);
  });

  it('stops at the edges', () => {
    expect(step(0, 'ArrowLeft')).toBe(0);
    expect(step(24, 'ArrowRight')).toBe(24);
    expect(step(3, 'ArrowUp')).toBe(3);
    expect(step(18, 'ArrowDown')).toBe(18);
  });

  it('jumps to the first and last cell with Home and End', () => {
    expect(step(12, 'Home')).toBe(0);
    expect(step(12, 'End')).toBe(24);
  });

  it('leaves other keys to the browser', () => {
    expect(step(12, 'Tab')).toBeNull();
    expect(step(12, 'a')).toBeNull();
  });
});
