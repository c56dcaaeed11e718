import { useEffect, useSyncExternalStore } from 'react';
import { matchPath } from 'react-router';
import { paths, routePatterns } from './paths';

/** What each staff page is called in the tab; static paths come before the patterns they also match. */
const STAFF_PAGE_NAMES: [pattern: string, name: string][] = [
  [paths.home, 'Chats'],
  [paths.dashboard, 'Chats'],
  [routePatterns.chat, 'Chat'],
  [paths.employees, 'Employees'],
  [paths.employeeNew, 'New employee'],
  [routePatterns.employee, 'Employee'],
  [paths.services, 'Services'],
  [paths.serviceNew, 'New service'],
  [routePatterns.service, 'Service'],
  [paths.clients, 'Clients'],
  [paths.clientNew, 'New client'],
  [routePatterns.clientEdit, 'Edit client'],
  [routePatterns.client, 'Client'],
  [paths.subscriptions, 'Subscriptions'],
  [paths.subscriptionNew, 'New subscription'],
  [routePatterns.subscription, 'Subscription'],
  [paths.appointments, 'Appointments'],
  [routePatterns.appointmentNew, 'New appointment'],
  [routePatterns.appointment, 'Appointment'],
  [paths.insights, 'Insights'],
  [paths.notifications, 'Notifications'],
  [paths.settings, 'Settings'],
  [routePatterns.settingsSection, 'Settings'],
];

/** The generic name of the staff page at this path ("Employee"), before it knows whose it is. */
export function staffPageName(pathname: string): string | undefined {
  return STAFF_PAGE_NAMES.find(([pattern]) => matchPath(pattern, pathname))?.[1];
}

/** "(2) Chats · Acme": the page, then the company, with the chats waiting for a person in front. */
export function documentTitle({
  page,
  company,
  waiting = 0,
}: {
  page?: string | undefined;
  company?: string | undefined;
  waiting?: number;
}): string {
  const title = [page?.trim(), company?.trim()].filter(Boolean).join(' · ') || 'Dashboard';
  return waiting > 0 ? `(${waiting}) ${title}` : title;
}

let specificName: string | undefined;
const listeners = new Set<() => void>();

function setSpecificName(name: string | undefined) {
  if (specificName === name) return;
  specificName = name;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Names the open page more precisely than its route can ("Employee: Ana") once its data is
 * loaded; the staff layout puts it in the tab's title. Undefined keeps the route's name.
 */
export function usePageName(name: string | undefined): void {
  useEffect(() => {
    setSpecificName(name);
    return () => setSpecificName(undefined);
  }, [name]);
}

/** The name the open page gave itself with `usePageName`, if any. */
export function useSpecificPageName(): string | undefined {
  return useSyncExternalStore(subscribe, () => specificName);
}
