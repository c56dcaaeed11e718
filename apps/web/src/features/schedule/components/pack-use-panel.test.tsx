import { apiRoutes } from '@chatdesk/contract/api-routes';
import { PACK_MESSAGES } from '@chatdesk/contract/packs';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageLanguageProvider, pageLanguage } from '../../../lib/page-language';
import { renderWithProviders } from '../../../test/render';
import { serve } from '../../../test/serve';
import { PackUsePanel } from './pack-use-panel';

const api = (route: { path: string }) => `/api${route.path}`;
const pack = {
  name: 'Bono 10',
  serviceId: 's1',
  serviceName: 'Entrenamiento',
  sessionsLeft: 9,
  sessionsTotal: 10,
  expiresAt: '2027-11-24T23:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PackUsePanel', () => {
  it("books with a pack from a page in Spanish, in Spanish, and says the page's language with the code and the booking", async () => {
    const calls = serve({
      [`POST ${api(apiRoutes.publicPacks.requestCode)}`]: [
        { status: 200, body: { verificationId: 'v1', message: PACK_MESSAGES.codeSent } },
      ],
      [`POST ${api(apiRoutes.publicPacks.confirmCode)}`]: [
        {
          status: 200,
          body: { token: 'tok', email: 'lola@example.com', expiresAt: '2026-11-23T10:30:00Z', packs: [pack] },
        },
      ],
      [`POST ${api(apiRoutes.publicPacks.book)}`]: [
        {
          status: 200,
          body: {
            appointment: {
              id: 'a1',
              date: '2026-11-30',
              startTime: '10:00',
              endTime: '11:00',
              timeZone: 'Europe/Madrid',
              employeeName: 'Ane',
              serviceName: 'Entrenamiento',
            },
            pack: { ...pack, sessionsLeft: 8 },
          },
        },
      ],
    });
    const onBooked = vi.fn();
    renderWithProviders(
      <PageLanguageProvider value={pageLanguage('es')}>
        <PackUsePanel
          employeeId="e1"
          serviceId="s1"
          slot={{ date: '2026-11-30', time: '10:00' }}
          onBooked={onBooked}
          onCancel={() => {}}
        />
      </PageLanguageProvider>,
    );
    const user = userEvent.setup({ delay: 5 });
    await user.type(screen.getByLabelText(/^Email/), 'lola@example.com');
    await user.click(screen.getByRole('button', { name: 'Envíame un código' }));
    await user.type(await screen.findByLabelText(/^Código/), '123456');
    await user.click(screen.getByRole('button', { name: 'Comprobar el código' }));
    await user.click(await screen.findByRole('button', { name: 'Reservar con mi bono' }));

    await vi.waitFor(() => expect(onBooked).toHaveBeenCalled());
    const sent = (path: { path: string }) => calls.find((call) => call.path === api(path))?.body;
    expect(sent(apiRoutes.publicPacks.requestCode)).toMatchObject({
      email: 'lola@example.com',
      language: 'es',
    });
    expect(sent(apiRoutes.publicPacks.book)).toEqual({
      token: 'tok',
      employeeId: 'e1',
      serviceId: 's1',
      date: '2026-11-30',
      timeSlot: '10:00',
      language: 'es',
    });
  });
});
