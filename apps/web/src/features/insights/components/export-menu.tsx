import type { InsightsQuery } from '@chatdesk/contract/insights';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { apiDownload } from '../../../lib/api-client';

const TABLES = [
  { table: 'conversations', label: 'Conversations (one row each)' },
  { table: 'appointments', label: 'Appointments booked (one row each)' },
] as const;

/** The period's conversations or appointments as a CSV file, for a spreadsheet. */
export function ExportMenu({ query }: { query: InsightsQuery | null }) {
  const [busy, setBusy] = useState(false);
  const download = async (table: (typeof TABLES)[number]['table']) => {
    if (!query) return;
    setBusy(true);
    try {
      await apiDownload(`/insights/export/${table}`, query);
    } catch (error) {
      notifications.show({
        color: 'red',
        icon: <IconAlertCircle size={18} />,
        message: `Export failed: ${error instanceof Error ? error.message : 'try again'}`,
        autoClose: 6000,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={busy}
          disabled={!query}
        >
          Export CSV
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>This period, as a spreadsheet</Menu.Label>
        {TABLES.map(({ table, label }) => (
          <Menu.Item key={table} onClick={() => void download(table)}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
