// The zod-free half of the manage-your-booking contract: the public manage page uses it without
// zod's weight. manage-booking.ts holds the schemas the server validates with.

export const MANAGE_BOOKING_MESSAGES = {
  notFound: 'This booking link is not valid.',
  cancelled: 'This appointment is cancelled.',
  past: 'This appointment has already taken place.',
  notScheduled: 'This appointment can no longer be changed online.',
  tooLateToReschedule: 'It is too late to reschedule this appointment online. Please contact us.',
  employeeUnavailable: 'This appointment cannot be moved online. Please contact us.',
  termsChanged:
    'The refund terms have changed since you opened this page. Please review them and confirm again.',
  changedMeanwhile: 'This appointment was changed in the meantime. Please review it and try again.',
  sameSlot: 'Choose a time other than the current one.',
  slotTaken: 'This time slot was just taken. Please choose another.',
  slotUnavailable: 'This time slot is not available. Please choose another.',
} as const;

/** What happened to an appointment, oldest first: kept for staff and shown to the customer. */
export const APPOINTMENT_EVENT_KINDS = [
  'booked',
  'rescheduled',
  'cancelled',
  'refunded',
  'refund_failed',
  'status_changed',
  'follow_up_sent',
] as const;
export type AppointmentEventKind = (typeof APPOINTMENT_EVENT_KINDS)[number];

/** Who did it. */
export const APPOINTMENT_ACTORS = ['customer', 'staff', 'assistant', 'system'] as const;
export type AppointmentActor = (typeof APPOINTMENT_ACTORS)[number];

/** The refund a cancellation made now would give, or none. Minor units. */
export type RefundTerms = { amount: number; currency: string } | null;
