import { z } from 'zod';
import { calendarDate, paginationSchema } from './common.ts';
import { APPOINTMENTS_PAGE_SIZE } from './constants.ts';

export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'cancelled', 'no-show'] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

export const APPOINTMENT_MESSAGES = {
  notFound: 'Appointment not found',
  slotTaken: 'Another appointment already takes this time slot.',
  dateInvalid: 'Use a date like 2026-11-23',
} as const;

export const appointmentSchema = z.object({
  id: z.string(),
  /** The business's local date (yyyy-MM-dd) and wall-clock times (HH:mm, 24-hour). */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** The same moment as an instant, for clients that want it. */
  startsAt: z.string(),
  status: appointmentStatusSchema,
  notes: z.string().nullable(),
  client: z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable() }),
  employee: z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable() }),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

const dateFilter = calendarDate(APPOINTMENT_MESSAGES.dateInvalid)
  .optional()
  .or(z.literal('').transform(() => undefined));

export const listAppointmentsQuerySchema = z.object({
  status: appointmentStatusSchema.optional().or(z.literal('').transform(() => undefined)),
  startDate: dateFilter,
  endDate: dateFilter,
  clientId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(APPOINTMENTS_PAGE_SIZE),
});
export type ListAppointmentsQuery = z.input<typeof listAppointmentsQuerySchema>;

export const appointmentListSchema = z.object({
  appointments: z.array(appointmentSchema),
  pagination: paginationSchema,
});
export type AppointmentList = z.infer<typeof appointmentListSchema>;

export const updateAppointmentStatusSchema = z.object({ status: appointmentStatusSchema });
