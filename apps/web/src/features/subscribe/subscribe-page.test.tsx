import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SubscribePage } from './subscribe-page';

const employee = { id: 'e1', name: 'Marta López', username: 'marta', title: null, locations: [] };

type Served = Record<string, { status: number; body: unknown }>;

function serve(routes: Served) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const match = Object.entries(routes).find(([path]) => url.endsWith(path));
    if (!match) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    return new Response(JSON.stringify(match[1].body), { status: match[1].status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const demo: Served = {
  '/api/schedule/marta': { status: 200, body: { employee } },
  '/api/payments/config': { status: 200, body: { provider: 'local', publishableKey: null } },
  '/api/payments/price/premium': {
    status: 200,
    body: { id: 'price_local_premium_monthly', unit_amount: 999, currency: 'eur', interval: 'month' },
  },
};

function renderPage(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/subscription/:username" element={<SubscribePage />} />
      <Route path="/subscription/:username/:email" element={<SubscribePage />} />
      <Route path="/404" element={<p>Not found page</p>} />
    </Routes>,
    { route },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SubscribePage', () => {
  it('shows the plan and prefills the email from the link', async () => {
    serve(demo);
    renderPage('/subscription/marta/ana%40example.com');

    expect(await screen.findByRole('heading', { name: 'Subscribe with Marta López' })).toBeInTheDocument();
    expect(await screen.findByText('€9.99')).toBeInTheDocument();
    expect(screen.getByText('Billed monthly, cancel anytime')).toBeInTheDocument();
    expect(await screen.findByLabelText('Email Address')).toHaveValue('ana@example.com');
  });

  it('refuses an invalid email before anything is sent', async () => {
    const fetchMock = serve(demo);
    const user = userEvent.setup();
    renderPage('/subscription/marta');

    await user.type(await screen.findByLabelText('Email Address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));

    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/payments/subscription'))).toBe(false);
  });

  it('subscribes with a valid card and shows the success box', async () => {
    serve({
      ...demo,
      '/api/payments/local/payment-methods': {
        status: 200,
        body: { id: 'pm_1', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } },
      },
      '/api/payments/subscription': {
        status: 200,
        body: {
          subscriptionId: 'sub_1',
          status: 'active',
          requiresAction: false,
          clientSecret: null,
          message: null,
        },
      },
    });
    const user = userEvent.setup();
    renderPage('/subscription/marta/ana%40example.com');

    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry date'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));

    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(screen.getByText('Subscription successful!')).toBeInTheDocument();
  });

  it('shows the server message when the card is declined', async () => {
    serve({
      ...demo,
      '/api/payments/local/payment-methods': {
        status: 200,
        body: { id: 'pm_2', card: { brand: 'visa', last4: '0002', expMonth: 12, expYear: 2034 } },
      },
      '/api/payments/subscription': { status: 402, body: { message: 'Your card was declined.' } },
    });
    const user = userEvent.setup();
    renderPage('/subscription/marta/ana%40example.com');

    await user.type(await screen.findByLabelText('Card number'), '4000000000000002');
    await user.type(screen.getByLabelText('Expiry date'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));

    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
  });

  it('goes to the not-found page for an unknown employee', async () => {
    serve({ '/api/schedule/nobody': { status: 404, body: { message: 'Employee not found' } } });
    renderPage('/subscription/nobody');
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
  });

  it('says so when the employee cannot be loaded', async () => {
    serve({ '/api/schedule/marta': { status: 500, body: { message: 'boom' } } });
    renderPage('/subscription/marta');
    expect(await screen.findByText('Failed to load employee information')).toBeInTheDocument();
  });
});
