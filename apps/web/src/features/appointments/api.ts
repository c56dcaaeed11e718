import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { AppointmentStatus, CreateAppointmentRequest } from '@chatdesk/contract/appointments';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { clientKeys } from '../clients/api';
import { packKeys } from '../packs/api';
import { scheduleKeys } from '../schedule/api';

export type AppointmentFilters = {
  status?: AppointmentStatus;
  startDate?: string;
  endDate?: string;
  serviceId?: string;
  page: number;
  limit: number;
};

export const appointmentKeys = {
  all: ['appointments'] as const,
  lists: ['appointments', 'list'] as const,
  list: (filters: AppointmentFilters) => ['appointments', 'list', filters] as const,
  detail: (id: string) => ['appointments', 'detail', id] as const,
  // Under the detail, so removing an appointment's queries removes its history too.
  history: (id: string) => ['appointments', 'detail', id, 'history'] as const,
  slots: (id: string) => ['appointments', 'detail', id, 'slots'] as const,
  roster: (id: string) => ['appointments', 'detail', id, 'roster'] as const,
};

export function appointmentsQueryOptions(filters: AppointmentFilters) {
  return queryOptions({
    queryKey: appointmentKeys.list(filters),
    queryFn: ({ signal }) => apiCall(apiRoutes.appointments.list, { query: filters, signal }),
    // The table keeps its rows while the next page or filter loads, so it does not jump.
    placeholderData: keepPreviousData,
  });
}

/** How many appointments Ctrl+K lists: enough to pick from. */
const FOUND_LIMIT = 5;

/**
 * Upcoming appointments for Ctrl+K: those on `date` when a day was typed, matching `search` (a client's
 * or professional's name, an email, a number) when a name was, soonest first.
 */
export function appointmentSearchQueryOptions({ search, date }: { search: string; date: string | null }) {
  return queryOptions({
    queryKey: [...appointmentKeys.lists, 'search', { search, date }] as const,
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.appointments.list, {
        query: {
          upcoming: true,
          limit: FOUND_LIMIT,
          ...(search ? { search } : {}),
          ...(date ? { startDate: date, endDate: date } : {}),
        },
        signal,
      }),
    select: (list) => list.appointments,
  });
}

export function appointmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: appointmentKeys.detail(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.appointments.get, { params: { id }, signal }),
  });
}

export function appointmentHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: appointmentKeys.history(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.appointments.history, { params: { id }, signal }),
  });
}

export function useAppointments(filters: AppointmentFilters) {
  return useQuery(appointmentsQueryOptions(filters));
}

export function useAppointment(id: string) {
  return useQuery(appointmentQueryOptions(id));
}

/** The customer's link, what happened to the appointment and its reminders. */
export function useAppointmentHistory(id: string) {
  return useQuery(appointmentHistoryQueryOptions(id));
}

/** `failure`: a toast for screens that show no refusal of their own (the list's delete dialog). */
export function useUpdateAppointmentStatus(options: { failure?: string } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      status,
      refund,
      reopen,
    }: {
      id: string;
      status: AppointmentStatus;
      refund?: boolean;
      reopen?: boolean;
    }) =>
      apiCall(apiRoutes.appointments.setStatus, {
        params: { id },
        body: {
          status,
          ...(refund === undefined ? {} : { refund }),
          ...(reopen === undefined ? {} : { reopen }),
        },
      }),
    // A refusal is shown beside the status dropdown (appointment-detail-page.tsx), so only success toasts.
    meta: { success: 'Appointment status updated', ...(options.failure ? { failure: options.failure } : {}) },
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.detail(appointment.id), appointment);
      // A new status adds a history line, a cancellation drops the reminders still planned and may
      // give a pack session back.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentKeys.lists }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.history(appointment.id) }),
        queryClient.invalidateQueries({ queryKey: packKeys.all }),
      ]);
    },
    onError: (error) => console.error('Failed to update appointment status', error),
  });
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.appointments.remove, { params: { id } }),
    meta: { success: 'Appointment deleted', failure: 'Failed to delete appointment' },
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: appointmentKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: appointmentKeys.lists });
    },
    onError: (error) => console.error('Failed to delete appointment', error),
  });
}

/** The open times staff may move it to; asked only once they choose to reschedule. */
export function useAppointmentSlots(id: string, enabled: boolean) {
  return useQuery({
    queryKey: appointmentKeys.slots(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.appointments.slots, { params: { id }, signal }),
    enabled,
    staleTime: 0,
  });
}

export function useRescheduleAppointment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: { date: string; time: string }) =>
      apiCall(apiRoutes.appointments.reschedule, {
        params: { id },
        body: { date: slot.date, timeSlot: slot.time },
      }),
    // A refusal (the slot was just taken) is shown in the calendar, where the time was chosen.
    meta: { success: 'Appointment moved' },
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.detail(id), appointment);
      queryClient.removeQueries({ queryKey: appointmentKeys.slots(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentKeys.lists }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.history(id) }),
      ]);
    },
    // A slot just taken disappears from the calendar.
    onError: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.slots(id) }),
  });
}

/** Staff book a client in; a refusal (the time was just taken) is shown on the form, where it was chosen. */
export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppointmentRequest) => apiCall(apiRoutes.appointments.create, { body }),
    meta: { success: 'Appointment booked' },
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.detail(appointment.id), appointment);
      // The client's page lists their appointments, and the professional's open times changed.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentKeys.lists }),
        queryClient.invalidateQueries({ queryKey: clientKeys.details }),
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
        queryClient.invalidateQueries({ queryKey: packKeys.all }),
      ]);
    },
    // A time just taken disappears from the calendar.
    onError: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

/** The clients of the class time a seat belongs to; `roster` is null for a one-to-one appointment. */
export function useClassRoster(id: string) {
  return useQuery({
    queryKey: appointmentKeys.roster(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.appointments.roster, { params: { id }, signal }),
  });
}

/** Attendance on the roster is a seat's status: attended (`completed`) or `no-show`, saved at once. */
export function useMarkAttendance(rosterOf: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'completed' | 'no-show' | 'scheduled' }) =>
      apiCall(apiRoutes.appointments.setStatus, { params: { id }, body: { status } }),
    meta: { success: 'Attendance saved', failure: 'Attendance not saved. Please try again.' },
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.detail(appointment.id), appointment);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentKeys.roster(rosterOf) }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.lists }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.history(appointment.id) }),
      ]);
    },
  });
}

/** Cancels the whole class time: every seat refunded or its session returned, every client told. */
export function useCancelClass(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(apiRoutes.appointments.cancelClass, { params: { id } }),
    meta: { success: 'Class cancelled', failure: 'The class could not be cancelled. Please try again.' },
    onSuccess: (roster) => {
      queryClient.setQueryData(appointmentKeys.roster(id), roster);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
        queryClient.invalidateQueries({ queryKey: packKeys.all }),
      ]);
    },
  });
}
