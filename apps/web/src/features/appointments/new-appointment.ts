import type { CreateAppointmentRequest } from '@chatdesk/contract/appointments';
import type { Employee } from '@chatdesk/contract/employees';
import { formatDuration } from '@chatdesk/contract/schedule-rules';
import type { PublicService } from '@chatdesk/contract/services';
import { formatServicePrice } from '../../lib/format';

export type StaffPayment = CreateAppointmentRequest['payment'] & string;

export const PAYMENT_OPTIONS: { value: StaffPayment; label: string }[] = [
  { value: 'none', label: 'Not paid yet' },
  { value: 'desk', label: 'Paid at the desk' },
];

/**
 * How the booking is paid: with a pack session when the client has one for the service, unless
 * staff chose otherwise; a pack chosen that has no session left (another client or service since)
 * falls back to not paid yet.
 */
export function effectivePayment(chosen: StaffPayment, byStaff: boolean, sessionsLeft: number): StaffPayment {
  if (!byStaff) return sessionsLeft > 0 ? 'pack' : chosen;
  return chosen === 'pack' && sessionsLeft === 0 ? 'none' : chosen;
}

export type NewAppointmentValues = {
  clientId: string | null;
  employeeId: string | null;
  serviceId: string | null;
  slot: { date: string; time: string } | null;
  payment: StaffPayment;
  notes: string;
};

export const emptyNewAppointment = (clientId: string | null = null): NewAppointmentValues => ({
  clientId,
  employeeId: null,
  serviceId: null,
  slot: null,
  payment: 'none',
  notes: '',
});

/** Who can be booked: active, taking bookings; by name. */
export function bookableProfessionals(employees: Employee[]): Employee[] {
  return employees
    .filter((employee) => employee.isActive && employee.takesBookings)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** 'Colour · 1 h 30 min · €45.00', so staff see what they book before the times. */
export function serviceOptionLabel(service: PublicService): string {
  return `${service.name} · ${formatDuration(service.durationMinutes)} · ${formatServicePrice(service.price.amount, service.price.currency)}`;
}

export type NewAppointmentErrors = Partial<Record<'clientId' | 'employeeId' | 'serviceId' | 'slot', string>>;

/** What is still missing, said beside its field; the server checks the rest (the slot still free). */
export function validateNewAppointment(values: NewAppointmentValues): NewAppointmentErrors {
  const errors: NewAppointmentErrors = {};
  if (!values.clientId) errors.clientId = 'Choose a client';
  if (!values.employeeId) errors.employeeId = 'Choose a professional';
  if (!values.serviceId) errors.serviceId = 'Choose a service';
  if (!values.slot) errors.slot = 'Choose a day and an open time';
  return errors;
}

/** The request, once `validateNewAppointment` found nothing missing. */
export function toCreateRequest(values: NewAppointmentValues): CreateAppointmentRequest {
  if (!values.clientId || !values.employeeId || !values.slot) throw new Error('incomplete appointment');
  const notes = values.notes.trim();
  return {
    clientId: values.clientId,
    employeeId: values.employeeId,
    ...(values.serviceId ? { serviceId: values.serviceId } : {}),
    date: values.slot.date,
    timeSlot: values.slot.time,
    payment: values.payment,
    ...(notes ? { notes } : {}),
  };
}
