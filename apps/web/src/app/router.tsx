import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { paths, routePatterns } from '../lib/paths';
import { RouteErrorBoundary } from './route-error-boundary';

// Declarative routes rather than a data router: the data router's code alone would be a fifth
// of what a visitor's phone may download for the public booking page.

/** A page in its own chunk, so a public page never downloads the staff app. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const PublicShell = page(
  () => import('./public-shell'),
  (m) => m.PublicShell,
);
const StaffShell = page(
  () => import('./staff-shell'),
  (m) => m.StaffShell,
);
const StaffLayout = page(
  () => import('./staff-layout'),
  (m) => m.StaffLayout,
);

const LoginPage = page(
  () => import('../features/auth/login-page'),
  (m) => m.LoginPage,
);
const SchedulePage = page(
  () => import('../features/schedule/schedule-page'),
  (m) => m.SchedulePage,
);
const SubscribePage = page(
  () => import('../features/subscribe/subscribe-page'),
  (m) => m.SubscribePage,
);
const ChatSimulatorPage = page(
  () => import('../features/simulator/chat-simulator-page'),
  (m) => m.ChatSimulatorPage,
);
const NotFoundPage = page(
  () => import('../features/errors/not-found-page'),
  (m) => m.NotFoundPage,
);

const ChatsPage = page(
  () => import('../features/chats/chats-page'),
  (m) => m.ChatsPage,
);
const ChatPage = page(
  () => import('../features/chats/chat-page'),
  (m) => m.ChatPage,
);
const EmployeesPage = page(
  () => import('../features/employees/employees-page'),
  (m) => m.EmployeesPage,
);
const EmployeeFormPage = page(
  () => import('../features/employees/employee-form-page'),
  (m) => m.EmployeeFormPage,
);
const ClientsPage = page(
  () => import('../features/clients/clients-page'),
  (m) => m.ClientsPage,
);
const ClientFormPage = page(
  () => import('../features/clients/client-form-page'),
  (m) => m.ClientFormPage,
);
const ClientDetailPage = page(
  () => import('../features/clients/client-detail-page'),
  (m) => m.ClientDetailPage,
);
const SubscriptionsPage = page(
  () => import('../features/subscriptions/subscriptions-page'),
  (m) => m.SubscriptionsPage,
);
const SubscriptionNewPage = page(
  () => import('../features/subscriptions/subscription-new-page'),
  (m) => m.SubscriptionNewPage,
);
const SubscriptionDetailPage = page(
  () => import('../features/subscriptions/subscription-detail-page'),
  (m) => m.SubscriptionDetailPage,
);
const AppointmentsPage = page(
  () => import('../features/appointments/appointments-page'),
  (m) => m.AppointmentsPage,
);
const AppointmentDetailPage = page(
  () => import('../features/appointments/appointment-detail-page'),
  (m) => m.AppointmentDetailPage,
);
const NotificationsPage = page(
  () => import('../features/notifications/notifications-page'),
  (m) => m.NotificationsPage,
);
const SettingsPage = page(
  () => import('../features/settings/settings-page'),
  (m) => m.SettingsPage,
);

/**
 * Two shells: public pages get Mantine with only the styles they use, staff pages get
 * everything. The loader and the error screen above them need neither.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullScreenLoader />}>
        <Routes>
          <Route element={<PublicShell />}>
            <Route path={paths.login} element={<LoginPage />} />
            <Route path={routePatterns.schedule} element={<SchedulePage />} />
            <Route path={routePatterns.subscribe} element={<SubscribePage />} />
            <Route path={routePatterns.subscribeWithEmail} element={<SubscribePage />} />
            <Route path={paths.chatSimulator} element={<ChatSimulatorPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route element={<StaffShell />}>
            <Route path={paths.home} element={<StaffLayout />}>
              <Route index element={<ChatsPage />} />
              <Route path={paths.dashboard} element={<ChatsPage />} />
              <Route path={routePatterns.chat} element={<ChatPage />} />
              <Route path={paths.employees} element={<EmployeesPage />} />
              <Route path={paths.employeeNew} element={<EmployeeFormPage />} />
              <Route path={routePatterns.employee} element={<EmployeeFormPage />} />
              <Route path={paths.clients} element={<ClientsPage />} />
              <Route path={paths.clientNew} element={<ClientFormPage />} />
              <Route path={routePatterns.clientEdit} element={<ClientFormPage />} />
              <Route path={routePatterns.client} element={<ClientDetailPage />} />
              <Route path={paths.subscriptions} element={<SubscriptionsPage />} />
              <Route path={paths.subscriptionNew} element={<SubscriptionNewPage />} />
              <Route path={routePatterns.subscription} element={<SubscriptionDetailPage />} />
              <Route path={paths.appointments} element={<AppointmentsPage />} />
              <Route path={routePatterns.appointment} element={<AppointmentDetailPage />} />
              <Route path={paths.notifications} element={<NotificationsPage />} />
              <Route path={paths.settings} element={<SettingsPage />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
