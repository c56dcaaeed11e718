import {
  AppShell,
  Avatar,
  Box,
  Burger,
  Center,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useDocumentTitle, useHotkeys } from '@mantine/hooks';
import {
  IconAddressBook,
  IconBell,
  IconCalendarEvent,
  IconChartBar,
  IconChevronRight,
  IconCreditCard,
  IconId,
  IconListDetails,
  IconMessageCircle,
  IconMessages,
  IconSettings,
} from '@tabler/icons-react';
import { type ComponentType, Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link';
import { appointmentKeys } from '../features/appointments/api';
import { useSession } from '../features/auth/api';
import { useWaitingChats, useWaitingEvents } from '../features/chats/api';
import { WaitingBadge, WaitingHeaderLink } from '../features/chats/components/waiting-badge';
import { useHandoffAlerts } from '../features/chats/handoff-alerts';
import { notificationKeys, useUnreadCount } from '../features/notifications/api';
import { UnreadBadge } from '../features/notifications/components/unread-badge';
import { packKeys } from '../features/packs/api';
import { useCompany } from '../features/settings/api';
import { initials } from '../lib/format';
import { documentTitle, staffPageName, useSpecificPageName } from '../lib/page-title';
import { paths } from '../lib/paths';
import { type RealtimeInvalidations, useRealtime } from '../lib/realtime';
import { CommandPalette, type PaletteLink } from './command-palette';
import { RequireAuth } from './require-auth';
import { ShortcutsDialog } from './shortcuts-dialog';

type NavItem = {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Path prefixes (besides `to`) that belong to this section. */
  matches: string[];
};

const NAV_ITEMS: NavItem[] = [
  { label: 'Chats', to: paths.home, icon: IconMessages, matches: [paths.dashboard, '/chat/'] },
  { label: 'Employees', to: paths.employees, icon: IconId, matches: ['/employee/'] },
  { label: 'Services', to: paths.services, icon: IconListDetails, matches: ['/services/'] },
  { label: 'Clients', to: paths.clients, icon: IconAddressBook, matches: ['/clients/'] },
  { label: 'Subscriptions', to: paths.subscriptions, icon: IconCreditCard, matches: ['/subscriptions/'] },
  { label: 'Notifications', to: paths.notifications, icon: IconBell, matches: [] },
  { label: 'Appointments', to: paths.appointments, icon: IconCalendarEvent, matches: ['/appointments/'] },
  { label: 'Insights', to: paths.insights, icon: IconChartBar, matches: [] },
];

// Which chats wait for a person is refetched only on the events that may change it (useWaitingEvents).
const REALTIME: RealtimeInvalidations = {
  'notifications.changed': [notificationKeys.all],
  // A booking or a cancellation may use or give back a pack session.
  'appointments.changed': [appointmentKeys.all, packKeys.all],
  'clients.changed': [packKeys.all],
};

const PALETTE_PAGES: PaletteLink[] = [
  ...NAV_ITEMS.map(({ label, to, icon }) => ({ label, to, icon })),
  { label: 'Settings', to: paths.settings, icon: IconSettings },
];

function isActive(item: NavItem, pathname: string): boolean {
  return (
    pathname === item.to || item.matches.some((prefix) => pathname.startsWith(prefix) || pathname === prefix)
  );
}

export function StaffLayout() {
  return (
    <RequireAuth>
      <StaffShell />
    </RequireAuth>
  );
}

function StaffShell() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const company = useCompany();
  const unread = useUnreadCount();
  const waiting = useWaitingChats();
  const companyName = company.data?.name?.trim() || 'Dashboard';
  const pageName = useSpecificPageName() ?? staffPageName(pathname);
  useDocumentTitle(
    documentTitle({ page: pageName, company: company.data?.name, waiting: waiting.data?.length ?? 0 }),
  );
  useRealtime(REALTIME);
  useWaitingEvents();
  useHandoffAlerts(waiting.data);
  const [shortcutsOpened, shortcuts] = useDisclosure(false);
  useHotkeys([
    // '?' is Shift+/ on most layouts; some type it without Shift.
    ['shift+?', shortcuts.open],
    ['?', shortcuts.open],
  ]);
  // The phone's navigation menu is not a dialog Mantine closes on Esc by itself.
  useHotkeys([['Escape', () => opened && close(), { preventDefault: false }]], []);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
      styles={{ main: { background: 'var(--app-color-canvas)' } }}
    >
      <SkipLink />
      <CommandPalette pages={PALETTE_PAGES} onShowShortcuts={shortcuts.open} />
      <ShortcutsDialog opened={shortcutsOpened} onClose={shortcuts.close} />
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
          <UnstyledButton component={Link} to={paths.home} aria-label={`${companyName} home`} miw={0}>
            <Group gap="sm" wrap="nowrap">
              {company.data?.logo ? (
                <Avatar src={company.data.logo} alt="" radius="md" size={34}>
                  <IconMessageCircle size={20} />
                </Avatar>
              ) : (
                <ThemeIcon
                  size={34}
                  radius="md"
                  variant="gradient"
                  gradient={{ from: 'brand.4', to: 'brand.8' }}
                >
                  <IconMessageCircle size={20} />
                </ThemeIcon>
              )}
              <Title order={1} fz={18} c="bright" lineClamp={1}>
                {companyName}
              </Title>
            </Group>
          </UnstyledButton>
          <Box ml="auto" hiddenFrom="sm" style={{ flexShrink: 0 }}>
            <WaitingHeaderLink count={waiting.data?.length} />
          </Box>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <AppShell.Section grow component={ScrollArea} scrollbars="y">
          <Stack gap={4} component="nav">
            {NAV_ITEMS.map((item) => (
              <NavLink
                key={item.label}
                component={Link}
                to={item.to}
                label={item.label}
                active={isActive(item, pathname)}
                aria-current={isActive(item, pathname) ? 'page' : undefined}
                leftSection={<item.icon size={20} stroke={1.7} />}
                rightSection={
                  item.to === paths.notifications ? (
                    <UnreadBadge count={unread.data} />
                  ) : item.to === paths.home ? (
                    <WaitingBadge count={waiting.data?.length} />
                  ) : null
                }
                onClick={close}
                variant="light"
                fw={500}
                styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--app-color-border)' }}>
          <AccountLink
            active={pathname === paths.settings || pathname.startsWith(`${paths.settings}/`)}
            onNavigate={close}
          />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {/* A page's chunk loading on first visit keeps the shell and shows a loader in its place. */}
        <Suspense
          fallback={
            <Center py="xl" role="status" aria-label="Loading">
              <Loader />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

function AccountLink({ active, onNavigate }: { active: boolean; onNavigate: () => void }) {
  const user = useSession().data?.user;
  const name = user?.name || user?.username || 'Account';
  const secondary = user?.email || (user?.username ? `@${user.username}` : '');

  return (
    <NavLink
      component={Link}
      to={paths.settings}
      onClick={onNavigate}
      active={active}
      aria-current={active ? 'page' : undefined}
      variant="light"
      // Mantine fades an active link's description to 90%: its two lines would fall under 4.5:1.
      styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, description: { opacity: 1 } }}
      leftSection={
        <Avatar color="brand" radius="xl" size={38}>
          {initials(name)}
        </Avatar>
      }
      rightSection={<IconChevronRight size={16} />}
      label={
        <Text size="sm" fw={600} truncate="end">
          {name}
        </Text>
      }
      description={
        <Stack gap={0}>
          {secondary ? (
            <Text size="xs" c="dimmed" truncate="end">
              {secondary}
            </Text>
          ) : null}
          <Text size="xs" c="var(--app-color-accent-text)" fw={500}>
            View settings
          </Text>
        </Stack>
      }
    />
  );
}
