import { CUSTOMER_TEXTS } from '@chatdesk/contract/customer-texts';
import type { AppointmentEvent, ManagedBooking } from '@chatdesk/contract/manage-booking';
import { describe, expect, it } from 'vitest';
import {
  cancelConsequence,
  cancelledMoney,
  historyLine,
  packFact,
  policySentence,
} from './manage-booking-format';

const fee = { amount: 1000, currency: 'eur' };

/** Tue Nov 24 2026, 5:00 PM in Madrid is 16:00 UTC: the deadline of a 24-hour policy for Wed at 5 PM. */
function booking(overrides: Partial<ManagedBooking> = {}): ManagedBooking {
  return {
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
    history: [],
    ...overrides,
  };
}

const late = { refundOnCancel: null, canReschedule: false, reason: 'Too late' };
const cancelled = (history: ManagedBooking['history'], refunded = false) =>
  booking({
    appointment: { ...booking().appointment, status: 'cancelled' },
    payment: { ...fee, refunded },
    canCancel: false,
    canReschedule: false,
    refundOnCancel: null,
    changesUntil: null,
    history,
  });
const at = '2026-11-23T10:00:00.000Z';

describe('policySentence', () => {
  it('names the deadline on the business clock, with its zone, and the fee kept after it', () => {
    expect(policySentence(booking(), 'Europe/Madrid')).toBe(
      'Free cancellation until Tue, Nov 24, 5:00 PM (Madrid time). After that the €10.00 fee is not refunded.',
    );
  });

  it("adds the visitor's own clock when their zone reads otherwise", () => {
    expect(policySentence(booking(), 'America/New_York')).toBe(
      'Free cancellation until Tue, Nov 24, 5:00 PM (Madrid time; 11:00 AM your time). After that the €10.00 fee is not refunded.',
    );
    // Another day on the visitor's clock: the day is named too.
    expect(policySentence(booking(), 'Pacific/Auckland')).toBe(
      'Free cancellation until Tue, Nov 24, 5:00 PM (Madrid time; Wed, Nov 25, 5:00 AM your time). After that the €10.00 fee is not refunded.',
    );
    // Another zone on the same clock that day says nothing more.
    expect(policySentence(booking(), 'Europe/Paris')).toContain('5:00 PM (Madrid time).');
  });

  it('says a cancellation now keeps the fee once the deadline has passed', () => {
    expect(policySentence(booking(late))).toBe(
      'It is less than 24 hours before your appointment: cancelling now does not refund the €10.00 fee.',
    );
    expect(policySentence(booking({ ...late, policy: { freeCancellationHours: 168 } }))).toBe(
      'It is less than 7 days before your appointment: cancelling now does not refund the €10.00 fee.',
    );
  });

  it('offers free cancellation until the start when the policy has no notice period', () => {
    expect(
      policySentence(
        booking({ policy: { freeCancellationHours: 0 }, changesUntil: '2026-11-25T16:00:00.000Z' }),
      ),
    ).toBe('Free cancellation until your appointment starts.');
  });

  it('speaks only of rescheduling when nothing was paid', () => {
    expect(policySentence(booking({ payment: null, refundOnCancel: null }), 'Europe/Madrid')).toBe(
      'You can reschedule until Tue, Nov 24, 5:00 PM (Madrid time).',
    );
    expect(policySentence(booking({ ...late, payment: null }))).toBeNull();
  });

  it('says nothing once the appointment cannot be cancelled', () => {
    expect(policySentence(cancelled([]))).toBeNull();
  });
});

describe('cancelConsequence', () => {
  it('states the money before the customer confirms', () => {
    expect(cancelConsequence(booking())).toBe('You will get €10.00 back to your card.');
    expect(cancelConsequence(booking(late))).toBe('The €10.00 fee will not be refunded.');
    expect(cancelConsequence(booking({ payment: null, refundOnCancel: null }))).toBe(
      'Nothing was paid online, so there is nothing to refund.',
    );
  });
});

describe('cancelledMoney', () => {
  it('reports the refund that was made', () => {
    expect(cancelledMoney(cancelled([], true))).toBe('€10.00 has been refunded to your card.');
  });

  it('tells a due refund still on its way from one that failed', () => {
    const due = { kind: 'cancelled', actor: 'customer', at, data: { refund: 'due', ...fee } } as const;
    expect(cancelledMoney(cancelled([due]))).toBe('Your refund of €10.00 is on its way to your card.');
    expect(cancelledMoney(cancelled([due, { kind: 'refund_failed', actor: 'system', at, data: fee }]))).toBe(
      'The refund of €10.00 could not be made automatically. Acme Studio will refund it to you.',
    );
  });

  it('says the fee was kept after a late cancellation, and nothing when nothing was paid', () => {
    expect(cancelledMoney(cancelled([{ kind: 'cancelled', actor: 'customer', at, data: {} }]))).toBe(
      'The €10.00 fee was not refunded.',
    );
    expect(cancelledMoney({ ...cancelled([]), payment: null })).toBeNull();
  });
});

describe('a booking paid with a pack', () => {
  const pack = {
    name: 'Bono 10',
    sessionsLeft: 9,
    sessionsTotal: 10,
    expiresAt: '2027-02-20T10:00:00.000Z',
    returned: false,
    backOnCancel: true,
  };
  it('says what happens to the session, not to a fee', () => {
    const paidWithPack = { payment: null, refundOnCancel: null };
    expect(cancelConsequence(booking({ ...paidWithPack, pack }))).toBe('The session goes back to your pack.');
    expect(cancelConsequence(booking({ ...paidWithPack, pack: { ...pack, backOnCancel: false } }))).toBe(
      'The pack session stays used under the cancellation policy.',
    );
  });
  it('says where the session went once cancelled', () => {
    expect(cancelledMoney(booking({ payment: null, pack: { ...pack, returned: true } }))).toBe(
      'The session went back to your pack.',
    );
    expect(cancelledMoney(booking({ payment: null, pack }))).toBe(
      'The pack session stays used under the cancellation policy.',
    );
  });
  it('states the balance and expiry', () => {
    expect(packFact(pack, 'Feb 20, 2027')).toBe('Bono 10: 9 of 10 sessions left, valid until Feb 20, 2027.');
    expect(packFact({ ...pack, sessionsLeft: 10, returned: true }, 'Feb 20, 2027')).toBe(
      'Bono 10: 10 of 10 sessions left, valid until Feb 20, 2027 (this session was given back).',
    );
  });
});

describe('historyLine', () => {
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

  it('tells the customer what happened in their words', () => {
    expect(historyLine(event({}), 'Acme Studio')).toBe('Booked');
    expect(historyLine(move, 'Acme Studio')).toBe(
      'Moved from Thu, Nov 26 at 5:00 PM to Fri, Nov 27 at 6:00 PM',
    );
    expect(historyLine(event({ kind: 'cancelled' }), 'Acme Studio')).toBe('Cancelled by you');
    expect(
      historyLine(
        event({ kind: 'refunded', actor: 'system', data: { amount: 1000, currency: 'eur' } }),
        'Acme Studio',
      ),
    ).toBe('Refunded €10.00');
  });

  it('names the business or the chat when the customer did not act on the page', () => {
    expect(historyLine({ ...move, actor: 'staff' }, 'Acme Studio')).toBe(
      'Moved from Thu, Nov 26 at 5:00 PM to Fri, Nov 27 at 6:00 PM by Acme Studio',
    );
    expect(historyLine(event({ kind: 'cancelled', actor: 'assistant' }), 'Acme Studio')).toBe(
      'Cancelled in the chat',
    );
    expect(
      historyLine(
        event({ kind: 'status_changed', actor: 'staff', data: { status: 'cancelled' } }),
        'Acme Studio',
      ),
    ).toBe('Cancelled by Acme Studio');
    expect(
      historyLine(
        event({ kind: 'status_changed', actor: 'staff', data: { status: 'completed' } }),
        'Acme Studio',
      ),
    ).toBe('Marked as completed');
  });

  it('says the rest, and what data is missing, in plain words', () => {
    const followUp = event({ kind: 'follow_up_sent', actor: 'system', data: { channels: 'whatsapp,email' } });
    expect(historyLine(followUp, 'Acme Studio')).toBe('We sent you a link to book again');
    expect(historyLine(event({ kind: 'rescheduled', data: {} }), 'Acme Studio')).toBe('Moved');
  });

  it('is in Spanish for a Spanish page', () => {
    const es = CUSTOMER_TEXTS.es;
    expect(historyLine({ ...move, actor: 'staff' }, 'Acme Studio', es)).toBe(
      'Cambiada del jue, 26 nov a las 17:00 al vie, 27 nov a las 18:00 por Acme Studio',
    );
    expect(
      historyLine(
        event({ kind: 'refunded', actor: 'system', data: { amount: 1000, currency: 'eur' } }),
        'Acme Studio',
        es,
      ),
    ).toMatch(/^Devueltos 10,00\s€$/);
  });
});
