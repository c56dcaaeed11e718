import type { AppointmentStatus } from '@chatdesk/contract/appointments';
// Types only: what the staff app reads of an appointment's history needs no zod at run time.
import type { AppointmentActor, AppointmentEvent } from '@chatdesk/contract/manage-booking';
import { formatMinorMoney } from './format';
import { formatShortSlot } from './wall-clock';

type HistoryEvent = AppointmentEvent;

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

/** ' by the customer', ' by staff', ' by the assistant' or nothing, after the verb. */
function byWhom(actor: AppointmentActor): string {
  return { customer: ' by the customer', staff: ' by staff', assistant: ' by the assistant', system: '' }[
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

function moved(event: HistoryEvent): string {
  const from = slotOf(event.data, 'from');
  const to = slotOf(event.data, 'to');
  return `Rescheduled${from ? ` from ${from}` : ''}${to ? ` to ${to}` : ''}${byWhom(event.actor)}`;
}

function statusChanged(event: HistoryEvent): string {
  const status = text(event.data, 'status') as AppointmentStatus | null;
  const label = status ? (STATUS_LABELS[status] ?? status) : 'another status';
  return `Status changed to ${label}${byWhom(event.actor)}`;
}

/** What one history line says to staff: "Booked by the customer", "Rescheduled from … to … by staff". */
export function historyText(event: HistoryEvent): string {
  switch (event.kind) {
    case 'booked':
      return `Booked${byWhom(event.actor)}`;
    case 'rescheduled':
      return moved(event);
    case 'cancelled':
      return `Cancelled${byWhom(event.actor)}`;
    case 'refunded':
      return `Refunded ${money(event.data)}`;
    case 'refund_failed':
      return `Refund of ${money(event.data)} failed: refund it with the payment provider`;
    case 'status_changed':
      return statusChanged(event);
    case 'follow_up_sent':
      return `Rebooking message sent${channels(event.data)}`;
  }
}
