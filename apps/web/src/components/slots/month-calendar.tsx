import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { addDays, addMonths, formatMonth, monthOf, monthWeeks } from '../../lib/calendar-grid';
import { usePageLanguage } from '../../lib/page-language';
import classes from './month-calendar.module.css';

type MonthCalendarProps = {
  label: string;
  value: string | null;
  onChange: (date: string) => void;
  /** Days that can be chosen (yyyy-MM-dd, in the business's time zone). */
  isAvailable: (date: string) => boolean;
  /** Every day disabled, for example while a payment runs. */
  disabled?: boolean;
  /** Available days are not highlighted (the calendar is locked after a booking). */
  muted?: boolean;
  /** The months that can be shown, 'yyyy-MM'. */
  minMonth: string;
  maxMonth: string;
  getDayLabel: (date: string) => string;
  /** Today in the business's time zone (yyyy-MM-dd), marked so days can be read relative to it. */
  today?: string;
};

const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * A Monday-first month of days to pick from. Our own rather than a date-picker library's:
 * it is all the public booking page needs, and a phone downloads it with the page.
 */
export function MonthCalendar({
  label,
  value,
  onChange,
  isAvailable,
  disabled = false,
  muted = false,
  minMonth,
  maxMonth,
  getDayLabel,
  today,
}: MonthCalendarProps) {
  const { say } = usePageLanguage();
  const [month, setMonth] = useState(value ? monthOf(value) : minMonth);
  const grid = useRef<HTMLTableElement>(null);
  const focusNext = useRef<string | null>(null);
  const weeks = monthWeeks(month);
  const canChoose = (day: string) => !disabled && isAvailable(day);
  const days = weeks.flat().filter((day): day is string => day !== null);
  // One day is the grid's tab stop; the arrow keys move between the others.
  const tabStop = value && monthOf(value) === month && canChoose(value) ? value : days.find(canChoose);

  const focusDay = (day: string) =>
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${day}"]`)?.focus();

  // A day in another month gets focus once that month has rendered.
  useEffect(() => {
    if (!focusNext.current) return;
    focusDay(focusNext.current);
    focusNext.current = null;
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const step = STEPS[event.key];
    const from = (event.target as HTMLElement).dataset.date;
    if (!step || !from) return;
    event.preventDefault();
    for (let day = addDays(from, step), i = 0; i < 62; day = addDays(day, step), i++) {
      if (monthOf(day) < minMonth || monthOf(day) > maxMonth) return;
      if (canChoose(day)) {
        if (monthOf(day) === month) focusDay(day);
        else {
          focusNext.current = day;
          setMonth(monthOf(day));
        }
        return;
      }
    }
  };

  return (
    <div className={classes.calendar} data-muted={muted || undefined}>
      <div className={classes.header}>
        <button
          type="button"
          className={classes.control}
          aria-label={say.picker.previousMonth}
          disabled={month <= minMonth}
          onClick={() => setMonth(addMonths(month, -1))}
        >
          <IconChevronLeft size={18} aria-hidden />
        </button>
        <span className={classes.month} aria-live="polite">
          {formatMonth(month, say.locale)}
        </span>
        <button
          type="button"
          className={classes.control}
          aria-label={say.picker.nextMonth}
          disabled={month >= maxMonth}
          onClick={() => setMonth(addMonths(month, 1))}
        >
          <IconChevronRight size={18} aria-hidden />
        </button>
      </div>
      <table ref={grid} className={classes.grid} aria-label={label} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {say.picker.weekdays.map((weekday) => (
              <th key={weekday} scope="col" className={classes.weekday}>
                {weekday}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, index) => (
                <td key={day ?? `empty-${index}`} className={classes.cell}>
                  {day ? (
                    <button
                      type="button"
                      className={classes.day}
                      data-date={day}
                      data-available={(!muted && isAvailable(day)) || undefined}
                      data-selected={day === value || undefined}
                      data-today={day === today || undefined}
                      aria-current={day === today ? 'date' : undefined}
                      aria-pressed={day === value}
                      aria-label={getDayLabel(day)}
                      disabled={!canChoose(day)}
                      tabIndex={day === tabStop ? 0 : -1}
                      onClick={() => onChange(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
