import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { BookingSettings, UpdateCompanyRequest } from '@chatdesk/contract/company';
import type { CreateBusinessClosureRequest } from '@chatdesk/contract/time-off';
import type { ChangePasswordRequest, UpdateProfileRequest } from '@chatdesk/contract/users';
import type { UpdateWebChatSettingsRequest } from '@chatdesk/contract/web-chat';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { authKeys } from '../auth/api';

export const companyKeys = {
  detail: ['company'] as const,
  closures: ['company', 'closures'] as const,
  bookingSettings: ['company', 'booking-settings'] as const,
};
export const profileKeys = { detail: ['users', 'profile'] as const };

export const companyQueryOptions = queryOptions({
  queryKey: companyKeys.detail,
  queryFn: ({ signal }) => apiCall(apiRoutes.company.get, { signal }),
  staleTime: 5 * 60_000,
});

export const profileQueryOptions = queryOptions({
  queryKey: profileKeys.detail,
  queryFn: ({ signal }) => apiCall(apiRoutes.users.profile, { signal }),
});

export function useCompany() {
  return useQuery(companyQueryOptions);
}

export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions, enabled });
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyRequest) => apiCall(apiRoutes.company.update, { body }),
    onSuccess: (company) => {
      if (company && typeof company === 'object' && 'name' in company) {
        queryClient.setQueryData(companyKeys.detail, company);
      }
      return queryClient.invalidateQueries({ queryKey: companyKeys.detail });
    },
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => apiCall(apiRoutes.users.updateProfile, { body }),
    onSuccess: () =>
      // The sidebar account label comes from the session, so it follows the new name and email.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.detail }),
        queryClient.invalidateQueries({ queryKey: authKeys.session }),
      ]),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => apiCall(apiRoutes.users.changePassword, { body }),
  });
}

export function useClosures() {
  return useQuery({
    queryKey: companyKeys.closures,
    queryFn: ({ signal }) => apiCall(apiRoutes.timeOff.closures, { signal }),
  });
}

export function useAddClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBusinessClosureRequest) => apiCall(apiRoutes.timeOff.createClosure, { body }),
    meta: { success: 'Closed days added' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.closures }),
  });
}

export function useRemoveClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.timeOff.removeClosure, { params: { id } }),
    meta: { success: 'Closed days removed', failure: 'Failed to remove the closed days' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.closures }),
  });
}

export function useBookingSettings() {
  return useQuery({
    queryKey: companyKeys.bookingSettings,
    queryFn: ({ signal }) => apiCall(apiRoutes.company.bookingSettings, { signal }),
  });
}

export function useUpdateBookingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingSettings) => apiCall(apiRoutes.company.updateBookingSettings, { body }),
    // A refusal is shown on the form, beside the field it names.
    meta: { success: 'Booking settings saved' },
    onSuccess: (saved) => queryClient.setQueryData(companyKeys.bookingSettings, saved),
  });
}

const webChatKeys = { settings: ['web-chat', 'settings'] as const };

export function useWebChatSettings() {
  return useQuery({
    queryKey: webChatKeys.settings,
    queryFn: ({ signal }) => apiCall(apiRoutes.webChat.settings, { signal }),
  });
}

export function useUpdateWebChatSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWebChatSettingsRequest) => apiCall(apiRoutes.webChat.updateSettings, { body }),
    // A refusal is shown on the form, beside the field it names.
    meta: { success: 'Web chat settings saved' },
    onSuccess: (saved) => queryClient.setQueryData(webChatKeys.settings, saved),
  });
}
