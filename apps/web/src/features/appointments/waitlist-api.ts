import { apiRoutes } from '@chatdesk/contract/api-routes';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

/**
 * Staff: the waitlist of an appointment's class time. Under the appointment's own key, so whatever
 * refreshes appointments (the live events, a cancel) refreshes it too.
 */
export function useClassWaitlist(appointmentId: string) {
  return useQuery({
    queryKey: ['appointments', 'detail', appointmentId, 'waitlist'] as const,
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.appointments.waitlist, { params: { id: appointmentId }, signal }),
  });
}
