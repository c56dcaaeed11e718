import { apiRoutes } from '@chatdesk/contract/api-routes';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageLanguageProvider, pageLanguage } from '../lib/page-language';
import { renderWithProviders } from '../test/render';
import { serve } from '../test/serve';
import { WaitlistJoin } from './waitlist-join';

const api = (route: { path: string }) => `/api${route.path}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WaitlistJoin', () => {
  it("joins a full class from a page in Spanish, in Spanish, and says the page's language to the server", async () => {
    const calls = serve({
      [`GET ${api(apiRoutes.waitlist.fullTimes)}`]: [
        { status: 200, body: { times: [{ date: '2026-11-30', timeSlot: '10:00' }] } },
      ],
      [`POST ${api(apiRoutes.waitlist.join)}`]: [
        {
          status: 201,
          body: { position: 2, message: "You're on the waitlist. We'll email you if a place frees up." },
        },
      ],
    });
    renderWithProviders(
      <PageLanguageProvider value={pageLanguage('es')}>
        <WaitlistJoin employeeId="e1" serviceId="s1" />
      </PageLanguageProvider>,
    );
    const user = userEvent.setup({ delay: 5 });
    await user.click(await screen.findByRole('button', { name: /^Apuntarme a la lista de espera del / }));
    await user.type(screen.getByLabelText(/^Nombre/), 'Lucía Gómez');
    await user.type(screen.getByLabelText(/^Email/), 'lucia@example.com');
    await user.click(screen.getByRole('button', { name: 'Apuntarme a la lista de espera' }));

    expect(
      await screen.findByText('Estás en la lista de espera. Te escribiremos si se libera una plaza.'),
    ).toBeVisible();
    expect(screen.getByText(/eres el número 2 de la lista\.$/)).toBeVisible();
    const join = calls.find((call) => call.method === 'POST');
    expect(join?.body).toMatchObject({
      employeeId: 'e1',
      serviceId: 's1',
      date: '2026-11-30',
      timeSlot: '10:00',
      name: 'Lucía Gómez',
      email: 'lucia@example.com',
      language: 'es',
    });
  });
});
