import type { BookingResponse, ClientInfo } from '@chatdesk/contract/schedule';
import { type ClientInfoErrors, validateClientInfo } from '@chatdesk/contract/schedule-rules';
import type { Slot } from '../../components/slots/slot-calendar';

export type BookedAppointment = BookingResponse['appointment'];

export type BookingResult =
  | { kind: 'success'; appointment: BookedAppointment }
  | { kind: 'error'; message: string };

export type BookingState = {
  /**
   * The service the visitor chose, when the professional offers several; null before they choose
   * (or when there is one, which needs no choice).
   */
  serviceId: string | null;
  /** The day shown in the slot list. */
  date: string | null;
  slot: Slot | null;
  step: 'details' | 'payment';
  values: ClientInfo;
  errors: ClientInfoErrors;
  result: BookingResult | null;
  /** After a successful booking nothing more can be chosen. */
  locked: boolean;
};

export type BookingAction =
  | { type: 'selectService'; serviceId: string | null }
  | { type: 'selectDate'; date: string | null }
  | { type: 'selectSlot'; slot: Slot }
  | { type: 'changeField'; field: keyof ClientInfo; value: string }
  | { type: 'submitDetails' }
  | { type: 'backToForm' }
  | { type: 'paymentStarted' }
  | { type: 'failed'; message: string }
  | { type: 'booked'; appointment: BookedAppointment };

export const emptyClientInfo: ClientInfo = { name: '', email: '', phone: '' };

export const initialBookingState: BookingState = {
  serviceId: null,
  date: null,
  slot: null,
  step: 'details',
  values: emptyClientInfo,
  errors: {},
  result: null,
  locked: false,
};

/** A professional with several services asks which one first; with one there is nothing to choose. */
export function choosesService(serviceCount: number, serviceId: string | null): boolean {
  return serviceCount > 1 && serviceId === null;
}

/** The state of a page opened on a service's own link (`?service=`), or on no service yet. */
export function initBookingState(serviceId: string | null): BookingState {
  return { ...initialBookingState, serviceId };
}

/**
 * Choose a service (when there are several), pick a slot, fill the details, pay, book. Choosing
 * another slot or another service starts over with the same details.
 */
export function bookingReducer(state: BookingState, action: BookingAction): BookingState {
  if (state.locked) return state;
  switch (action.type) {
    case 'selectService':
      if (action.serviceId === state.serviceId) return state;
      // Another service has other times and another price: its slot, day and payment start afresh.
      return {
        ...state,
        serviceId: action.serviceId,
        date: null,
        slot: null,
        step: 'details',
        result: null,
      };
    case 'selectDate':
      if (action.date === state.date) return state;
      return { ...state, date: action.date, slot: null, step: 'details', result: null };
    case 'selectSlot':
      return { ...state, date: action.slot.date, slot: action.slot, step: 'details', result: null };
    case 'changeField': {
      const { [action.field]: _cleared, ...errors } = state.errors;
      return { ...state, values: { ...state.values, [action.field]: action.value }, errors };
    }
    case 'submitDetails': {
      if (!state.slot) return state;
      const errors = validateClientInfo(state.values);
      if (Object.keys(errors).length > 0) return { ...state, errors };
      return { ...state, errors: {}, step: 'payment', result: null };
    }
    case 'backToForm':
      return { ...state, step: 'details', result: null };
    case 'paymentStarted':
      return { ...state, result: null };
    case 'failed':
      return { ...state, result: { kind: 'error', message: action.message } };
    case 'booked':
      return {
        ...state,
        values: emptyClientInfo,
        errors: {},
        step: 'details',
        result: { kind: 'success', appointment: action.appointment },
        locked: true,
      };
  }
}
