import type { InsightsReport } from '@chatdesk/contract/insights';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { emptyInsightsReport, insightsReport } from './insights.fixture';
import { InsightsPage } from './insights-page';

/** Answers GET /api/insights with a report per period (and an empty review queue); records what was asked. */
function serve(reports: Partial<Record<string, InsightsReport>>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      if (pathname === '/api/assistant/review') return Response.json({ items: [] });
      if (pathname !== '/api/insights') return new Response('{}', { status: 404 });
      asked.push(searchParams.toString());
      const report = reports[searchParams.get('period') ?? '30d'];
      if (!report) return new Response(JSON.stringify({ message: 'boom' }), { status: 500 });
      return new Response(JSON.stringify(report), { status: 200 });
    }),
  );
  return asked;
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(route = '/insights') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/insights"
        element={
          <>
            <InsightsPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

/** The headline card labelled so, as one piece of text. */
function card(label: string) {
  const cards = screen.getAllByTestId('stat-card');
  const found = cards.find((element) => element.firstElementChild?.textContent === label);
  if (!found) throw new Error(`no card ${label}`);
  return found.textContent;
}

let consoleWarn: MockInstance<typeof console.warn>;

beforeEach(() => {
  // jsdom lays nothing out, so Recharts warns that each chart has no size: the tables are what is checked here.
  const original = console.warn;
  consoleWarn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('of chart should be greater than 0')) original(...args);
  });
});

afterEach(() => {
  consoleWarn.mockRestore();
  vi.unstubAllGlobals();
});

describe('Insights page', () => {
  it('shows the period in words and every headline figure with the one before and the change', async () => {
    serve({ '30d': insightsReport });
    renderPage();

    expect(await screen.findByText('23 Oct – 21 Nov 2026, compared with 23 Sep – 22 Oct')).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Conversations' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Bookings and money' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: "The assistant's own part" })).toBeVisible();

    expect(card('Conversations')).toBe('Conversations412Up 13% · was 365');
    expect(card('Resolved')).toBe('Resolved25161% of conversationsUp 25% · was 201');
    expect(card('Handed over')).toBe('Handed over5814% of conversationsDown 4.9% · was 61');
    expect(card('In progress')).toBe('In progress194.6% of conversationsUp · was 0');
    expect(card("Assistant's first reply")).toBe(
      "Assistant's first reply4 s9 in 10 within 11 sDown 1 s · was 5 s",
    );
    expect(card("People's first reply")).toBe(
      "People's first reply6 min9 in 10 within 1 h 5 minDown 3 min · was 9 min",
    );
    expect(card('No-show rate')).toBe(
      'No-show rate6.7%Of appointments attended or missedDown 3 points · was 9.7%',
    );
    expect(card('Revenue')).toBe('Revenue€4,620.00Up 16% · was €3,980.00');
    expect(card('Refunds')).toBe('Refunds€315.00Down 25% · was €420.00');
    expect(card('Net')).toBe('Net€4,305.00Up 21% · was €3,560.00');
    expect(card('Bookings from chat')).toBe('Bookings from chat6133% of bookingsUp 53% · was 40');
    expect(card('Money it refunded')).toBe(
      'Money it refunded€125.00Under the cancellation policyUp 56% · was €80.00',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Packs of sessions' })).toBeVisible();
    expect(card('Pack revenue')).toBe('Pack revenue€700.00Up 100% · was €350.00');
    expect(card('Outstanding sessions')).toBe(
      'Outstanding sessions14In 2 packs not expired, as of nowNothing to compare with',
    );
  });

  it('shows no packs section for a business that has sold none', async () => {
    serve({ '30d': emptyInsightsReport });
    renderPage();
    expect(await screen.findByRole('heading', { level: 3, name: 'Bookings and money' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Packs of sessions' })).toBeNull();
  });

  it('says what "resolved" and the other words mean, on the page', async () => {
    serve({ '30d': insightsReport });
    renderPage();
    const rules = await screen.findByRole('complementary', { name: 'How these are counted' });
    expect(rules).toHaveTextContent(
      "Resolved: the assistant answered, nobody took over, the customer's last message got an answer, and the customer booked, said thanks, or did not come back within 24 hours. A reopened conversation is not resolved.",
    );
    for (const term of ['Handed over:', 'Unanswered:', 'In progress:', 'Reopened:']) {
      expect(within(rules).getByText(term)).toBeVisible();
    }
  });

  it("gives every chart's numbers as a table, and shows it on request", async () => {
    serve({ '30d': insightsReport });
    renderPage();

    const daily = await screen.findByRole('table', { name: 'Conversations per day' });
    expect(within(daily).getAllByRole('row')).toHaveLength(31);
    expect(within(daily).getByRole('row', { name: '23 Oct 11 7 0' })).toBeInTheDocument();
    const reasons = screen.getByRole('table', { name: 'Handed over, by reason' });
    expect(within(reasons).getByRole('row', { name: 'Not understood 17 22' })).toBeInTheDocument();
    const channels = screen.getByRole('table', { name: 'Bookings by channel' });
    expect(within(channels).getByRole('row', { name: 'Chat 61 33% 40' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Bookings per day' })).toBeInTheDocument();

    const button = screen.getAllByRole('button', { name: 'Show as table' })[0] as HTMLElement;
    expect(button).toHaveAccessibleDescription('Conversations per day');
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Show as chart' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Conversations per day' })).toBeVisible();
  });

  it('lists professionals with their no-show rate and services with their booked value', async () => {
    serve({ '30d': insightsReport });
    renderPage();
    const professionals = await screen.findByRole('table', { name: 'Bookings by professional' });
    expect(
      within(professionals).getByRole('row', { name: 'Lucía Fernández 64 11 49 6 11%' }),
    ).toBeInTheDocument();
    expect(
      within(professionals).getByRole('row', { name: 'Carlos Ruiz 71 9 60 3 4.8%' }),
    ).toBeInTheDocument();
    const services = screen.getByRole('table', { name: 'Bookings by service' });
    expect(
      within(services).getByRole('row', { name: 'Sports massage (45 min) 40 €1,800.00' }),
    ).toBeInTheDocument();
  });

  it('names the currency of each money card when the period took more than one', async () => {
    const bookings = insightsReport.current.bookings;
    serve({
      '30d': {
        ...insightsReport,
        current: {
          ...insightsReport.current,
          bookings: {
            ...bookings,
            money: [...bookings.money, { currency: 'usd', revenue: 4998, refunds: 0, net: 4998 }],
          },
        },
      },
    });
    renderPage();
    expect(await screen.findByText('Revenue (EUR)')).toBeVisible();
    expect(card('Revenue (EUR)')).toBe('Revenue (EUR)€4,620.00Up 16% · was €3,980.00');
    expect(card('Net (USD)')).toBe('Net (USD)$49.98Up · was $0.00');
  });

  it('says a quiet period is empty, with no NaN anywhere', async () => {
    serve({ week: emptyInsightsReport });
    const { container } = renderPage('/insights?period=week');
    expect(await screen.findByText('No conversations in this period')).toBeVisible();
    expect(screen.getByText('No bookings in this period')).toBeVisible();
    expect(screen.getByText('16 – 22 Nov 2026, compared with 9 – 15 Nov')).toBeVisible();
    expect(card('Bookings from chat')).toBe('Bookings from chat0No change · was 0');
    expect(container.textContent).not.toMatch(/NaN|Infinity|undefined/);
  });

  it('switches periods in the address, and asks for a custom one only once both dates are there', async () => {
    const asked = serve({ '30d': insightsReport, week: emptyInsightsReport, custom: emptyInsightsReport });
    renderPage();
    await screen.findByText('23 Oct – 21 Nov 2026, compared with 23 Sep – 22 Oct');

    await userEvent.click(screen.getByRole('radio', { name: 'This week' }));
    expect(await screen.findByText('16 – 22 Nov 2026, compared with 9 – 15 Nov')).toBeVisible();
    expect(screen.getByTestId('address')).toHaveTextContent('/insights?period=week');

    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    // It starts from the dates on screen.
    expect(screen.getByTestId('address')).toHaveTextContent(
      '/insights?period=custom&from=2026-11-16&to=2026-11-22',
    );
    expect(asked).toEqual(['period=30d', 'period=week', 'period=custom&from=2026-11-16&to=2026-11-22']);
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent('Nov 16, 2026');
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent('Nov 22, 2026');
  });

  it('says what a custom period still needs instead of asking the API', async () => {
    const asked = serve({ '30d': insightsReport });
    renderPage('/insights?period=custom&from=2026-11-01');
    expect(await screen.findByText('A custom period needs a start and an end date')).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading insights' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('shows a failure with Retry', async () => {
    serve({});
    renderPage();
    expect(await screen.findByText('Failed to load insights')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
