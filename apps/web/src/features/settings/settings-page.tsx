import { Box, Tabs } from '@mantine/core';
import { IconBuildingStore, IconMessageBolt, IconUser } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { CannedRepliesSettings } from './components/canned-replies-settings';
import { CompanySettings } from './components/company-settings';
import { UserSettings } from './components/user-settings';

const TABS = ['user', 'company', 'canned'] as const;
type SettingsTab = (typeof TABS)[number];

export function SettingsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = TABS.find((value) => value === requested) ?? 'company';

  const changeTab = (value: string | null) =>
    // Company Settings is the default tab, so its address carries no parameter.
    setSearchParams(value && value !== 'company' ? { tab: value } : {}, { replace: true });

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
          <Tabs.Tab value="canned" leftSection={<IconMessageBolt size={16} />}>
            Canned Replies
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="user">
          <UserSettings />
        </Tabs.Panel>
        <Tabs.Panel value="company">
          <CompanySettings />
        </Tabs.Panel>
        <Tabs.Panel value="canned">
          <CannedRepliesSettings />
        </Tabs.Panel>
      </Tabs>
    </Box>
  );
}
