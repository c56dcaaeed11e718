import type { AppointmentStatus } from '@chatdesk/contract/appointments';
// Types only: the public manage page uses this file and must not load zod.
import type { AppointmentActor, AppointmentEvent } from '@chatdesk/contract/manage-booking';
import { formatMinorMoney } from './format';
import { formatShortSlot } from './wall-clock';

type HistoryEvent = AppointmentEvent;

/**
 * Who reads the history: the customer on their manage page ("Cancelled by you") or staff on the
 * appointment ("Cancelled by the customer").
 */
export type HistoryReader = { reader: 'customer'; companyName: string } | { reader: 'staff' };

const STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'no-show': 'No Show',
};

const text = (data: HistoryEvent['data'], key: string) => {
  const value = data[key];
  return typeof value === 'string' ? value : null;
};

function money(data: HistoryEvent['data']): string {
  const amount = data.amount;
  const currency = text(data, 'currency');
  return typeof amount === 'number' && currency ? formatMinorMoney(amount, currency) : 'the fee';
}

/** ' by you', ' by Acme', ' in the chat' or nothing, after the verb. */
function byWhom(actor: AppointmentActor, who: HistoryReader): string {
  if (who.reader === 'staff') {
    return { customer: ' by the customer', staff: ' by staff', assistant: ' by the assistant', system: '' }[
      actor
    ];
  }
  return { customer: ' by you', staff: ` by ${who.companyName}`, assistant: ' in the chat', system: '' }[
    actor
  ];
}

const CHANNEL_NAMES: Record<string, string> = { whatsapp: 'WhatsApp', email: 'email' };

/** ' by WhatsApp and email' from 'whatsapp,email'. */
function channels(data: HistoryEvent['data']): string {
  const names = (text(data, 'channels') ?? '')
    .split(',')
    .filter(Boolean)
    .map((channel) => CHANNEL_NAMES[channel] ?? channel);
  return names.length > 0 ? ` by ${names.join(' and ')}` : '';
}

function slotOf(data: HistoryEvent['data'], prefix: 'from' | 'to'): string | null {
  const date = text(data, `${prefix}Date`);
  const time = text(data, `${prefix}Time`);
  return date && time ? formatShortSlot(date, time) : null;
}

function moved(event: HistoryEvent, who: HistoryReader): string {
  const from = slotOf(event.data, 'from');
  const to = slotOf(event.data, 'to');
  const verb = who.reader === 'staff' ? 'Rescheduled' : 'Moved';
  // The customer reads their own move without "by you": the line is already theirs.
  const by = who.reader === 'customer' && event.actor === 'customer' ? '' : byWhom(event.actor, who);
  return `${verb}${from ? ` from ${from}` : ''}${to ? ` to ${to}` : ''}${by}`;
}

function statusChanged(event: HistoryEvent, who: HistoryReader): string {
  const status = text(event.data, 'status') as AppointmentStatus | null;
  const by = byWhom(event.actor, who);
  if (who.reader === 'staff') {
    const label = status ? (STATUS_LABELS[status] ?? status) : 'another status';
    return `Status changed to ${label}${by}`;
  }
  switch (status) {
    case 'cancelled':
      return `Cancelled${by}`;
    case 'completed':
      return 'Marked as completed';
    case 'no-show':
      return 'Marked as missed';
    case 'scheduled':
      return `Booked again${by}`;
    default:
      return 'Status changed';
  }
}

/** What one history line says: "Booked", "Moved from Thu, Nov 26 at 5:00 PM to …", "Refunded €10.00". */
export function historyText(event: HistoryEvent, who: HistoryReader): string {
  switch (event.kind) {
    case 'booked':
      return who.reader === 'staff' ? `Booked${byWhom(event.actor, who)}` : 'Booked';
    case 'rescheduled':
      return moved(event, who);
    case 'cancelled':
      return `Cancelled${byWhom(event.actor, who)}`;
    case 'refunded':
      return `Refunded ${money(event.data)}`;
    case 'refund_failed':
      return who.reader === 'staff'
        ? `Refund of ${money(event.data)} failed: refund it with the payment provider`
        : `The refund of ${money(event.data)} could not be made automatically`;
    case 'status_changed':
      return statusChanged(event, who);
    case 'follow_up_sent':
      return who.reader === 'staff'
        ? `Rebooking message sent${channels(event.data)}`
        : 'We sent you a link to book again';
  }
}
