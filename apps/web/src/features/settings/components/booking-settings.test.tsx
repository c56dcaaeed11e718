import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BookingSettingsCard, fieldOfRefusal } from './booking-settings';

const SETTINGS = {
  freeCancellationHours: 24,
  remindersEnabled: true,
  reminderHours: [24, 2],
  noShowFollowUp: false,
};

type Reply = { status: number; body: unknown };

function serve(save: Reply) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (init.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify(save.body), { status: save.status });
      }
      return new Response(JSON.stringify(SETTINGS), { status: 200 });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fieldOfRefusal', () => {
  it('finds the field a 400 names, list items included', () => {
    expect(fieldOfRefusal('freeCancellationHours: Use a whole number of hours from 0 to 168')).toEqual({
      field: 'freeCancellationHours',
      message: 'Use a whole number of hours from 0 to 168',
    });
    expect(fieldOfRefusal('reminderHours.1: Each reminder is 1 to 168 hours before')).toEqual({
      field: 'reminderHours.1',
      message: 'Each reminder is 1 to 168 hours before',
    });
    expect(fieldOfRefusal('reminderHours: At most 3 reminders')).toEqual({
      field: 'reminderHours',
      message: 'At most 3 reminders',
    });
    expect(fieldOfRefusal('body: Invalid input')).toBeNull();
  });
});

describe('BookingSettingsCard', () => {
  it("shows the server's refusal beside the field it names", async () => {
    const sent = serve({
      status: 400,
      body: {
        message: 'reminderHours: Each reminder needs a different time',
        errors: [{ field: 'reminderHours', message: 'Each reminder needs a different time' }],
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<BookingSettingsCard />);

    const second = await screen.findByRole('textbox', { name: 'Reminder 2' });
    await user.clear(second);
    await user.type(second, '24');
    await user.click(screen.getByRole('button', { name: 'Save booking settings' }));

    expect(await screen.findByText('Each reminder needs a different time')).toBeInTheDocument();
    expect(sent).toEqual([{ ...SETTINGS, reminderHours: [24, 24] }]);
  });

  it('does not send an empty box', async () => {
    const sent = serve({ status: 200, body: SETTINGS });
    const user = userEvent.setup();
    renderWithProviders(<BookingSettingsCard />);

    await user.clear(await screen.findByRole('textbox', { name: 'Free cancellation until' }));
    await user.click(screen.getByRole('button', { name: 'Save booking settings' }));

    expect(await screen.findByText('Use a whole number of hours from 0 to 168')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
