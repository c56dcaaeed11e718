import type { AppointmentEvent } from '@chatdesk/contract/manage-booking';
import { describe, expect, it } from 'vitest';
import { historyText } from './appointment-history';

const customer = { reader: 'customer', companyName: 'Acme Studio' } as const;
const staff = { reader: 'staff' } as const;

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
  it('tells the customer what happened in their words', () => {
    expect(historyText(event({}), customer)).toBe('Booked');
    expect(historyText(move, customer)).toBe('Moved from Thu, Nov 26 at 5:00 PM to Fri, Nov 27 at 6:00 PM');
    expect(historyText(event({ kind: 'cancelled' }), customer)).toBe('Cancelled by you');
    expect(
      historyText(
        event({ kind: 'refunded', actor: 'system', data: { amount: 1000, currency: 'eur' } }),
        customer,
      ),
    ).toBe('Refunded €10.00');
  });

  it('names the business or the chat when the customer did not act on the page', () => {
    expect(historyText({ ...move, actor: 'staff' }, customer)).toBe(
      'Moved from Thu, Nov 26 at 5:00 PM to Fri, Nov 27 at 6:00 PM by Acme Studio',
    );
    expect(historyText(event({ kind: 'cancelled', actor: 'assistant' }), customer)).toBe(
      'Cancelled in the chat',
    );
    expect(
      historyText(event({ kind: 'status_changed', actor: 'staff', data: { status: 'cancelled' } }), customer),
    ).toBe('Cancelled by Acme Studio');
    expect(
      historyText(event({ kind: 'status_changed', actor: 'staff', data: { status: 'completed' } }), customer),
    ).toBe('Marked as completed');
  });

  it('tells staff who did it', () => {
    expect(historyText(event({}), staff)).toBe('Booked by the customer');
    expect(historyText(move, staff)).toBe(
      'Rescheduled from Thu, Nov 26 at 5:00 PM to Fri, Nov 27 at 6:00 PM by the customer',
    );
    expect(historyText(event({ kind: 'cancelled', actor: 'assistant' }), staff)).toBe(
      'Cancelled by the assistant',
    );
    expect(
      historyText(event({ kind: 'status_changed', actor: 'staff', data: { status: 'no-show' } }), staff),
    ).toBe('Status changed to No Show by staff');
    expect(
      historyText(
        event({ kind: 'refund_failed', actor: 'system', data: { amount: 2550, currency: 'usd' } }),
        staff,
      ),
    ).toBe('Refund of $25.50 failed: refund it with the payment provider');
  });

  it('notes the rebooking message after a no-show', () => {
    const followUp = event({ kind: 'follow_up_sent', actor: 'system', data: { channels: 'whatsapp,email' } });
    expect(historyText(followUp, staff)).toBe('Rebooking message sent by WhatsApp and email');
    expect(historyText(followUp, customer)).toBe('We sent you a link to book again');
  });

  it('still says something when the data is missing', () => {
    expect(historyText(event({ kind: 'rescheduled', data: {} }), customer)).toBe('Moved');
    expect(historyText(event({ kind: 'refunded', actor: 'system' }), staff)).toBe('Refunded the fee');
  });
});
