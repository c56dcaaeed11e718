import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_PREFERENCES, newlyWaiting, planHandoffAlerts } from './handoff-alerts';

describe('newlyWaiting', () => {
  it('finds only the chats that were not waiting before', () => {
    expect(newlyWaiting(new Set(['a']), ['b', 'a'])).toEqual(['b']);
    expect(newlyWaiting(new Set(['a', 'b']), ['a'])).toEqual([]);
    expect(newlyWaiting(new Set(), [])).toEqual([]);
  });
});

describe('handoff alerts', () => {
  it('by default a new handoff shows the in-app alert and chimes, without a browser notification', () => {
    expect(DEFAULT_ALERT_PREFERENCES).toEqual({ sound: true, browser: false });
    expect(planHandoffAlerts(new Set(['a']), ['a', 'b'], DEFAULT_ALERT_PREFERENCES)).toEqual({
      chime: true,
      inApp: ['b'],
      browser: [],
      dismiss: [],
    });
  });

  it('the in-app alert shows whatever the sound and browser switches say', () => {
    expect(planHandoffAlerts(new Set(), ['b'], { sound: false, browser: true })).toEqual({
      chime: false,
      inApp: ['b'],
      browser: ['b'],
      dismiss: [],
    });
  });

  it('says nothing when no chat started waiting, and takes down the alert of a chat answered meanwhile', () => {
    expect(planHandoffAlerts(new Set(['a', 'b']), ['b'], DEFAULT_ALERT_PREFERENCES)).toEqual({
      chime: false,
      inApp: [],
      browser: [],
      dismiss: ['a'],
    });
  });

  it('the chat open in this tab gets no in-app alert (it is on screen), but still the chime', () => {
    expect(planHandoffAlerts(new Set(), ['a', 'b'], DEFAULT_ALERT_PREFERENCES, 'a')).toMatchObject({
      chime: true,
      inApp: ['b'],
    });
  });
});
