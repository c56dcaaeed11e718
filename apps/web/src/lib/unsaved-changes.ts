import { useEffect, useSyncExternalStore } from 'react';

/**
 * Which mounted forms hold unsaved changes. Forms report here (`useUnsavedChangesGuard`); one dialog
 * in the staff shell (components/unsaved-changes-dialog.tsx) blocks leaving the page while any does.
 */
const dirtyForms = new Set<symbol>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setDirty(form: symbol, dirty: boolean): void {
  const had = dirtyForms.has(form);
  if (dirty === had) return;
  if (dirty) dirtyForms.add(form);
  else dirtyForms.delete(form);
  for (const listener of listeners) listener();
}

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/** True while any mounted form holds unsaved changes. */
export function useHasUnsavedChanges(): boolean {
  return useSyncExternalStore(subscribe, hasUnsavedChanges);
}

/**
 * Marks the calling form as holding unsaved changes while `dirty` is true. Pass false while the form
 * is being saved and once it is saved, so the navigation that follows a save is never held back.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const form = Symbol('form');
    setDirty(form, true);
    return () => setDirty(form, false);
  }, [dirty]);
}

/** Router state of a form's own Cancel link: leaving that way is the user's choice to discard, so it is not asked. */
export const DISCARDS_CHANGES = { discardsChanges: true } as const;

export function discardsChanges(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'discardsChanges' in state &&
    state.discardsChanges === true
  );
}

/** Whether a navigation to `to` leaves the current page (a new path), rather than changing its query or hash. */
export function leavesPage(to: string | { pathname?: string | undefined }, currentPathname: string): boolean {
  const pathname = typeof to === 'string' ? new URL(to, window.location.href).pathname : to.pathname;
  return pathname !== undefined && pathname !== currentPathname;
}
