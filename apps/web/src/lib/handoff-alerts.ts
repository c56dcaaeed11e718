import { useLocalStorage } from '@mantine/hooks';

/**
 * How this browser tells the user that a chat needs a person, besides the in-app alert that always
 * shows: the chime is on until they turn it off; browser notifications need the browser's
 * permission, so they stay off until the user turns them on and allows them.
 */
export type AlertPreferences = { sound: boolean; browser: boolean };

export const DEFAULT_ALERT_PREFERENCES: AlertPreferences = { sound: true, browser: false };

/** Kept per browser (the same person may want sound at the desk and silence on a phone). */
export function useAlertPreferences() {
  return useLocalStorage<AlertPreferences>({
    key: 'chatdesk:handoff-alerts',
    defaultValue: DEFAULT_ALERT_PREFERENCES,
    getInitialValueInEffect: false,
  });
}

/** The chats in `current` that were not in `before`: handoffs that arrived since the last look. */
export function newlyWaiting(before: ReadonlySet<string>, current: readonly string[]): string[] {
  return current.filter((id) => !before.has(id));
}

export type HandoffAlertPlan = {
  chime: boolean;
  /** Chats to show an in-app alert for. */
  inApp: string[];
  /** Chats to show a browser notification for. */
  browser: string[];
  /** Chats whose alert should go: nobody waits there any more. */
  dismiss: string[];
};

/**
 * What to do when the waiting chats change from `before` to `current`: every chat that starts
 * waiting gets the in-app alert (except the one this tab has open, which shows it already), and
 * the chime and browser notification as the user chose; alerts of chats no longer waiting go.
 */
export function planHandoffAlerts(
  before: ReadonlySet<string>,
  current: readonly string[],
  preferences: AlertPreferences,
  openChatId?: string,
): HandoffAlertPlan {
  const arrived = newlyWaiting(before, current);
  const still = new Set(current);
  return {
    chime: preferences.sound && arrived.length > 0,
    inApp: arrived.filter((id) => id !== openChatId),
    browser: preferences.browser ? arrived : [],
    dismiss: [...before].filter((id) => !still.has(id)),
  };
}

let audio: AudioContext | undefined;

/**
 * A short two-note chime made on the spot (no sound file to download). The first call should come
 * from a click, so the browser lets the page play sound from then on.
 */
export function playChime(): void {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  void audio.resume().catch(() => {});
  const start = audio.currentTime;
  [880, 1318.5].forEach((frequency, index) => {
    if (!audio) return;
    const at = start + index * 0.14;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.4);
  });
}

export type BrowserAlertPermission = NotificationPermission | 'unsupported';

export function browserAlertPermission(): BrowserAlertPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser, once, to let this site show notifications; answers what it allows now. */
export async function requestBrowserAlerts(): Promise<BrowserAlertPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

/** A system notification that brings the dashboard forward when clicked; nothing if not allowed. */
export function showBrowserAlert(alert: {
  title: string;
  body: string;
  tag: string;
  onClick: () => void;
}): void {
  if (browserAlertPermission() !== 'granted') return;
  // The tag makes a second alert about the same thing replace the first instead of piling up.
  const notification = new Notification(alert.title, {
    body: alert.body,
    tag: alert.tag,
    icon: '/favicon.svg',
  });
  notification.onclick = () => {
    window.focus();
    alert.onClick();
    notification.close();
  };
}
