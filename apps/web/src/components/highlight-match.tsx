import { Mark } from '@mantine/core';
import { createContext, Fragment, type ReactNode, useContext } from 'react';
import { matchRanges } from '../lib/fold';

/**
 * `text` with what a list's search matched marked, compared without accents or case as the
 * server searches: searching "garcia" marks "García".
 */
export function HighlightMatch({ text, query }: { text: string; query: string | undefined }) {
  const ranges = query ? matchRanges(text, query) : [];
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <Mark key={start} color="yellow" px={1} style={{ borderRadius: 2 }}>
        {text.slice(start, end)}
      </Mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}

const SearchQuery = createContext('');

/** The search a list page shows results for: the `Highlighted` texts inside it mark its matches. */
export function SearchQueryProvider({ query, children }: { query: string; children: ReactNode }) {
  return <SearchQuery.Provider value={query}>{children}</SearchQuery.Provider>;
}

/** A list row's text, with the page's search marked in it. */
export function Highlighted({ text }: { text: string }) {
  return <HighlightMatch text={text} query={useContext(SearchQuery)} />;
}
