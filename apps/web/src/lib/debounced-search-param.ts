import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The text of a search box kept in one URL search param. The box owns what is typed and the URL
 * follows `delay` ms after the last keystroke: a box that read its value back from the URL lost
 * letters whenever a keystroke landed before the navigation of the previous one had rendered.
 * A change of the URL made elsewhere (Back, a link) is taken into the box; the URL's echo of the
 * box's own text is not.
 *
 * `value` is what the box shows; `applied` is what the URL holds, the text to search with.
 */
export function useDebouncedSearchParam(key: string, delay = SEARCH_DEBOUNCE_MS) {
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = searchParams.get(key) ?? '';
  const [value, setValue] = useState(applied);
  // What the URL holds once this hook's writes have landed, and those writes not rendered yet: on a
  // slow machine one may still be on its way when the next is made, and its echo is not news.
  const written = useRef(applied);
  const awaited = useRef<string[]>([]);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (applied === written.current) {
      awaited.current = [];
      return;
    }
    const echo = awaited.current.indexOf(applied);
    if (echo >= 0) {
      awaited.current.splice(0, echo + 1);
      return;
    }
    clearTimeout(pending.current);
    awaited.current = [];
    written.current = applied;
    setValue(applied);
  }, [applied]);

  // setSearchParams changes with the URL (it closes over the params it was made from), so a later
  // change of another param (the status filter) restarts the wait with the current params.
  //
  // A click on a link while the wait runs moves the browser's address at once, but React may keep
  // this page on screen until the next page's code has loaded; a write then would navigate back to
  // this page's path and undo the click. So the write is dropped when the path moved meanwhile (the
  // next page's link carries the box's text in its query where it matters).
  useEffect(() => {
    if (value === written.current) return;
    const path = window.location.pathname;
    pending.current = setTimeout(() => {
      if (window.location.pathname !== path) return;
      written.current = value;
      awaited.current.push(value);
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      );
    }, delay);
    return () => clearTimeout(pending.current);
  }, [value, key, delay, setSearchParams]);

  /**
   * Puts the box's text into `params` now and drops the write waiting for the pause: a change of
   * another param (the status) goes in the same navigation, so neither write undoes the other.
   */
  const include = (params: URLSearchParams) => {
    clearTimeout(pending.current);
    if (value !== written.current) {
      written.current = value;
      awaited.current.push(value);
    }
    if (value) params.set(key, value);
    else params.delete(key);
    return params;
  };

  return { value, setValue, applied, include };
}
