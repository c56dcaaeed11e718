/**
 * Router state of a link from a list to one of its records: the list's address as the user left it
 * (filters, search, page), so the record's 'Back to …' returns there rather than to a fresh list.
 */
export type FromList = { backTo: string };

export function fromList(location: { pathname: string; search: string }): FromList {
  return { backTo: `${location.pathname}${location.search}` };
}

/** Where a record's 'Back to …' goes: the list it was opened from, else the list's plain address. */
export function backTo(state: unknown, list: string): string {
  const saved =
    typeof state === 'object' && state !== null && 'backTo' in state && typeof state.backTo === 'string'
      ? state.backTo
      : null;
  // Only that list, with its own query: the state comes from history, which any page can write.
  return saved !== null && (saved === list || saved.startsWith(`${list}?`)) ? saved : list;
}
