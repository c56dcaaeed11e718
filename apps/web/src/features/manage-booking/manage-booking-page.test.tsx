import type { ManagedBooking } from '@chatdesk/contract/manage-booking';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { serve } from '../../test/serve';
import { ManageBookingPage } from './manage-booking-page';

const TOKEN = 'a'.repeat(64);
const fee = { amount: 1000, currency: 'eur' };

const booking: ManagedBooking = {
  appointment: {
    date: '2026-11-25',
    startTime: '17:00',
    endTime: '17:30',
    startsAt: '2026-11-25T16:00:00.000Z',
    status: 'scheduled',
    employeeName: 'Carlos Ruiz',
    clientName: 'Ana',
    serviceName: 'Appointment',
  },
  timeZone: 'Europe/Madrid',
  companyName: 'Acme Studio',
  language: 'en',
  payment: { ...fee, refunded: false },
  pack: null,
  policy: { freeCancellationHours: 24 },
  changesUntil: '2026-11-24T16:00:00.000Z',
  canCancel: true,
  refundOnCancel: fee,
  canReschedule: true,
  reason: null,
  history: [{ kind: 'booked', actor: 'customer', at: '2026-11-20T09:00:00.000Z', data: {} }],
};

const late: ManagedBooking = {
  ...booking,
  refundOnCancel: null,
  canReschedule: false,
  reason: 'It is too late to reschedule this appointment online. Please contact us.',
};

const cancelled: ManagedBooking = {
  ...booking,
  appointment: { ...booking.appointment, status: 'cancelled' },
  payment: { ...fee, refunded: true },
  changesUntil: null,
  canCancel: false,
  refundOnCancel: null,
  canReschedule: false,
  reason: 'This appointment is cancelled.',
  history: [
    ...booking.history,
    { kind: 'cancelled', actor: 'customer', at: '2026-11-21T09:00:00.000Z', data: { refund: 'due', ...fee } },
    { kind: 'refunded', actor: 'system', at: '2026-11-21T09:00:01.000Z', data: fee },
  ],
};

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/booking/:token" element={<ManageBookingPage />} />
    </Routes>,
    { route: `/booking/${TOKEN}` },
  );
}

const path = `/api/booking/${TOKEN}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ManageBookingPage', () => {
  it('shows the appointment, the policy in plain words and its history', async () => {
    serve({ [`GET ${path}`]: [{ status: 200, body: booking }] });
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Your appointment' })).toBeInTheDocument();
    expect(screen.getByTestId('company-name')).toHaveTextContent('Acme Studio');
    expect(screen.getByTestId('appointment-status')).toHaveTextContent('Confirmed');
    expect(screen.getByTestId('appointment-date')).toHaveTextContent('Wednesday, November 25, 2026');
    expect(screen.getByTestId('appointment-time')).toHaveTextContent('5:00 PM - 5:30 PM');
    // The zone is named; the test machine's own clock may add the visitor's time after it.
    expect(screen.getByTestId('cancellation-policy')).toHaveTextContent(
      /^Free cancellation until Tue, Nov 24, 5:00 PM \(Madrid time(; .+ your time)?\)\. After that the €10\.00 fee is not refunded\.$/,
    );
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    expect(within(screen.getByRole('list')).getByText('Booked')).toBeInTheDocument();
  });

  it('states the refund before cancelling and sends the refund it showed', async () => {
    const calls = serve({
      [`GET ${path}`]: [{ status: 200, body: booking }],
      [`POST ${path}/cancel`]: [{ status: 200, body: cancelled }],
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your appointment?' });
    expect(within(dialog).getByTestId('cancel-consequence')).toHaveTextContent(
      'You will get €10.00 back to your card.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));

    expect(await screen.findByText('Your appointment has been cancelled.')).toBeInTheDocument();
    expect(screen.getByText('€10.00 has been refunded to your card.')).toBeInTheDocument();
    expect(screen.getByTestId('appointment-status')).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ refundExpected: 1000 });
  }, 20_000);

  it("sends a pack session's return it showed, so a deadline passed meanwhile is asked again", async () => {
    const withPack: ManagedBooking = {
      ...booking,
      payment: null,
      refundOnCancel: null,
      pack: {
        name: 'Bono 10',
        sessionsLeft: 9,
        sessionsTotal: 10,
        expiresAt: '2027-02-25T23:00:00.000Z',
        returned: false,
        backOnCancel: true,
      },
    };
    const calls = serve({
      [`GET ${path}`]: [{ status: 200, body: withPack }],
      [`POST ${path}/cancel`]: [{ status: 200, body: { ...cancelled, payment: null, pack: withPack.pack } }],
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your appointment?' });
    expect(within(dialog).getByTestId('cancel-consequence')).toHaveTextContent(
      'The session goes back to your pack.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));

    await screen.findByText('Your appointment has been cancelled.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      refundExpected: 0,
      sessionBackExpected: true,
    });
  }, 20_000);

  it('shows a refusal in the dialog with the terms as they are now', async () => {
    const calls = serve({
      [`GET ${path}`]: [
        { status: 200, body: booking },
        { status: 200, body: late },
      ],
      [`POST ${path}/cancel`]: [
        {
          status: 409,
          body: {
            message:
              'The refund terms have changed since you opened this page. Please review them and confirm again.',
          },
        },
      ],
    });
    const user = userEvent.setup();
    renderPage();

    await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your appointment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The refund terms have changed since you opened this page. Please review them and confirm again.',
    );
    expect(await within(dialog).findByText('The €10.00 fee will not be refunded.')).toBeInTheDocument();
    expect(screen.getByText(late.reason!)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  }, 20_000);

  it("is in the client's language, dates and money too, with a switch to the other that <html lang> follows", async () => {
    localStorage.clear();
    serve({ [`GET ${path}`]: [{ status: 200, body: { ...booking, language: 'es' } }] });
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Tu cita' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByTestId('appointment-status')).toHaveTextContent('Confirmada');
    expect(screen.getByTestId('appointment-date')).toHaveTextContent('miércoles, 25 de noviembre de 2026');
    expect(screen.getByTestId('appointment-time')).toHaveTextContent('17:00 - 17:30');
    expect(screen.getByTestId('cancellation-policy')).toHaveTextContent(
      /^Puedes cancelar gratis hasta el mar, 24 nov, 17:00 \(hora de Madrid(; .+ en tu hora)?\)\. Después, no se devuelve el importe de 10,00\s€\.$/,
    );
    expect(screen.getByRole('button', { name: 'Cambiar la hora' })).toBeEnabled();
    expect(within(screen.getByRole('list')).getByText('Reservada')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your appointment' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByTestId('appointment-date')).toHaveTextContent('Wednesday, November 25, 2026');
    localStorage.clear();
  });

  it("shows the server's refusal in the page's language", async () => {
    localStorage.clear();
    serve({
      [`GET ${path}`]: [{ status: 200, body: { ...late, language: 'es' } }],
    });
    renderPage();
    expect(await screen.findByTestId('change-reason')).toHaveTextContent(
      'Ya es tarde para cambiar la hora de esta cita por internet. Ponte en contacto con nosotros.',
    );
  });

  it('says a link that names no appointment is not valid', async () => {
    serve({ [`GET ${path}`]: [{ status: 404, body: { message: 'This booking link is not valid.' } }] });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This booking link is not valid.' }),
    ).toBeInTheDocument();
  });

  it('offers to try again when the appointment could not be loaded', async () => {
    serve({
      [`GET ${path}`]: [
        { status: 500, body: { message: 'Something went wrong on our side. Please try again.' } },
        { status: 200, body: booking },
      ],
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('cancellation-policy')).toBeInTheDocument();
  });
});
