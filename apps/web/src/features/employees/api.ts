import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { CreateEmployeeRequest, UpdateEmployeeRequest } from '@chatdesk/contract/employees';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

export const employeeKeys = {
  all: ['employees'] as const,
  list: ['employees', 'list'] as const,
  detail: (id: string) => ['employees', 'detail', id] as const,
};

export const employeesQueryOptions = queryOptions({
  queryKey: employeeKeys.list,
  queryFn: ({ signal }) => apiCall(apiRoutes.employees.list, { signal }),
});

export function employeeQueryOptions(id: string) {
  return queryOptions({
    queryKey: employeeKeys.detail(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.employees.get, { params: { id }, signal }),
  });
}

export function useEmployees() {
  return useQuery(employeesQueryOptions);
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
    onSuccess: (employee) => {
      queryClient.setQueryData(employeeKeys.detail(employee.id), employee);
      return queryClient.invalidateQueries({ queryKey: employeeKeys.list });
    },
  });
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.employees.remove, { params: { id } }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: employeeKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: employeeKeys.list });
    },
    onError: (error) => console.error('Failed to delete employee', error),
  });
}
