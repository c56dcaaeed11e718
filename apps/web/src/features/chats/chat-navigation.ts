/**
 * The chat Alt+↑/↓ moves to from the open one, in the list's order: the first (or, going up, the
 * last) when none of the listed chats is open; nothing past either end.
 */
export function adjacentChatId(
  ids: readonly string[],
  activeId: string | undefined,
  step: 1 | -1,
): string | undefined {
  const index = activeId ? ids.indexOf(activeId) : -1;
  if (index === -1) return step === 1 ? ids[0] : ids.at(-1);
  return ids[index + step];
}

/** Router state of a chat opened with Alt+↑/↓: the reply box of the new chat takes the focus. */
export const FOCUS_COMPOSER = { focusComposer: true } as const;

export function focusesComposer(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'focusComposer' in state && state.focusComposer === true
  );
}
