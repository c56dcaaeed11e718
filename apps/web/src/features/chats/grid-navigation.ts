/**
 * Where focus goes in a grid of `count` cells, `columns` wide, when `key` is pressed on cell `index`;
 * null for a key the grid does not handle. Arrows stop at the edges rather than wrapping.
 */
export function gridStep(index: number, key: string, count: number, columns: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, last);
    case 'ArrowLeft':
      return Math.max(index - 1, 0);
    case 'ArrowDown':
      return index + columns <= last ? index + columns : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
