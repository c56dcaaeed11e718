import type { CreateEmployeeRequest, Employee, UpdateEmployeeRequest } from '@chatdesk/contract/employees';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const employeeKeys = {
  all: ['employees'] as const,
  list: ['employees', 'list'] as const,
  detail: (id: string) => ['employees', 'detail', id] as const,
};

export const employeesQueryOptions = queryOptions({
  queryKey: employeeKeys.list,
  queryFn: ({ signal }) => api.get<Employee[]>('/employees', { signal }),
});

export function employeeQueryOptions(id: string) {
  return queryOptions({
    queryKey: employeeKeys.detail(id),
    queryFn: ({ signal }) => api.get<Employee>(`/employees/${encodeURIComponent(id)}`, { signal }),
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
    mutationFn: ({ id, body }: SaveEmployeeInput) =>
      id
        ? api.put<Employee>(`/employees/${encodeURIComponent(id)}`, body)
        : api.post<Employee>('/employees', body),
    onSuccess: (employee) => {
      queryClient.setQueryData(employeeKeys.detail(employee.id), employee);
      return queryClient.invalidateQueries({ queryKey: employeeKeys.list });
    },
  });
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/employees/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: employeeKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: employeeKeys.list });
    },
    onError: (error) => console.error('Failed to delete employee', error),
  });
}
