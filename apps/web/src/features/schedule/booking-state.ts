import type { BookingResponse, ClientInfo } from '@chatdesk/contract/schedule';
import { type ClientInfoErrors, validateClientInfo } from '@chatdesk/contract/schedule-rules';
import type { Slot } from '../../components/slots/slot-calendar';

export type BookedAppointment = BookingResponse['appointment'];

export type BookingResult =
  | { kind: 'success'; appointment: BookedAppointment }
  | { kind: 'error'; message: string };

export type BookingState = {
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
  date: null,
  slot: null,
  step: 'details',
  values: emptyClientInfo,
  errors: {},
  result: null,
  locked: false,
};

/** Pick a slot, fill the details, pay, book; choosing another slot starts over with the same details. */
export function bookingReducer(state: BookingState, action: BookingAction): BookingState {
  if (state.locked) return state;
  switch (action.type) {
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
