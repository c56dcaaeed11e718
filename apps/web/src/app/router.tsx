import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { paths, routePatterns } from '../lib/paths';
import { RouteErrorBoundary } from './route-error-boundary';

/** Every page is its own chunk, so a public page never downloads the staff shell. */
const staffRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('../features/chats/chats-page').then((m) => ({ Component: m.ChatsPage })),
  },
  {
    path: paths.dashboard,
    lazy: () => import('../features/chats/chats-page').then((m) => ({ Component: m.ChatsPage })),
  },
  {
    path: routePatterns.chat,
    lazy: () => import('../features/chats/chat-page').then((m) => ({ Component: m.ChatPage })),
  },
  {
    path: paths.employees,
    lazy: () => import('../features/employees/employees-page').then((m) => ({ Component: m.EmployeesPage })),
  },
  {
    path: paths.employeeNew,
    lazy: () =>
      import('../features/employees/employee-form-page').then((m) => ({ Component: m.EmployeeFormPage })),
  },
  {
    path: routePatterns.employee,
    lazy: () =>
      import('../features/employees/employee-form-page').then((m) => ({ Component: m.EmployeeFormPage })),
  },
  {
    path: paths.clients,
    lazy: () => import('../features/clients/clients-page').then((m) => ({ Component: m.ClientsPage })),
  },
  {
    path: paths.clientNew,
    lazy: () => import('../features/clients/client-form-page').then((m) => ({ Component: m.ClientFormPage })),
  },
  {
    path: routePatterns.clientEdit,
    lazy: () => import('../features/clients/client-form-page').then((m) => ({ Component: m.ClientFormPage })),
  },
  {
    path: routePatterns.client,
    lazy: () =>
      import('../features/clients/client-detail-page').then((m) => ({ Component: m.ClientDetailPage })),
  },
  {
    path: paths.subscriptions,
    lazy: () =>
      import('../features/subscriptions/subscriptions-page').then((m) => ({
        Component: m.SubscriptionsPage,
      })),
  },
  {
    path: paths.subscriptionNew,
    lazy: () =>
      import('../features/subscriptions/subscription-new-page').then((m) => ({
        Component: m.SubscriptionNewPage,
      })),
  },
  {
    path: routePatterns.subscription,
    lazy: () =>
      import('../features/subscriptions/subscription-detail-page').then((m) => ({
        Component: m.SubscriptionDetailPage,
      })),
  },
  {
    path: paths.appointments,
    lazy: () =>
      import('../features/appointments/appointments-page').then((m) => ({ Component: m.AppointmentsPage })),
  },
  {
    path: routePatterns.appointment,
    lazy: () =>
      import('../features/appointments/appointment-detail-page').then((m) => ({
        Component: m.AppointmentDetailPage,
      })),
  },
  {
    path: paths.notifications,
    lazy: () =>
      import('../features/notifications/notifications-page').then((m) => ({
        Component: m.NotificationsPage,
      })),
  },
  {
    path: paths.settings,
    lazy: () => import('../features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
  },
];

const notFound = () =>
  import('../features/errors/not-found-page').then((m) => ({ Component: m.NotFoundPage }));

export const routes: RouteObject[] = [
  {
    HydrateFallback: FullScreenLoader,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        path: paths.login,
        lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: routePatterns.schedule,
        lazy: () => import('../features/schedule/schedule-page').then((m) => ({ Component: m.SchedulePage })),
      },
      {
        path: routePatterns.subscribe,
        lazy: () =>
          import('../features/subscribe/subscribe-page').then((m) => ({ Component: m.SubscribePage })),
      },
      {
        path: routePatterns.subscribeWithEmail,
        lazy: () =>
          import('../features/subscribe/subscribe-page').then((m) => ({ Component: m.SubscribePage })),
      },
      {
        path: paths.chatSimulator,
        lazy: () =>
          import('../features/simulator/chat-simulator-page').then((m) => ({
            Component: m.ChatSimulatorPage,
          })),
      },
      {
        path: paths.home,
        lazy: () => import('./staff-layout').then((m) => ({ Component: m.StaffLayout })),
        children: staffRoutes,
      },
      { path: paths.notFound, lazy: notFound },
      { path: '*', lazy: notFound },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
