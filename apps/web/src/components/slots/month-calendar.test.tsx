import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { MonthCalendar } from './month-calendar';

const open = new Set(['2026-11-27', '2026-11-30', '2026-12-01']);
const label = (date: string) => `day ${date}`;

function renderCalendar(overrides: Partial<Parameters<typeof MonthCalendar>[0]> = {}) {
  const onChange = vi.fn();
  renderWithProviders(
    <MonthCalendar
      label="Available dates"
      value={null}
      onChange={onChange}
      isAvailable={(day) => open.has(day)}
      minMonth="2026-11"
      maxMonth="2026-12"
      getDayLabel={label}
      {...overrides}
    />,
  );
  return { onChange };
}

describe('MonthCalendar', () => {
  it('starts on Monday and lets only open days be chosen', async () => {
    const { onChange } = renderCalendar();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    expect(screen.getByText('November 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'day 2026-11-26' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'day 2026-11-27' }));
    expect(onChange).toHaveBeenCalledWith('2026-11-27');
  });

  it('pages between the months it may show and no further', async () => {
    renderCalendar();
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByText('December 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'day 2026-12-01' })).toBeEnabled();
  });

  it('moves between open days with the arrow keys, across months', async () => {
    renderCalendar();
    const first = screen.getByRole('button', { name: 'day 2026-11-27' });
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'day 2026-11-30' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('December 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'day 2026-12-01' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'day 2026-11-30' })).toHaveFocus();
  });

  it('disables every day while it is busy and marks the chosen one', () => {
    renderCalendar({ value: '2026-11-30', disabled: true });
    expect(screen.getByRole('button', { name: 'day 2026-11-30' })).toHaveAttribute('aria-pressed', 'true');
    for (const day of open) {
      if (day.startsWith('2026-11'))
        expect(screen.getByRole('button', { name: `day ${day}` })).toBeDisabled();
    }
  });

  it('marks today, open or not, and no other day', () => {
    renderCalendar({ today: '2026-11-26' });
    const today = screen.getByRole('button', { name: 'day 2026-11-26' });
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toBeDisabled();
    expect(screen.getByRole('button', { name: 'day 2026-11-27' })).not.toHaveAttribute('aria-current');
  });
});
