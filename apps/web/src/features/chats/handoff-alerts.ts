import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMatch, useNavigate } from 'react-router';
import {
  planHandoffAlerts,
  playChime,
  showBrowserAlert,
  useAlertPreferences,
} from '../../lib/handoff-alerts';
import { paths, routePatterns } from '../../lib/paths';
import { chatQueryOptions } from './api';
import { hideHandoffToast, showHandoffToast } from './components/handoff-toast';

/**
 * For each chat that starts waiting for a person while the dashboard is open (not those already
 * waiting when it opened): an in-app alert with a link to the chat, in every open tab, and the
 * chime and browser notification as the user chose in User Settings. The alert goes when the chat
 * stops waiting.
 */
export function useHandoffAlerts(waiting: readonly string[] | undefined): void {
  const [preferences] = useAlertPreferences();
  const preferencesRef = useRef(preferences);
  preferencesRef.current = preferences;
  const openChatId = useMatch(routePatterns.chat)?.params.id;
  const openChatRef = useRef(openChatId);
  openChatRef.current = openChatId;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const seen = useRef<ReadonlySet<string> | null>(null);

  // Opening the chat is what the alert asked for.
  useEffect(() => {
    if (openChatId) hideHandoffToast(openChatId);
  }, [openChatId]);

  useEffect(() => {
    if (!waiting) return;
    const before = seen.current;
    const current = new Set(waiting);
    seen.current = current;
    if (!before) return;
    const plan = planHandoffAlerts(before, waiting, preferencesRef.current, openChatRef.current);
    for (const chatId of plan.dismiss) hideHandoffToast(chatId);
    if (plan.chime) playChime();
    const inApp = new Set(plan.inApp);
    const browser = new Set(plan.browser);
    for (const chatId of new Set([...inApp, ...browser])) {
      void queryClient
        .fetchQuery(chatQueryOptions(chatId))
        .then((chat) => chat.name)
        .catch(() => 'A customer')
        .then((name) => {
          // A person answered while the name loaded: nothing to say any more.
          if (!seen.current?.has(chatId)) return;
          if (inApp.has(chatId)) showHandoffToast(chatId, name);
          if (browser.has(chatId))
            showBrowserAlert({
              title: 'Chat needs a person',
              body: `${name} is waiting for a reply.`,
              tag: `handoff:${chatId}`,
              onClick: () => void navigate(paths.chat(chatId)),
            });
        });
    }
  }, [waiting, queryClient, navigate]);
}
