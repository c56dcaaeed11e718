import { Button, Group, Modal, Text } from '@mantine/core';
import { useContext, useEffect, useRef, useState } from 'react';
import { type Navigator, UNSAFE_NavigationContext, useLocation } from 'react-router';
import { setPopStateHold } from '../lib/pop-state-guard';
import { discardsChanges, leavesPage, useHasUnsavedChanges } from '../lib/unsaved-changes';

type HistoryState = { idx?: unknown } | null;

const historyIndex = (state: HistoryState): number | null =>
  typeof state?.idx === 'number' ? state.idx : null;

/**
 * Asks before a page with unsaved changes is left: links, navigate(), Back and Forward inside the app,
 * and (through the browser's own prompt) reload and closing the tab.
 *
 * React Router's `useBlocker` needs a data router, which the app leaves out to keep the public pages
 * light (docs/architecture.md), so this holds navigations at the router's history instead: `push` and
 * `replace` are wrapped, and a Back or Forward is undone before the router sees it
 * (lib/pop-state-guard.ts) and replayed on Discard.
 */
export function UnsavedChangesDialog() {
  const dirty = useHasUnsavedChanges();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname, key } = useLocation();
  const [pending, setPending] = useState<(() => void) | null>(null);
  // Set on Discard so the navigation it lets through is not held again; cleared by the next page.
  const discarding = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location ends the discard.
  useEffect(() => {
    discarding.current = false;
  }, [key]);

  useEffect(() => {
    if (!dirty) {
      setPending(null);
      return;
    }

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (discarding.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };

    const history = navigator as Navigator;
    const { push, replace } = history;
    const hold =
      (navigate: Navigator['push']): Navigator['push'] =>
      (to, state, options) => {
        if (discarding.current || discardsChanges(state) || !leavesPage(to, pathname)) {
          return navigate(to, state, options);
        }
        setPending(() => () => navigate(to, state, options));
      };
    history.push = hold(push);
    history.replace = hold(replace);

    const here = historyIndex(window.history.state as HistoryState);
    const releasePopState = setPopStateHold((event) => {
      if (discarding.current || here === null) return false;
      const target = historyIndex(event.state as HistoryState);
      if (target === null) return false;
      // Our own step back to where the user was: nothing to ask.
      if (target === here) return true;
      const delta = target - here;
      window.history.go(-delta);
      setPending(() => () => window.history.go(delta));
      return true;
    });

    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      history.push = push;
      history.replace = replace;
      window.removeEventListener('beforeunload', onBeforeUnload);
      releasePopState();
    };
  }, [dirty, navigator, pathname]);

  const stay = () => setPending(null);
  const discard = () => {
    discarding.current = true;
    pending?.();
    setPending(null);
  };

  return <DiscardChangesModal opened={pending !== null} onStay={stay} onDiscard={discard} />;
}

type DiscardChangesModalProps = { opened: boolean; onStay: () => void; onDiscard: () => void };

/** The question itself, also asked by a dialog holding a form when it is dismissed with changes. */
export function DiscardChangesModal({ opened, onStay, onDiscard }: DiscardChangesModalProps) {
  // The Escape that dismissed the form opens this question; if this modal's own Escape listener
  // is in place before that key event has finished, the same press answers "Stay" at once and
  // the question vanishes (Escape seemed to do nothing). It listens only from the next task on.
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!opened) {
      setArmed(false);
      return;
    }
    const timer = setTimeout(() => setArmed(true), 0);
    return () => clearTimeout(timer);
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onStay} closeOnEscape={armed} title="Discard unsaved changes?" centered>
      <Text size="sm">You have changes that are not saved. If you leave them, they are lost.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onStay} data-autofocus>
          Stay
        </Button>
        <Button color="red" onClick={onDiscard}>
          Discard
        </Button>
      </Group>
    </Modal>
  );
}
