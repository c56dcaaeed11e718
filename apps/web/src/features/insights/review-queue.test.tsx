import type { LessonSaved, ReviewItem, TestRun } from '@chatdesk/contract/teaching';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ReviewQueue } from './components/review-queue';

const nuria: ReviewItem = {
  conversationId: '0b8f5a3e-7a53-4b8e-9c0f-2f1f0c6a1e11',
  chatId: 'chat-nuria',
  customerName: 'Nuria Vidal',
  channel: 'simulator',
  reason: 'not_understood',
  startedAt: '2026-11-20T10:00:00.000Z',
  exchanges: [
    { sender: 'customer', text: 'cuando abris el chiringuito' },
    { sender: 'assistant', text: 'Perdona, no te he entendido.' },
    { sender: 'customer', text: 'el chiringuito!!' },
  ],
  suggestion: 'cuando abris el chiringuito',
};
const pau: ReviewItem = {
  ...nuria,
  conversationId: '5d1c1f0e-3b5e-4f4e-8f1e-7c5b0a9d2e22',
  chatId: 'chat-pau',
  customerName: 'Pau',
  channel: 'whatsapp',
  reason: 'reopened',
};

const run = (passed: number, failures: { name: string; failure: string }[] = []): TestRun => ({
  engine: 'rules',
  ranAt: '2026-11-20T10:05:00.000Z',
  passed,
  total: passed + failures.length,
  results: failures.map(({ name, failure }, index) => ({
    testId: `t${index}`,
    name,
    passed: false,
    turns: [],
    failure,
  })),
});

/** The API as the queue and the teach dialog use it; records each lesson sent. */
function serve(items: ReviewItem[], tests: TestRun) {
  const lessons: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname === '/api/assistant/review') return Response.json({ items });
      if (pathname === '/api/employees') return Response.json({ items: [], nextCursor: null });
      if (pathname === '/api/services') return Response.json([]);
      if (pathname === '/api/assistant/lessons' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        lessons.push(body);
        const saved: LessonSaved = {
          lesson: {
            id: 'l1',
            kind: 'meaning',
            example: body.example,
            intent: body.intent,
            employeeId: null,
            employeeName: null,
            serviceId: null,
            serviceName: null,
            day: null,
            answer: null,
            createdAt: '2026-11-20T10:05:00.000Z',
            updatedAt: '2026-11-20T10:05:00.000Z',
          },
          tests,
        };
        return Response.json(saved, { status: 201 });
      }
      return Response.json({ message: 'not here' }, { status: 404 });
    }),
  );
  return lessons;
}

beforeAll(() => {
  // The dialog's growing text boxes listen for web fonts, which jsdom does not have.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Review queue', () => {
  it('lists each conversation with its reason, its channel and its words, and a Teach and Dismiss of its own', async () => {
    serve([nuria, pau], run(0));
    renderWithProviders(<ReviewQueue />);

    const list = await screen.findByRole('list', { name: 'Conversations to review' });
    const [first, second] = within(list).getAllByTestId('review-item') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 4, name: 'Nuria Vidal' })).toBeVisible();
    expect(within(first).getByText('Not understood')).toBeVisible();
    expect(within(first).getByText('Simulator')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Open chat with Nuria Vidal' })).toHaveAttribute(
      'href',
      '/chat/chat-nuria',
    );
    const messages = within(first).getByRole('list', { name: "Messages of Nuria Vidal's conversation" });
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      'Customercuando abris el chiringuito',
      'AssistantPerdona, no te he entendido.',
      'Customerel chiringuito!!',
    ]);
    expect(within(second).getByText('Came back')).toBeVisible();
    expect(within(second).queryByText('Simulator')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Teach from Pau's conversation" })).toBeVisible();
    expect(screen.getByRole('button', { name: "Dismiss Pau's conversation" })).toBeVisible();
  });

  it('says when there is nothing to review', async () => {
    serve([], run(0));
    renderWithProviders(<ReviewQueue />);
    expect(
      await screen.findByText('Nothing to review: the assistant understood every conversation.'),
    ).toBeVisible();
  });

  it('teaches from the words it did not understand, and shows which tests the lesson broke', async () => {
    const lessons = serve([nuria], run(2, [{ name: 'Prices', failure: 'It handed over' }]));
    renderWithProviders(<ReviewQueue />);

    await userEvent.click(
      await screen.findByRole('button', { name: "Teach from Nuria Vidal's conversation" }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Teach the assistant' });
    expect(within(dialog).getByRole('textbox', { name: "The customer's words" })).toHaveValue(
      'cuando abris el chiringuito',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save lesson' }));
    expect(await within(dialog).findByText('Choose what the customer meant')).toBeVisible();
    expect(lessons).toEqual([]);

    await userEvent.type(within(dialog).getByRole('combobox', { name: 'They meant' }), 'opening');
    await userEvent.click(await screen.findByRole('option', { name: 'Ask the opening hours', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save lesson' }));

    const result = await within(dialog).findByRole('alert');
    expect(result).toHaveTextContent('Test set: 2 of 3 pass');
    expect(result).toHaveTextContent('Prices: It handed over');
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    expect(lessons).toEqual([
      {
        kind: 'meaning',
        example: 'cuando abris el chiringuito',
        intent: 'hours',
        employeeId: null,
        serviceId: null,
        day: null,
        conversationId: nuria.conversationId,
      },
    ]);
  });
});
