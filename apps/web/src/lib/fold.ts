/**
 * Lower case without accents, the way the server's search folds names (`chatdesk_fold`):
 * "sofia" finds "Sofía", "GARCIA" finds "García".
 */
export function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Where `query` occurs in `text`, compared folded, as [start, end) ranges of the original text,
 * so "garcia" marks "García" whole. Empty for a blank query.
 */
export function matchRanges(text: string, query: string): [number, number][] {
  const term = fold(query.trim());
  if (!term) return [];
  // Fold one character at a time, remembering which original character each folded one came from.
  let folded = '';
  const origin: number[] = [];
  for (let index = 0; index < text.length; ) {
    const code = text.codePointAt(index) ?? 0;
    const char = String.fromCodePoint(code);
    const piece = fold(char);
    folded += piece;
    for (let unit = 0; unit < piece.length; unit++) origin.push(index);
    index += char.length;
  }
  origin.push(text.length);

  const ranges: [number, number][] = [];
  for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + term.length)) {
    const start = origin[at] ?? 0;
    const lastOrigin = origin[at + term.length - 1] ?? start;
    let end = lastOrigin + String.fromCodePoint(text.codePointAt(lastOrigin) ?? 0).length;
    // An accent written as its own combining character belongs with the letter before it.
    while (end < text.length && /\p{M}/u.test(text[end] ?? '')) end++;
    ranges.push([start, end]);
  }
  return ranges;
}
