import type { AppointmentEvent } from '@chatdesk/contract/manage-booking';
import { describe, expect, it } from 'vitest';
import { historyText } from './appointment-history';

const event = (overrides: Partial<AppointmentEvent>): AppointmentEvent => ({
  kind: 'booked',
  actor: 'customer',
  at: '2026-11-23T10:00:00.000Z',
  data: {},
  ...overrides,
});

const move = event({
  kind: 'rescheduled',
  data: { fromDate: '2026-11-26', fromTime: '17:00', toDate: '2026-11-27', toTime: '18:00' },
});

describe('historyText', () => {
  it('tells staff who did it', () => {
    expect(historyText(event({}))).toBe('Booked by the customer');
    expect(historyText(move)).toBe(
      'Rescheduled from Thu, Nov 26 at 5:00 PM to Fri, Nov 27 at 6:00 PM by the customer',
    );
    expect(historyText(event({ kind: 'cancelled', actor: 'assistant' }))).toBe('Cancelled by the assistant');
    expect(historyText(event({ kind: 'status_changed', actor: 'staff', data: { status: 'no-show' } }))).toBe(
      'Status changed to No Show by staff',
    );
    expect(
      historyText(event({ kind: 'refund_failed', actor: 'system', data: { amount: 2550, currency: 'usd' } })),
    ).toBe('Refund of $25.50 failed: refund it with the payment provider');
  });

  it('notes the rebooking message after a no-show', () => {
    const followUp = event({ kind: 'follow_up_sent', actor: 'system', data: { channels: 'whatsapp,email' } });
    expect(historyText(followUp)).toBe('Rebooking message sent by WhatsApp and email');
  });

  it('still says something when the data is missing', () => {
    expect(historyText(event({ kind: 'rescheduled', data: {} }))).toBe('Rescheduled by the customer');
    expect(historyText(event({ kind: 'refunded', actor: 'system' }))).toBe('Refunded the fee');
  });
});
