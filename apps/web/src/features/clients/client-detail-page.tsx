import type { ClientDetail } from '@chatdesk/contract/clients';
import { Avatar, Box, Button, Card, Group, Menu, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconCalendarEvent,
  IconCalendarPlus,
  IconChevronDown,
  IconCreditCard,
  IconDownload,
  IconEraser,
  IconId,
  IconMessageCircle,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { backTo, type FromList } from '../../lib/back-to';
import { initials } from '../../lib/format';
import { usePageName } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { useClient, useDeleteClient, useEraseClient, useExportClient } from './api';
import { ClientAppointments } from './components/client-appointments';
import { ClientBilling } from './components/client-billing';
import { ClientInfo } from './components/client-info';
import { ClientPacks } from './components/client-packs';
import { ClientQueryState } from './components/client-query-state';
import { ClientStatusBadge } from './components/client-status-badge';
import { DeleteClientModal } from './components/delete-client-modal';
import { EraseClientModal } from './components/erase-client-modal';

const TABS = ['details', 'appointments', 'billing'] as const;
type Tab = (typeof TABS)[number];

export function ClientDetailPage() {
  const { id = '' } = useParams();
  const client = useClient(id);
  usePageName(client.data ? `Client: ${client.data.name}` : undefined);
  const list = backTo(useLocation().state, paths.clients);

  return (
    <Box maw={1000}>
      <BackLink to={list}>Back to Clients</BackLink>
      <ClientQueryState query={client}>
        {(data) => <ClientDetailView client={data} list={list} />}
      </ClientQueryState>
    </Box>
  );
}

/** `list`: the clients list this one was opened from, where a deletion returns and Edit comes back to. */
function ClientDetailView({ client, list }: { client: ClientDetail; list: string }) {
  const navigate = useNavigate();
  const { state } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const remove = useDeleteClient();
  const [deleting, setDeleting] = useState(false);
  const exportData = useExportClient(client.id);
  const erase = useEraseClient();
  const [erasing, setErasing] = useState(false);
  const tabParam = searchParams.get('tab');
  const tab: Tab = TABS.includes(tabParam as Tab) ? (tabParam as Tab) : 'details';

  // The router state goes along, or a change of tab would forget the list Back returns to.
  const changeTab = (value: string | null) =>
    setSearchParams(value && value !== 'details' ? { tab: value } : {}, { replace: true, state });

  const closeErase = () => {
    if (erase.isPending) return;
    erase.reset();
    setErasing(false);
  };

  const confirmErase = (typedName: string) =>
    erase.mutate(
      { id: client.id, confirm: typedName },
      {
        onSuccess: (result) => {
          // The erasure committed; only the payment provider's copy is left for staff to remove.
          if (result.providerMessage)
            notifications.show({
              color: 'red',
              icon: <IconAlertCircle size={18} />,
              message: result.providerMessage,
              autoClose: false,
            });
          void navigate(list);
        },
      },
    );

  const closeDelete = () => {
    if (remove.isPending) return;
    remove.reset();
    setDeleting(false);
  };

  return (
    <Stack gap="lg">
      <Card p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="center" gap="md" wrap="wrap">
          <Group gap="md" wrap="nowrap" miw={0}>
            <Avatar color="brand" radius="xl" size={52}>
              {initials(client.name)}
            </Avatar>
            <Stack gap={4} miw={0}>
              <Group gap="sm" wrap="wrap">
                <Title order={2} style={{ overflowWrap: 'anywhere' }}>
                  {client.name}
                </Title>
                <ClientStatusBadge status={client.status} size="lg" />
              </Group>
              <Text c="dimmed" size="sm">
                {[client.phone, client.email].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs" wrap="wrap">
            {client.chatId ? (
              <Button
                component={Link}
                to={paths.chat(client.chatId)}
                variant="light"
                leftSection={<IconMessageCircle size={16} />}
              >
                Open chat
              </Button>
            ) : null}
            <Button
              component={Link}
              to={paths.appointmentNew(client.id)}
              variant="light"
              leftSection={<IconCalendarPlus size={16} />}
            >
              New appointment
            </Button>
            <Button
              component={Link}
              to={paths.clientEdit(client.id)}
              state={{ backTo: list } satisfies FromList}
              variant="default"
              leftSection={<IconPencil size={16} />}
            >
              Edit
            </Button>
            <Menu position="bottom-end" shadow="md">
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  loading={exportData.isPending}
                >
                  Export data
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Everything held about this client</Menu.Label>
                <Menu.Item onClick={() => exportData.mutate('json')}>Download as JSON</Menu.Item>
                <Menu.Item onClick={() => exportData.mutate('html')}>
                  Download a readable copy (HTML)
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconEraser size={16} />}
              onClick={() => setErasing(true)}
            >
              Erase client
            </Button>
          </Group>
        </Group>
      </Card>

      <ClientPacks clientId={client.id} />

      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="details" leftSection={<IconId size={16} />}>
            Client Details
          </Tabs.Tab>
          <Tabs.Tab value="appointments" leftSection={<IconCalendarEvent size={16} />}>
            Appointments
          </Tabs.Tab>
          <Tabs.Tab value="billing" leftSection={<IconCreditCard size={16} />}>
            Payments & Subscriptions
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <ClientInfo client={client} />
        </Tabs.Panel>
        <Tabs.Panel value="appointments">
          <ClientAppointments appointments={client.appointments} />
        </Tabs.Panel>
        <Tabs.Panel value="billing">
          <ClientBilling client={client} />
        </Tabs.Panel>
      </Tabs>

      <EraseClientModal
        client={erasing ? client : null}
        busy={erase.isPending}
        error={erase.isError ? erase.error : null}
        onConfirm={confirmErase}
        onClose={closeErase}
      />
      <DeleteClientModal
        client={deleting ? client : null}
        busy={remove.isPending}
        error={remove.isError ? remove.error : null}
        onConfirm={() => remove.mutate(client.id, { onSuccess: () => void navigate(list) })}
        onClose={closeDelete}
      />
    </Stack>
  );
}
