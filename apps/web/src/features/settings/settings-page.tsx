import { Box, Tabs } from '@mantine/core';
import { IconBuildingStore, IconUser } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { CompanySettings } from './components/company-settings';
import { UserSettings } from './components/user-settings';

const TABS = ['user', 'company'] as const;
type SettingsTab = (typeof TABS)[number];

export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = TABS.find((value) => value === requested) ?? 'company';

  const changeTab = (value: string | null) =>
    setSearchParams(value === 'user' ? { tab: 'user' } : {}, { replace: true });

  return (
    <Box maw={960}>
      <PageHeader title="Settings" description="Manage your account and how your company is presented." />
      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="user" leftSection={<IconUser size={16} />}>
            User Settings
          </Tabs.Tab>
          <Tabs.Tab value="company" leftSection={<IconBuildingStore size={16} />}>
            Company Settings
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="user">
          <UserSettings />
        </Tabs.Panel>
        <Tabs.Panel value="company">
          <CompanySettings />
        </Tabs.Panel>
      </Tabs>
    </Box>
  );
}
