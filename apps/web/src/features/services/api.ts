import { apiRoutes } from '@chatdesk/contract/api-routes';
import type { Service, ServiceForm } from '@chatdesk/contract/services';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

export const serviceKeys = {
  all: ['services'] as const,
  list: (archived: boolean) => ['services', 'list', { archived }] as const,
  ofEmployee: (employeeId: string) => ['services', 'employee', employeeId] as const,
};

/** The catalogue, the default first; with `archived`, the archived ones too. */
export function servicesQueryOptions(archived: boolean) {
  return queryOptions({
    queryKey: serviceKeys.list(archived),
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.services.list, { query: { archived: archived ? 'true' : 'false' }, signal }),
  });
}

export function useServices({ archived = false }: { archived?: boolean } = {}) {
  return useQuery(servicesQueryOptions(archived));
}

/**
 * One service, read from the whole catalogue (archived ones included): the API has no single-service
 * read, and a catalogue is a few dozen rows at most.
 */
export function useService(id: string | undefined) {
  return useQuery({
    ...servicesQueryOptions(true),
    enabled: Boolean(id),
    select: (services: Service[]) => services.find((service) => service.id === id) ?? null,
  });
}

export type SaveServiceInput = { id?: string | undefined; body: ServiceForm };

/** A service and who offers it changed: the catalogue and every professional's checklist are read again. */
function invalidateServices(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: serviceKeys.all });
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveServiceInput) =>
      id === undefined
        ? apiCall(apiRoutes.services.create, { body })
        : apiCall(apiRoutes.services.update, { params: { id }, body }),
    // A refusal is shown beside the field it names or above the buttons, so no failure toast.
    meta: {
      success: (service: Service, input: SaveServiceInput) =>
        input.id === undefined ? `Service ${service.name} created` : `Service ${service.name} saved`,
    },
    onSuccess: () => invalidateServices(queryClient),
  });
}

export type ServiceAction = 'archive' | 'restore' | 'setDefault';

const ACTION_DONE: Record<ServiceAction, (name: string) => string> = {
  archive: (name) => `Service ${name} archived`,
  restore: (name) => `Service ${name} restored`,
  setDefault: (name) => `${name} is now the default service`,
};

/** Archive, restore or make default: each answers the service as it now is. */
export function useServiceAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: ServiceAction; id: string }) =>
      apiCall(apiRoutes.services[action], { params: { id } }),
    meta: {
      success: (service: Service, input: { action: ServiceAction }) =>
        ACTION_DONE[input.action](service.name),
    },
    onSuccess: () => invalidateServices(queryClient),
  });
}

/** The services one professional offers, archived ones included (the server keeps those links). */
export function useEmployeeServices(employeeId: string | undefined) {
  return useQuery({
    queryKey: serviceKeys.ofEmployee(employeeId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.services.ofEmployee, { params: { id: employeeId ?? '' }, signal }),
    enabled: Boolean(employeeId),
  });
}

export function useSetEmployeeServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ employeeId, serviceIds }: { employeeId: string; serviceIds: string[] }) =>
      apiCall(apiRoutes.services.setOfEmployee, { params: { id: employeeId }, body: { serviceIds } }),
    meta: { failure: 'Failed to save the services of this employee' },
    onSuccess: (saved, { employeeId }) => {
      queryClient.setQueryData(serviceKeys.ofEmployee(employeeId), saved);
      return invalidateServices(queryClient);
    },
  });
}
