import type { PageTexts } from '@chatdesk/contract/page-texts';
import { Text } from '@mantine/core';
import { usePageLanguage } from '../../lib/page-language';
import { formatTime } from '../../lib/wall-clock';
import { browserTimeZone, visitorTime, zoneCity } from '../../lib/zone-time';

type VisitorTimeProps = { date: string; time: string; timeZone: string };

/**
 * For a visitor whose browser is in another zone: the time on both clocks, "5:00 PM Madrid ·
 * 11:00 AM your time". The business's zone stays the reference everywhere else on the page.
 */
export function VisitorTime({ date, time, timeZone }: VisitorTimeProps) {
  const { say } = usePageLanguage();
  const mine = visitorTime(date, time, timeZone, browserTimeZone(), say.locale);
  if (!mine) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="visitor-time">
      {say.picker.bothClocks(formatTime(time, say.locale), zoneCity(timeZone), mine)}
    </Text>
  );
}

/** The header's note, when the visitor's zone is not the business's. */
export function visitorZoneNote(
  timeZone: string,
  texts: Pick<PageTexts['booking'], 'yourZone'>,
): string | null {
  const mine = browserTimeZone();
  const today = new Date().toISOString().slice(0, 10);
  if (!mine || !visitorTime(today, '12:00', timeZone, mine)) return null;
  return texts.yourZone(mine);
}
