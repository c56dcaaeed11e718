import {
  type ClientPack,
  PACK_SALE_METHODS,
  type PackLedgerEntry,
  type PackPaymentMethod,
  type PackSaleMethod,
} from '@chatdesk/contract/packs';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPackage, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryState } from '../../../components/query-state';
import { formatDate, formatServicePrice } from '../../../lib/format';
import { refusalText } from '../../../lib/mutation-feedback';
import { paths } from '../../../lib/paths';
import { useClientPacks, usePackLedger, usePacks, useSellPack } from '../../packs/api';

/** '9 of 10 sessions left'. */
export const balanceLabel = (pack: Pick<ClientPack, 'sessionsLeft' | 'sessionsTotal'>) =>
  `${pack.sessionsLeft} of ${pack.sessionsTotal} ${pack.sessionsTotal === 1 ? 'session' : 'sessions'} left`;

const METHOD_LABELS: Record<PackPaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  online: 'Paid online',
};

/** The client's packs: what is left of each and until when, and selling them another. */
export function ClientPacks({ clientId }: { clientId: string }) {
  const packs = useClientPacks(clientId);
  const [selling, setSelling] = useState(false);
  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="client-packs-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={3} fz="lg" id="client-packs-title">
            Packs
          </Title>
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setSelling(true)}>
            Sell pack
          </Button>
        </Group>
        <QueryState query={packs} loadingLabel="Loading packs" errorTitle="Failed to load packs">
          {(data) =>
            data.length === 0 ? (
              <EmptyState icon={<IconPackage size={28} />} title="No packs yet" />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {data.map((pack) => (
                  <PackBalance key={pack.id} clientId={clientId} pack={pack} />
                ))}
              </SimpleGrid>
            )
          }
        </QueryState>
      </Stack>
      <SellPackModal clientId={clientId} opened={selling} onClose={() => setSelling(false)} />
    </Card>
  );
}

function PackBalance({ clientId, pack }: { clientId: string; pack: ClientPack }) {
  const done = pack.expired || pack.sessionsLeft === 0;
  const [showHistory, setShowHistory] = useState(false);
  return (
    <Card withBorder p="md" aria-label={pack.name} component="article">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {pack.name}
            </Text>
            <Text size="sm" c="dimmed">
              {pack.serviceName}
            </Text>
          </Stack>
          {pack.expired ? (
            <Badge color="gray" variant="light">
              Expired
            </Badge>
          ) : pack.sessionsLeft === 0 ? (
            <Badge color="gray" variant="light">
              Used up
            </Badge>
          ) : null}
        </Group>
        <Text fw={600} data-testid="pack-balance">
          {balanceLabel(pack)}
        </Text>
        <Progress
          value={(pack.sessionsLeft / pack.sessionsTotal) * 100}
          color={done ? 'gray' : 'brand'}
          aria-label={`${pack.name}: ${balanceLabel(pack)}`}
        />
        <Text size="sm" c="dimmed">
          {pack.expired ? 'Expired' : 'Expires'} {formatDate(pack.expiresAt)} · Paid{' '}
          {formatServicePrice(pack.priceAmount, pack.currency)} ({METHOD_LABELS[pack.method].toLowerCase()})
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          aria-expanded={showHistory}
          aria-label={`${showHistory ? 'Hide' : 'Show'} history of ${pack.name}`}
          onClick={() => setShowHistory((open) => !open)}
        >
          {showHistory ? 'Hide history' : 'Show history'}
        </Button>
        {showHistory ? <PackHistory clientId={clientId} pack={pack} /> : null}
      </Stack>
    </Card>
  );
}

const ENTRY_WORDS: Record<PackLedgerEntry['kind'], string> = {
  sale: 'Sold',
  use: 'Used by a booking',
  return: 'Given back by a cancellation',
  expiry: 'Expired unused',
  refund: 'Refunded',
};

/** The pack's ledger: every movement of its sessions, oldest first; the balance is their sum. */
function PackHistory({ clientId, pack }: { clientId: string; pack: ClientPack }) {
  const ledger = usePackLedger(clientId, pack.id, true);
  return (
    <QueryState query={ledger} loadingLabel="Loading history" errorTitle="Failed to load the history">
      {(data) => (
        <Table fz="sm" verticalSpacing={4} aria-label={`History of ${pack.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th ta="right">Sessions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.entries.map((entry) => (
              <Table.Tr key={`${entry.at}-${entry.kind}-${entry.appointmentId ?? ''}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(entry.at)}</Table.Td>
                <Table.Td>
                  {entry.appointmentId ? (
                    <Anchor component={Link} to={paths.appointment(entry.appointmentId)} size="sm">
                      {ENTRY_WORDS[entry.kind]}
                    </Anchor>
                  ) : (
                    ENTRY_WORDS[entry.kind]
                  )}
                </Table.Td>
                <Table.Td ta="right">{entry.sessions > 0 ? `+${entry.sessions}` : entry.sessions}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryState>
  );
}

function SellPackModal({
  clientId,
  opened,
  onClose,
}: {
  clientId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const packs = usePacks();
  const sell = useSellPack(clientId);
  const [packId, setPackId] = useState<string | null>(null);
  const [method, setMethod] = useState<PackSaleMethod>('cash');
  const [missing, setMissing] = useState(false);

  const close = () => {
    if (sell.isPending) return;
    sell.reset();
    setPackId(null);
    setMissing(false);
    onClose();
  };

  const chosen = packs.data?.find((pack) => pack.id === packId);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Sell pack"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        aria-label="Sell pack"
        onSubmit={(event) => {
          event.preventDefault();
          if (!packId) {
            setMissing(true);
            return;
          }
          sell.mutate({ packId, method }, { onSuccess: close });
        }}
      >
        <Stack gap="md">
          <Select
            label="Pack"
            searchable
            placeholder={packs.isPending ? 'Loading…' : 'Choose a pack'}
            withAsterisk
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ shadow: 'md' }}
            nothingFoundMessage="No packs on sale: add one on the Services page"
            data={(packs.data ?? []).map((pack) => ({
              value: pack.id,
              label: `${pack.name} · ${pack.serviceName} · ${formatServicePrice(pack.priceAmount, pack.currency)}`,
            }))}
            value={packId}
            onChange={(value) => {
              setPackId(value);
              setMissing(false);
              sell.reset();
            }}
            error={missing ? 'Choose a pack' : packs.isError ? 'Failed to load the packs' : undefined}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="sell-pack-method">
              Paid
            </Text>
            <SegmentedControl
              aria-labelledby="sell-pack-method"
              value={method}
              onChange={(value) => setMethod(value as PackSaleMethod)}
              data={PACK_SALE_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] }))}
            />
          </Stack>
          {chosen ? (
            <Text size="sm" c="dimmed">
              {chosen.sessions} sessions of {chosen.serviceName}, valid {chosen.validityDays} days from today.
            </Text>
          ) : null}
          <ErrorAlert>{sell.isError ? refusalText(sell.error, 'Failed to sell the pack') : null}</ErrorAlert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={sell.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={sell.isPending}>
              Sell pack
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
