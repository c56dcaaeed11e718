import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { newlyWaiting, playChime, showBrowserAlert, useAlertPreferences } from '../../lib/handoff-alerts';
import { paths } from '../../lib/paths';
import { chatQueryOptions } from './api';

/**
 * Plays the chime and shows a browser notification, as the user chose in User Settings, for each
 * chat that starts waiting for a person while the dashboard is open (not for those already
 * waiting when it opened).
 */
export function useHandoffAlerts(waiting: readonly string[] | undefined): void {
  const [preferences] = useAlertPreferences();
  const preferencesRef = useRef(preferences);
  preferencesRef.current = preferences;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const seen = useRef<ReadonlySet<string> | null>(null);

  useEffect(() => {
    if (!waiting) return;
    const before = seen.current;
    seen.current = new Set(waiting);
    if (!before) return;
    const arrived = newlyWaiting(before, waiting);
    if (arrived.length === 0) return;
    const { sound, browser } = preferencesRef.current;
    if (sound) playChime();
    if (!browser) return;
    for (const chatId of arrived) {
      void queryClient
        .fetchQuery(chatQueryOptions(chatId))
        .then((chat) => chat.name)
        .catch(() => 'A customer')
        .then((name) =>
          showBrowserAlert({
            title: 'Chat needs a person',
            body: `${name} is waiting for a reply.`,
            tag: `handoff:${chatId}`,
            onClick: () => void navigate(paths.chat(chatId)),
          }),
        );
    }
  }, [waiting, queryClient, navigate]);
}
