import { SUCCESS_MESSAGE_MS } from '@chatdesk/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that clears itself after SUCCESS_MESSAGE_MS, as the spec asks of every success text. */
export function useFlashMessage(durationMs: number = SUCCESS_MESSAGE_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  return { message, show, clear };
}
