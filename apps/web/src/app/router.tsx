import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { paths, routePatterns } from '../lib/paths';
import { RouteErrorBoundary } from './route-error-boundary';

// Declarative routes rather than a data router: the data router's code alone would be a fifth
// of what a visitor's phone may download for the public booking page.

type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => void };

/** A page in its own chunk, so a public page never downloads the staff app. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  return Object.assign(
    lazy(() => load().then((module) => ({ default: pick(module) }))),
    {
      // A failed download is reported when the page renders (the error boundary), not here.
      preload: () => void load().catch(() => {}),
    },
  );
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
const BookPage = page(
  () => import('../features/book/book-page'),
  (m) => m.BookPage,
);
const SubscribePage = page(
  () => import('../features/subscribe/subscribe-page'),
  (m) => m.SubscribePage,
);
const ManageBookingPage = page(
  () => import('../features/manage-booking/manage-booking-page'),
  (m) => m.ManageBookingPage,
);
const WaitlistOfferPage = page(
  () => import('../features/schedule/offer-page'),
  (m) => m.OfferPage,
);
const SimulatorRoute = page(
  () => import('./simulator-route'),
  (m) => m.SimulatorRoute,
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
const ServicesPage = page(
  () => import('../features/services/services-page'),
  (m) => m.ServicesPage,
);
const ServiceFormPage = page(
  () => import('../features/services/service-form-page'),
  (m) => m.ServiceFormPage,
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
const AppointmentNewPage = page(
  () => import('../features/appointments/appointment-new-page'),
  (m) => m.AppointmentNewPage,
);
const AppointmentDetailPage = page(
  () => import('../features/appointments/appointment-detail-page'),
  (m) => m.AppointmentDetailPage,
);
const InsightsPage = page(
  () => import('../features/insights/insights-page'),
  (m) => m.InsightsPage,
);
const NotificationsPage = page(
  () => import('../features/notifications/notifications-page'),
  (m) => m.NotificationsPage,
);
const SettingsPage = page(
  () => import('../features/settings/settings-page'),
  (m) => m.SettingsPage,
);

const publicRoutes: [pattern: string, Page: LazyPage][] = [
  [paths.login, LoginPage],
  [routePatterns.schedule, SchedulePage],
  [paths.book, BookPage],
  [routePatterns.subscribe, SubscribePage],
  [routePatterns.subscribeWithEmail, SubscribePage],
  [routePatterns.manageBooking, ManageBookingPage],
  [routePatterns.waitlistOffer, WaitlistOfferPage],
  ['*', NotFoundPage],
];

const staffRoutes: [pattern: string, Page: LazyPage][] = [
  [paths.home, ChatsPage],
  [paths.dashboard, ChatsPage],
  [routePatterns.chat, ChatPage],
  [paths.employees, EmployeesPage],
  [paths.employeeNew, EmployeeFormPage],
  [routePatterns.employee, EmployeeFormPage],
  [paths.services, ServicesPage],
  [paths.serviceNew, ServiceFormPage],
  [routePatterns.service, ServiceFormPage],
  [paths.clients, ClientsPage],
  [paths.clientNew, ClientFormPage],
  [routePatterns.clientEdit, ClientFormPage],
  [routePatterns.client, ClientDetailPage],
  [paths.subscriptions, SubscriptionsPage],
  [paths.subscriptionNew, SubscriptionNewPage],
  [routePatterns.subscription, SubscriptionDetailPage],
  [paths.appointments, AppointmentsPage],
  [routePatterns.appointmentNew, AppointmentNewPage],
  [routePatterns.appointment, AppointmentDetailPage],
  [paths.insights, InsightsPage],
  [paths.notifications, NotificationsPage],
  [paths.settings, SettingsPage],
  [routePatterns.settingsSection, SettingsPage],
];

/**
 * Starts downloading the shell, the layout and the page of the first address at once. Left to
 * rendering, a staff page would arrive only after its layout, which arrives only after its shell.
 */
export function preloadRoute(pathname: string) {
  if (matchPath(paths.chatSimulator, pathname)) {
    for (const chunk of [StaffShell, SimulatorRoute]) chunk.preload();
    return;
  }
  const staff = staffRoutes.find(([pattern]) => matchPath(pattern, pathname));
  if (staff) {
    for (const chunk of [StaffShell, StaffLayout, staff[1]]) chunk.preload();
    return;
  }
  const [, Page] = publicRoutes.find(([pattern]) => matchPath(pattern, pathname)) ?? ['*', NotFoundPage];
  for (const chunk of [PublicShell, Page]) chunk.preload();
}

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
            {publicRoutes.map(([pattern, Page]) => (
              <Route key={pattern} path={pattern} element={<Page />} />
            ))}
          </Route>
          <Route element={<StaffShell />}>
            <Route path={paths.chatSimulator} element={<SimulatorRoute />} />
            <Route path={paths.home} element={<StaffLayout />}>
              {staffRoutes.map(([pattern, Page]) =>
                pattern === paths.home ? (
                  <Route key={pattern} index element={<Page />} />
                ) : (
                  <Route key={pattern} path={pattern} element={<Page />} />
                ),
              )}
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
