import { Alert, Card, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import {
  browserAlertPermission,
  playChime,
  requestBrowserAlerts,
  useAlertPreferences,
} from '../../../lib/handoff-alerts';

const PERMISSION_DENIED =
  'Your browser blocks notifications from this site. Allow them in the site settings (the icon left of the address), then turn this on again.';
const NOT_ALLOWED =
  'Notifications were not allowed. Turn this on again and choose Allow when your browser asks.';
const UNSUPPORTED = 'This browser cannot show notifications.';
const PROBLEMS = { denied: PERMISSION_DENIED, default: NOT_ALLOWED, unsupported: UNSUPPORTED } as const;

/** How this browser tells the user that the assistant handed a chat over: sound, a system notification. */
export function AlertSettings() {
  const [preferences, setPreferences] = useAlertPreferences();
  const [problem, setProblem] = useState<string | null>(null);
  // Turned on earlier, then blocked in the browser's settings: the switch says what really happens.
  const browserOn = preferences.browser && browserAlertPermission() === 'granted';

  const toggleSound = (on: boolean) => {
    setPreferences((current) => ({ ...current, sound: on }));
    // A click lets the page play sound from now on, and tells the user what they will hear.
    if (on) playChime();
  };

  const toggleBrowser = async (on: boolean) => {
    setProblem(null);
    if (!on) {
      setPreferences((current) => ({ ...current, browser: false }));
      return;
    }
    const permission = await requestBrowserAlerts();
    if (permission === 'granted') {
      setPreferences((current) => ({ ...current, browser: true }));
      return;
    }
    setPreferences((current) => ({ ...current, browser: false }));
    setProblem(PROBLEMS[permission]);
  };

  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <div>
          <Text fw={600}>Chat alerts</Text>
          <Text size="sm" c="dimmed">
            When the assistant hands a chat to a person, the dashboard shows an alert with a link to the chat;
            these add to it. Saved in this browser only.
          </Text>
        </div>
        <Switch
          label="Play a sound"
          checked={preferences.sound}
          onChange={(event) => toggleSound(event.currentTarget.checked)}
        />
        <Switch
          label="Show a browser notification"
          description="Your browser asks for permission the first time."
          checked={browserOn}
          onChange={(event) => void toggleBrowser(event.currentTarget.checked)}
        />
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
