import type { Service } from '@chatdesk/contract/services';

/** The same services, in whatever order. */
export function sameServiceIds(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}

/** What a new employee offers until someone changes it: the default service, as the server links it. */
export function defaultServiceIds(active: readonly Service[]): string[] {
  return active.filter((service) => service.isDefault).map((service) => service.id);
}

/** The active services among those an employee offers: the ones the checklist shows ticked. */
export function tickedServiceIds(offered: readonly string[], active: readonly Service[]): string[] {
  const activeIds = new Set(active.map((service) => service.id));
  return offered.filter((id) => activeIds.has(id));
}

/**
 * What to send for an employee whose checklist reads `ticked`: those, and the archived services they
 * offered, which the checklist does not show. The server replaces the whole list, and a restored
 * service comes back with the professionals it had.
 */
export function serviceIdsToSave(
  offered: readonly string[],
  active: readonly Service[],
  ticked: readonly string[],
): string[] {
  const activeIds = new Set(active.map((service) => service.id));
  const archived = offered.filter((id) => !activeIds.has(id));
  return [...new Set([...ticked.filter((id) => activeIds.has(id)), ...archived])];
}
