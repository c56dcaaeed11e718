import type { Slot } from '../../components/slots/slot-calendar';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/**
 * The slot a link asks for (`?date=YYYY-MM-DD&time=HH:mm`, from the "anyone available" page), if
 * it is still open; a malformed, past or taken one is ignored and the visitor picks another.
 */
export function linkedSlot(
  slots: { date: string; times: string[] }[],
  date: string | null,
  time: string | null,
): Slot | null {
  if (!date || !time || !DATE.test(date) || !TIME.test(time)) return null;
  const open = slots.find((day) => day.date === date)?.times.includes(time);
  return open ? { date, time } : null;
}
