import { apiRoutes } from '@chatdesk/contract/api-routes';
import { MAX_PAGE_SIZE } from '@chatdesk/contract/common';
import type { EmployeeCalendar } from '@chatdesk/contract/employee-calendars';
import type { CreateEmployeeRequest, Employee, UpdateEmployeeRequest } from '@chatdesk/contract/employees';
import type { CreateDateOverrideRequest } from '@chatdesk/contract/time-off';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { cursorPaging, itemsOf } from '../../lib/pages';
import { scheduleKeys } from '../schedule/api';

export const employeeKeys = {
  all: ['employees'] as const,
  lists: ['employees', 'list'] as const,
  list: (search: string) => ['employees', 'list', { search }] as const,
  everyone: ['employees', 'list', 'everyone'] as const,
  detail: (id: string) => ['employees', 'detail', id] as const,
  calendarFeed: (id: string) => ['employees', 'detail', id, 'calendar-feed'] as const,
  dateOverrides: (id: string) => ['employees', 'detail', id, 'date-overrides'] as const,
  calendars: (id: string) => ['employees', 'detail', id, 'calendars'] as const,
};

/** The list in pages as it scrolls; a new search starts again from the first page. */
export function employeesQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: employeeKeys.list(search),
    queryFn: ({ signal, pageParam }) =>
      apiCall(apiRoutes.employees.list, { query: { search, cursor: pageParam }, signal }),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });
}

/**
 * Every employee, for a form that offers them all: a team is small, so its pages are read one
 * after another, the most the API gives at a time.
 */
export const allEmployeesQueryOptions = queryOptions({
  queryKey: employeeKeys.everyone,
  queryFn: async ({ signal }) => {
    const employees: Employee[] = [];
    let cursor: string | undefined;
    do {
      const page = await apiCall(apiRoutes.employees.list, {
        query: { limit: MAX_PAGE_SIZE, cursor },
        signal,
      });
      employees.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return employees;
  },
});

export function employeeQueryOptions(id: string) {
  return queryOptions({
    queryKey: employeeKeys.detail(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.employees.get, { params: { id }, signal }),
  });
}

export function useEmployees(search = '') {
  const query = useInfiniteQuery(employeesQueryOptions(search.trim()));
  return { ...query, data: itemsOf(query.data) };
}

export function useAllEmployees() {
  return useQuery(allEmployeesQueryOptions);
}

export function useEmployee(id: string | undefined) {
  return useQuery({ ...employeeQueryOptions(id ?? ''), enabled: Boolean(id) });
}

export type SaveEmployeeInput =
  | { id?: undefined; body: CreateEmployeeRequest }
  | { id: string; body: UpdateEmployeeRequest };

export function useSaveEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveEmployeeInput) =>
      input.id === undefined
        ? apiCall(apiRoutes.employees.create, { body: input.body })
        : apiCall(apiRoutes.employees.update, { params: { id: input.id }, body: input.body }),
    meta: {
      success: (_employee: unknown, input: SaveEmployeeInput) =>
        input.id === undefined ? 'Employee created' : 'Employee saved',
    },
    onSuccess: (employee) => {
      queryClient.setQueryData(employeeKeys.detail(employee.id), employee);
      return queryClient.invalidateQueries({ queryKey: employeeKeys.lists });
    },
  });
}

export function useCalendarFeed(id: string) {
  return useQuery({
    queryKey: employeeKeys.calendarFeed(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.employees.calendarFeed, { params: { id }, signal }),
  });
}

export function useRegenerateCalendarFeed(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(apiRoutes.employees.regenerateCalendarFeed, { params: { id } }),
    meta: { success: 'Calendar link regenerated' },
    onSuccess: (feed) => queryClient.setQueryData(employeeKeys.calendarFeed(id), feed),
  });
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.employees.remove, { params: { id } }),
    meta: { success: 'Employee deleted' },
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: employeeKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: employeeKeys.lists });
    },
    onError: (error) => console.error('Failed to delete employee', error),
  });
}

export function useDateOverrides(employeeId: string) {
  return useQuery({
    queryKey: employeeKeys.dateOverrides(employeeId),
    queryFn: ({ signal }) => apiCall(apiRoutes.timeOff.dateOverrides, { params: { id: employeeId }, signal }),
  });
}

export function useAddDateOverride(employeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDateOverrideRequest) =>
      apiCall(apiRoutes.timeOff.createDateOverride, { params: { id: employeeId }, body }),
    meta: {
      success: (_data: unknown, body: CreateDateOverrideRequest) =>
        body.ranges?.length ? 'Special hours added' : 'Time off added',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.dateOverrides(employeeId) }),
  });
}

export function useRemoveDateOverride(employeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (overrideId: string) =>
      apiCall(apiRoutes.timeOff.removeDateOverride, { params: { id: employeeId, overrideId } }),
    meta: { success: 'Time off removed', failure: 'Failed to remove the time off' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.dateOverrides(employeeId) }),
  });
}

/** The employee's own calendars, whose busy events close their slots. */
export function useEmployeeCalendars(employeeId: string) {
  return useQuery({
    queryKey: employeeKeys.calendars(employeeId),
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.employeeCalendars.list, { params: { id: employeeId }, signal }),
  });
}

/** A calendar read: its busy times changed, and with them the open times on the booking page. */
function calendarsChanged(queryClient: ReturnType<typeof useQueryClient>, employeeId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: employeeKeys.calendars(employeeId) }),
    queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  ]);
}

/** A read that failed is no toast: its error shows in red on the calendar's row. */
const readText = (calendar: EmployeeCalendar, text: string) => (calendar.lastError ? '' : text);

export function useAddEmployeeCalendar(employeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; label: string }) =>
      apiCall(apiRoutes.employeeCalendars.add, { params: { id: employeeId }, body }),
    meta: { success: (calendar: EmployeeCalendar) => readText(calendar, 'Calendar added') },
    onSuccess: () => calendarsChanged(queryClient, employeeId),
  });
}

export function useRefreshEmployeeCalendar(employeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (calendarId: string) =>
      apiCall(apiRoutes.employeeCalendars.refresh, { params: { id: employeeId, calendarId } }),
    meta: {
      success: (calendar: EmployeeCalendar) => readText(calendar, 'Calendar read again'),
      failure: 'Failed to read the calendar',
    },
    onSuccess: () => calendarsChanged(queryClient, employeeId),
  });
}

export function useRemoveEmployeeCalendar(employeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (calendarId: string) =>
      apiCall(apiRoutes.employeeCalendars.remove, { params: { id: employeeId, calendarId } }),
    meta: { success: 'Calendar removed', failure: 'Failed to remove the calendar' },
    onSuccess: () => calendarsChanged(queryClient, employeeId),
  });
}
