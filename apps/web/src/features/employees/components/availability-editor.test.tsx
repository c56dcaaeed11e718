import { EMPLOYEE_MESSAGES } from '@chatdesk/contract/employees';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { toWeeklyRanges, type WeeklyRanges } from '../employee-form';
import { AvailabilityEditor } from './availability-editor';

function Harness({ initial }: { initial: WeeklyRanges }) {
  const [value, setValue] = useState(initial);
  return <AvailabilityEditor value={value} onChange={setValue} />;
}

describe('AvailabilityEditor', () => {
  it('lists every weekday from Monday to Sunday', () => {
    renderWithProviders(<Harness initial={toWeeklyRanges({})} />);
    expect(screen.getAllByRole('group').map((group) => group.getAttribute('aria-label'))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });

  it('adds a 09:00-19:00 range to one day and removes it again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={toWeeklyRanges({})} />);
    const tuesday = screen.getByRole('group', { name: 'Tuesday' });

    await user.click(within(tuesday).getByRole('button', { name: 'Add time range' }));
    expect(within(tuesday).getByRole('combobox', { name: 'Tuesday range 1 start' })).toHaveValue('09:00');
    expect(within(tuesday).getByRole('combobox', { name: 'Tuesday range 1 end' })).toHaveValue('19:00');
    expect(within(screen.getByRole('group', { name: 'Monday' })).queryAllByRole('combobox')).toHaveLength(0);

    await user.click(within(tuesday).getByRole('button', { name: 'Remove Tuesday range 1' }));
    expect(within(tuesday).queryAllByRole('combobox')).toHaveLength(0);
  });

  it('flags a range whose end is not after its start', () => {
    renderWithProviders(
      <Harness
        initial={toWeeklyRanges({
          monday: [
            ['09:00', '13:00'],
            ['15:00', '15:00'],
          ],
        })}
      />,
    );
    const monday = screen.getByRole('group', { name: 'Monday' });
    expect(within(monday).getAllByText(EMPLOYEE_MESSAGES.rangeInvalid)).toHaveLength(1);
  });

  it('takes a typed time: 1730 then Enter', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={toWeeklyRanges({ monday: [['09:00', '13:00']] })} />);
    const end = screen.getByRole('combobox', { name: 'Monday range 1 end' });
    await user.clear(end);
    await user.type(end, '1730{Enter}');
    expect(end).toHaveValue('17:30');
  });
});
