import {
  type ClientPack,
  PACK_MESSAGES,
  PACK_SALE_METHODS,
  type PackLedgerEntry,
  type PackPaymentMethod,
  type PackSaleMethod,
  proRataRefund,
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
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPackage, IconPlus, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatMinorMoney as formatMinor, formatServicePrice } from '../../../lib/format';
import { refusalText } from '../../../lib/mutation-feedback';
import { paths } from '../../../lib/paths';
import { currencySymbol, parsePrice, priceInputOf } from '../../../lib/price-input';
import { useClientPacks, usePackLedger, usePacks, useRefundPack, useSellPack } from '../../packs/api';

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
  const done = pack.expired || pack.sessionsLeft === 0 || pack.refundedAt !== null;
  const [showHistory, setShowHistory] = useState(false);
  const [refunding, setRefunding] = useState(false);
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
          {pack.refundedAt ? (
            <Badge color="orange" variant="light" style={{ flex: 'none' }}>
              Refunded
            </Badge>
          ) : pack.expired ? (
            <Badge color="gray" variant="light" style={{ flex: 'none' }}>
              Expired
            </Badge>
          ) : pack.sessionsLeft === 0 ? (
            <Badge color="gray" variant="light" style={{ flex: 'none' }}>
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
          {pack.refundedAt
            ? `Refunded ${formatDate(pack.refundedAt)}`
            : `${pack.expired ? 'Expired' : 'Expires'} ${formatDate(pack.expiresAt)}`}{' '}
          · Paid {formatServicePrice(pack.priceAmount, pack.currency)} (
          {METHOD_LABELS[pack.method].toLowerCase()})
        </Text>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={showHistory}
            aria-label={`${showHistory ? 'Hide' : 'Show'} history of ${pack.name}`}
            onClick={() => setShowHistory((open) => !open)}
          >
            {showHistory ? 'Hide history' : 'Show history'}
          </Button>
          {pack.refundedAt ? null : (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconReceiptRefund size={14} />}
              aria-label={`Refund ${pack.name}`}
              onClick={() => setRefunding(true)}
            >
              Refund
            </Button>
          )}
        </Group>
        {showHistory ? <PackHistory clientId={clientId} pack={pack} /> : null}
      </Stack>
      {refunding ? (
        <RefundPackModal clientId={clientId} pack={pack} onClose={() => setRefunding(false)} />
      ) : null}
    </Card>
  );
}

/**
 * Refunding a pack: the amount starts at the price pro rata of the sessions left and can be
 * changed (0 to the price); the button says what will go back.
 */
function RefundPackModal({
  clientId,
  pack,
  onClose,
}: {
  clientId: string;
  pack: ClientPack;
  onClose: () => void;
}) {
  const refund = useRefundPack(clientId);
  const suggested = proRataRefund(pack);
  const [amountText, setAmountText] = useState(priceInputOf(suggested));
  const [reason, setReason] = useState('');
  const [shownError, setShownError] = useState<string | null>(null);
  const amount = parsePrice(amountText);
  const amountError =
    amount === null
      ? PACK_MESSAGES.refundAmountInvalid
      : amount > pack.priceAmount
        ? PACK_MESSAGES.refundTooMuch
        : null;
  const money = (cents: number) => formatMinor(cents, pack.currency);

  const close = () => {
    if (refund.isPending) return;
    onClose();
  };

  return (
    <Modal
      opened
      onClose={close}
      title={`Refund ${pack.name}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        aria-label={`Refund ${pack.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          if (amount === null || amountError) {
            setShownError(amountError);
            return;
          }
          refund.mutate(
            { clientPackId: pack.id, amount, ...(reason.trim() ? { reason: reason.trim() } : {}) },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {balanceLabel(pack)} · paid {money(pack.priceAmount)} ({METHOD_LABELS[pack.method].toLowerCase()})
          </Text>
          <TextInput
            label="Amount to refund"
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            leftSection={<Text c="dimmed">{currencySymbol(pack.currency)}</Text>}
            description={`Pro rata of the sessions left: ${money(suggested)}. From ${money(0)} to ${money(pack.priceAmount)}.`}
            value={amountText}
            onChange={(event) => {
              setAmountText(event.currentTarget.value);
              setShownError(null);
              refund.reset();
            }}
            error={shownError}
          />
          <Textarea
            label="Reason"
            placeholder="Optional: why the client is refunded"
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Text size="sm" c="dimmed">
            {pack.method === 'online'
              ? 'The amount goes back to the card the client paid with.'
              : 'Hand the amount back to the client: the history records that you did.'}{' '}
            {pack.sessionsLeft > 0
              ? `The ${pack.sessionsLeft === 1 ? 'session left ends' : `${pack.sessionsLeft} sessions left end`} with the refund.`
              : ''}
          </Text>
          <ErrorAlert>
            {refund.isError
              ? refund.error instanceof ApiError && refund.error.serverMessage
                ? refund.error.serverMessage
                : refusalText(refund.error, 'Failed to refund the pack')
              : null}
          </ErrorAlert>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={refund.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={refund.isPending}>
              {amount !== null && !amountError ? `Refund ${money(amount)}` : 'Refund'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const ENTRY_WORDS: Record<PackLedgerEntry['kind'], string> = {
  sale: 'Sold',
  use: 'Used by a booking',
  return: 'Given back by a cancellation',
  expiry: 'Expired unused',
  refund: 'Refunded',
};

/** '€245.00 back, by Ana Ruiz: Moving to Bilbao'. */
const refundDetail = (entry: PackLedgerEntry) =>
  [
    `${formatMinor(-entry.amount, entry.currency)} back`,
    entry.employeeName ? `, by ${entry.employeeName}` : '',
    entry.reason ? `: ${entry.reason}` : '',
  ].join('');

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
                  {entry.kind === 'refund' ? (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {refundDetail(entry)}
                    </Text>
                  ) : null}
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
