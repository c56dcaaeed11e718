import type { PublicSchedule } from '@chatdesk/contract/schedule';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SchedulePage } from './schedule-page';

const schedule: PublicSchedule = {
  employee: { id: 'e1', name: 'Carlos Ruiz', username: 'carlos', title: null, locations: ['Madrid'] },
  timeZone: 'Europe/Madrid',
  availability: {},
  services: [
    {
      id: 's1',
      name: 'Appointment',
      description: '',
      durationMinutes: 30,
      price: { amount: 1000, currency: 'eur' },
      seats: null,
    },
  ],
  service: {
    id: 's1',
    name: 'Appointment',
    description: '',
    durationMinutes: 30,
    price: { amount: 1000, currency: 'eur' },
    seats: null,
  },
  bookedSlots: [],
  slots: [{ date: '2026-11-23', times: ['09:00', '09:30'] }],
  freeCancellationHours: 24,
  payment: { provider: 'local', publishableKey: null, amount: 1000, currency: 'eur' },
};

function respondWith(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      // The service has no packs on sale: the page shows none.
      new URL(url, 'http://localhost').pathname === '/api/book/packs'
        ? Response.json([])
        : new Response(JSON.stringify(body), { status }),
    ),
  );
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/schedule/:username" element={<SchedulePage />} />
      <Route path="/404" element={<p>Not found page</p>} />
    </Routes>,
    { route: '/schedule/carlos' },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.lang = 'en';
});

describe('SchedulePage', () => {
  it('walks from a slot through the details to the payment summary', async () => {
    respondWith(200, schedule);
    const user = userEvent.setup();
    renderPage();

    expect(
      await screen.findByRole('heading', { name: 'Book an Appointment with Carlos Ruiz' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Professional')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Monday, November 23, 2026' }));
    // The test machine's clock may not be Madrid's: the button then names the visitor's time too
    // (jsdom's accessible name drops the space Chromium keeps).
    await user.click(screen.getByRole('button', { name: /^9:30 AM( ?\(|$)/ }));
    expect(screen.getByRole('heading', { name: 'Complete Your Booking' })).toBeInTheDocument();
    expect(screen.getByText('Monday, November 23, 2026 at 9:30 AM')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Full Name'), 'Ana');
    await user.type(screen.getByLabelText('Email Address'), 'ana@example.com');
    await user.type(screen.getByLabelText('Phone number'), '600111222');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

    const summary = screen.getByRole('region', { name: 'Appointment Summary' });
    expect(summary).toHaveTextContent('Monday, November 23, 2026');
    expect(summary).toHaveTextContent('9:30 AM - 10:00 AM');
    expect(summary).toHaveTextContent('Appointment Fee: €10.00');
    const pay = await screen.findByRole('button', { name: 'Pay 10€ and Book Appointment' });
    expect(pay).toBeEnabled();
    // The policy is said next to the button and read with it.
    expect(pay).toHaveAccessibleDescription(
      /^(Free cancellation until|This appointment starts in less than)/,
    );

    await user.click(screen.getByRole('button', { name: 'Back to Form' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ana');
  }, 20_000);

  it('with several services, asks which one first and shows its times, length and price', async () => {
    const colour = {
      id: 's2',
      name: 'Colour',
      description: 'Full colour with a wash',
      durationMinutes: 90,
      price: { amount: 5500, currency: 'eur' },
    };
    const services = [schedule.services[0]!, colour];
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/book/packs')) return Response.json([]);
      const body = url.includes('service=s2')
        ? {
            ...schedule,
            services,
            service: colour,
            slots: [{ date: '2026-11-23', times: ['10:00'] }],
            payment: { ...schedule.payment, amount: 5500 },
          }
        : { ...schedule, services };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Choose a service' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Available dates' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Colour/ }));

    expect(await screen.findByRole('heading', { name: 'Colour' })).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledWith('/api/schedule/carlos?service=s2', expect.anything());
    expect(screen.getByText('1 h 30 min · €55.00')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Monday, November 23, 2026' }));
    await user.click(screen.getByRole('button', { name: /^10:00 AM( ?\(|$)/ }));
    expect(screen.getByText(/^10:00 AM - 11:30 AM/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full Name'), 'Ana');
    await user.type(screen.getByLabelText('Email Address'), 'ana@example.com');
    await user.type(screen.getByLabelText('Phone number'), '600111222');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

    const summary = screen.getByRole('region', { name: 'Appointment Summary' });
    expect(summary).toHaveTextContent('Colour (1 h 30 min)');
    expect(summary).toHaveTextContent('10:00 AM - 11:30 AM');
    expect(summary).toHaveTextContent('Appointment Fee: €55.00');
    expect(await screen.findByRole('button', { name: 'Pay 55€ and Book Appointment' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Change service' }));
    expect(await screen.findByRole('heading', { name: 'Choose a service' })).toHaveFocus();
  }, 20_000);

  it('speaks Spanish once the visitor picks Español, every step, and remembers it for the next page', async () => {
    respondWith(200, schedule);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Book an Appointment with Carlos Ruiz' });

    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(screen.getByRole('heading', { name: 'Reserva una cita con Carlos Ruiz' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByText('Profesional')).toBeInTheDocument();
    expect(
      screen.getByText('10,00 €, pagados con tarjeta de forma segura para confirmar'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'lunes, 23 de noviembre de 2026' }));
    await user.click(screen.getByRole('button', { name: /^09:30( ?\(|$)/ }));
    expect(screen.getByRole('heading', { name: 'Completa tu reserva' })).toBeInTheDocument();
    expect(screen.getByText('lunes, 23 de noviembre de 2026 a las 09:30')).toBeInTheDocument();

    // The contract's checks, in Spanish.
    await user.click(screen.getByRole('button', { name: 'Ir al pago' }));
    expect(screen.getByText('Escribe tu nombre')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nombre y apellidos'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example');
    await user.type(screen.getByLabelText('Teléfono'), '600111222');
    await user.click(screen.getByRole('button', { name: 'Ir al pago' }));
    expect(screen.getByText('Escribe un email válido')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '.com');
    await user.click(screen.getByRole('button', { name: 'Ir al pago' }));

    const summary = screen.getByRole('region', { name: 'Resumen de la cita' });
    expect(summary).toHaveTextContent('09:30 - 10:00');
    expect(summary).toHaveTextContent('Importe de la cita: 10,00 €');
    const pay = await screen.findByRole('button', { name: 'Pagar 10€ y reservar la cita' });
    expect(pay).toHaveAccessibleDescription(/^(Cancelación gratuita hasta el|Esta cita empieza en menos de)/);
    expect(screen.getByLabelText('Número de tarjeta')).toBeInTheDocument();
    expect(localStorage.getItem('chatdesk.booking-page-language')).toBe('es');
  }, 20_000);

  it('sends an unknown employee to the not-found page', async () => {
    respondWith(404, { message: 'Employee not found' });
    renderPage();
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
  });

  it('shows the server message of any other failure with a way home', async () => {
    respondWith(400, { message: 'Something broke' });
    renderPage();
    expect(await screen.findByText('Something broke')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to home' })).toHaveAttribute('href', '/');
  });
});
