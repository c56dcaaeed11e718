import { Box, Tabs, useMatches } from '@mantine/core';
import {
  IconBuildingStore,
  IconCalendarCog,
  IconCalendarOff,
  IconListCheck,
  IconMessageBolt,
  IconRobot,
  IconSchool,
  IconShieldLock,
  IconUser,
  IconWorld,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../lib/paths';
import { AssistantSettings } from './components/assistant-settings';
import { BookingSettingsCard } from './components/booking-settings';
import { CannedRepliesSettings } from './components/canned-replies-settings';
import { ClosedDaysSettings } from './components/closed-days-settings';
import { CompanySettings } from './components/company-settings';
import { LessonsSettings } from './components/lessons-settings';
import { PrivacyRequestsSettings } from './components/privacy-requests-settings';
import { TestSetSettings } from './components/test-set-settings';
import { UserSettings } from './components/user-settings';
import { WebChatSettingsCard } from './components/web-chat-settings';

type Section = { value: string; label: string; icon: ReactNode; content: () => ReactNode };

// Each section is its own address and fits a laptop's screen; Company Settings, the default, is /settings.
const SECTIONS: Section[] = [
  { value: 'user', label: 'User Settings', icon: <IconUser size={16} />, content: () => <UserSettings /> },
  {
    value: 'company',
    label: 'Company Settings',
    icon: <IconBuildingStore size={16} />,
    content: () => <CompanySettings />,
  },
  {
    value: 'assistant',
    label: 'Assistant',
    icon: <IconRobot size={16} />,
    content: () => <AssistantSettings />,
  },
  {
    value: 'lessons',
    label: 'Assistant Lessons',
    icon: <IconSchool size={16} />,
    content: () => <LessonsSettings />,
  },
  {
    value: 'test-set',
    label: 'Test Set',
    icon: <IconListCheck size={16} />,
    content: () => <TestSetSettings />,
  },
  {
    value: 'bookings',
    label: 'Bookings',
    icon: <IconCalendarCog size={16} />,
    content: () => <BookingSettingsCard />,
  },
  {
    value: 'closed-days',
    label: 'Closed Days',
    icon: <IconCalendarOff size={16} />,
    content: () => <ClosedDaysSettings />,
  },
  {
    value: 'canned-replies',
    label: 'Canned Replies',
    icon: <IconMessageBolt size={16} />,
    content: () => <CannedRepliesSettings />,
  },
  {
    value: 'web-chat',
    label: 'Web chat',
    icon: <IconWorld size={16} />,
    content: () => <WebChatSettingsCard />,
  },
  {
    value: 'privacy',
    label: 'Privacy Requests',
    icon: <IconShieldLock size={16} />,
    content: () => <PrivacyRequestsSettings />,
  },
];

/** Where the tabs of the one-page Settings (`?tab=user`, `?tab=canned`) are now. */
const OLD_TABS: Record<string, string> = { user: 'user', company: 'company', canned: 'canned-replies' };

export function SettingsPage() {
  const { section: requested } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // A side list beside the section on a laptop; on a phone the sections wrap above it as pills.
  const vertical = useMatches({ base: false, md: true });

  const oldTab = searchParams.get('tab');
  if (oldTab && OLD_TABS[oldTab]) return <Navigate to={paths.settingsSection(OLD_TABS[oldTab])} replace />;
  const section = SECTIONS.find((candidate) => candidate.value === (requested ?? 'company'));
  // `/settings/company` and unknown sections land on the default, under its one address.
  if (!section || requested === 'company') return <Navigate to={paths.settings} replace />;

  return (
    <Box maw={1120}>
      <PageHeader title="Settings" description="Manage your account and how your company is presented." />
      <Tabs
        value={section.value}
        // A section is a page: leaving one with unsaved changes asks first (lib/unsaved-changes.ts).
        onChange={(value) => value && void navigate(paths.settingsSection(value))}
        orientation={vertical ? 'vertical' : 'horizontal'}
        variant={vertical ? 'default' : 'pills'}
        keepMounted={false}
        // A list reads from the left; Mantine centres each tab's label.
        styles={{ tabLabel: { textAlign: 'start' } }}
      >
        <Tabs.List
          mb={vertical ? undefined : 'lg'}
          w={vertical ? 210 : undefined}
          style={{ alignSelf: 'flex-start', flexShrink: 0, gap: vertical ? undefined : 4 }}
        >
          {SECTIONS.map(({ value, label, icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={icon}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {SECTIONS.map(({ value, content }) => (
          <Tabs.Panel key={value} value={value} pl={vertical ? 'lg' : undefined} miw={0}>
            {content()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Box>
  );
}
