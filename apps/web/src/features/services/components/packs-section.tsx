import { PACK_LIMITS, PACK_MESSAGES, type Pack, type PackForm } from '@chatdesk/contract/packs';
import type { Service } from '@chatdesk/contract/services';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArchive, IconPackage, IconPencil, IconPlus, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryState } from '../../../components/query-state';
import { ListCard, ResponsiveTable, WrapAnywhere } from '../../../components/responsive-table';
import { RowActions } from '../../../components/row-actions';
import { formatServicePrice } from '../../../lib/format';
import { refusalText } from '../../../lib/mutation-feedback';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes';
import { type PackAction, usePackAction, usePacks, useSavePack } from '../../packs/api';
import { currencySymbol, parsePrice, priceInputOf } from '../service-form';

/** '10 sessions', '1 session'. */
export const sessionsLabel = (count: number) => (count === 1 ? '1 session' : `${count} sessions`);
/** '90 days', '1 day'. */
const daysLabel = (count: number) => (count === 1 ? '1 day' : `${count} days`);

type Editing = { pack: Pack | null } | null;

/**
 * The packs of sessions on sale, beside the services they are for: staff add, edit, archive and
 * restore them here and sell them on a client's page.
 */
export function PacksSection({ services, showArchived }: { services: Service[]; showArchived: boolean }) {
  const packs = usePacks({ archived: showArchived });
  const act = usePackAction();
  const [editing, setEditing] = useState<Editing>(null);
  const [pending, setPending] = useState<{ action: PackAction; pack: Pack } | null>(null);

  const closeAction = () => {
    if (act.isPending) return;
    act.reset();
    setPending(null);
  };

  return (
    <Card p={0} component="section" aria-labelledby="packs-title">
      <Group justify="space-between" p="md" wrap="wrap" gap="sm">
        <div>
          <Title order={2} fz="lg" id="packs-title">
            Packs
          </Title>
          <Text size="sm" c="dimmed">
            Sessions of a service sold together, used one by one when the client books.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ pack: null })}>
          Add Pack
        </Button>
      </Group>
      <QueryState query={packs} loadingLabel="Loading packs" errorTitle="Failed to load packs">
        {(data) =>
          data.length === 0 ? (
            <EmptyState
              icon={<IconPackage size={28} />}
              title="No packs yet"
              description="Sell 5 or 10 sessions of a service at once, used one by one as the client books."
            />
          ) : (
            <ResponsiveTable
              label="Packs"
              items={data}
              itemKey={(pack) => pack.id}
              columns={[
                'Name',
                'Service',
                'Sessions',
                'Price',
                'Valid for',
                { label: 'Actions', align: 'right' },
              ]}
              minWidth={720}
              highlightOnHover={false}
              row={(pack) => (
                <Table.Tr>
                  <Table.Td>
                    <WrapAnywhere maw={320}>
                      <PackName pack={pack} />
                    </WrapAnywhere>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{pack.serviceName}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{sessionsLabel(pack.sessions)}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatServicePrice(pack.priceAmount, pack.currency)}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{daysLabel(pack.validityDays)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <PackActions
                      pack={pack}
                      onEdit={() => setEditing({ pack })}
                      onAct={(action) => setPending({ action, pack })}
                    />
                  </Table.Td>
                </Table.Tr>
              )}
              card={(pack) => (
                <ListCard>
                  <PackName pack={pack} />
                  <Text size="sm" mt="xs">
                    {pack.serviceName} · {sessionsLabel(pack.sessions)}
                  </Text>
                  <Group justify="space-between" align="center" mt={4} wrap="nowrap">
                    <Text size="sm" c="dimmed">
                      {formatServicePrice(pack.priceAmount, pack.currency)} · valid{' '}
                      {daysLabel(pack.validityDays)}
                    </Text>
                    <PackActions
                      pack={pack}
                      onEdit={() => setEditing({ pack })}
                      onAct={(action) => setPending({ action, pack })}
                    />
                  </Group>
                </ListCard>
              )}
            />
          )
        }
      </QueryState>

      <PackFormModal editing={editing} services={services} onClose={() => setEditing(null)} />

      <Modal
        opened={pending !== null}
        onClose={closeAction}
        title={pending?.action === 'archive' ? 'Archive Pack' : 'Restore Pack'}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">
            {pending?.action === 'archive' ? (
              <>
                Archive <strong>{pending.pack.name}</strong>? It is no longer sold. Clients who bought it keep
                their sessions until it expires.
              </>
            ) : (
              <>
                Restore <strong>{pending?.pack.name}</strong>? It can be sold again.
              </>
            )}
          </Text>
          <ErrorAlert>{act.isError ? refusalText(act.error, 'Failed to change the pack') : null}</ErrorAlert>
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={closeAction} disabled={act.isPending}>
            Cancel
          </Button>
          <Button
            color={pending?.action === 'archive' ? 'red' : undefined}
            loading={act.isPending}
            leftSection={
              pending?.action === 'archive' ? <IconArchive size={16} /> : <IconRestore size={16} />
            }
            onClick={() =>
              pending &&
              act.mutate(
                { action: pending.action, id: pending.pack.id },
                { onSuccess: () => setPending(null) },
              )
            }
          >
            {pending?.action === 'archive' ? 'Archive' : 'Restore'}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

function PackName({ pack }: { pack: Pack }) {
  const archived = pack.archivedAt !== null;
  return (
    <Group gap="xs" wrap="wrap">
      <Text fw={600} size="sm" c={archived ? 'dimmed' : 'bright'}>
        {pack.name}
      </Text>
      {archived ? (
        <Badge variant="light" color="gray" size="sm">
          Archived
        </Badge>
      ) : null}
    </Group>
  );
}

function PackActions({
  pack,
  onEdit,
  onAct,
}: {
  pack: Pack;
  onEdit: () => void;
  onAct: (action: PackAction) => void;
}) {
  const archived = pack.archivedAt !== null;
  return (
    <RowActions
      actions={[
        { label: `Edit ${pack.name}`, tooltip: 'Edit', icon: <IconPencil size={18} />, onClick: onEdit },
        archived
          ? {
              label: `Restore ${pack.name}`,
              tooltip: 'Restore',
              icon: <IconRestore size={18} />,
              onClick: () => onAct('restore'),
            }
          : {
              label: `Archive ${pack.name}`,
              tooltip: 'Archive',
              icon: <IconArchive size={18} />,
              color: 'red',
              onClick: () => onAct('archive'),
            },
      ]}
    />
  );
}

type PackFormValues = {
  serviceId: string | null;
  name: string;
  sessions: number | string;
  price: string;
  validityDays: number | string;
};

const emptyValues: PackFormValues = { serviceId: null, name: '', sessions: 10, price: '', validityDays: 90 };

const valuesOf = (pack: Pack): PackFormValues => ({
  serviceId: pack.serviceId,
  name: pack.name,
  sessions: pack.sessions,
  price: priceInputOf(pack.priceAmount),
  validityDays: pack.validityDays,
});

const wholeIn = (value: number | string, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Adding or editing a pack, in a dialog over the list; each opening starts a fresh form. */
function PackFormModal({
  editing,
  services,
  onClose,
}: {
  editing: Editing;
  services: Service[];
  onClose: () => void;
}) {
  const save = useSavePack();
  const close = () => {
    if (save.isPending) return;
    save.reset();
    onClose();
  };
  return (
    <Modal
      opened={editing !== null}
      onClose={close}
      title={editing?.pack ? 'Edit Pack' : 'Add Pack'}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {editing ? (
        <PackFormBody
          key={editing.pack?.id ?? 'new'}
          pack={editing.pack}
          services={services}
          save={save}
          onClose={close}
          onSaved={onClose}
        />
      ) : null}
    </Modal>
  );
}

function PackFormBody({
  pack,
  services,
  save,
  onClose,
  onSaved,
}: {
  pack: Pack | null;
  services: Service[];
  save: ReturnType<typeof useSavePack>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useForm<PackFormValues>({
    mode: 'controlled',
    initialValues: pack ? valuesOf(pack) : emptyValues,
    validate: {
      serviceId: (value) => (value ? null : PACK_MESSAGES.serviceRequired),
      name: (value) =>
        value.trim() === ''
          ? PACK_MESSAGES.nameRequired
          : value.trim().length > PACK_LIMITS.nameMax
            ? PACK_MESSAGES.nameTooLong
            : null,
      sessions: (value) =>
        wholeIn(value, PACK_LIMITS.sessionsMin, PACK_LIMITS.sessionsMax)
          ? null
          : PACK_MESSAGES.sessionsInvalid,
      price: (value) => (parsePrice(value) === null ? PACK_MESSAGES.priceInvalid : null),
      validityDays: (value) =>
        wholeIn(value, PACK_LIMITS.validityMinDays, PACK_LIMITS.validityMaxDays)
          ? null
          : PACK_MESSAGES.validityInvalid,
    },
  });
  useUnsavedChangesGuard(form.isDirty() && !save.isPending);

  const service = services.find((s) => s.id === form.values.serviceId);
  const offered = services.filter((s) => s.archivedAt === null || s.id === pack?.serviceId);

  const submit = form.onSubmit((values) => {
    save.reset();
    const body: PackForm = {
      serviceId: values.serviceId ?? '',
      name: values.name.trim(),
      sessions: Number(values.sessions),
      priceAmount: parsePrice(values.price) ?? 0,
      validityDays: Number(values.validityDays),
    };
    save.mutate({ id: pack?.id, body }, { onSuccess: onSaved });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={pack ? 'Edit pack' : 'Add pack'}>
      <Stack gap="md">
        <Select
          label="Service"
          placeholder="Choose a service"
          searchable
          withAsterisk
          allowDeselect={false}
          checkIconPosition="right"
          comboboxProps={{ shadow: 'md' }}
          data={offered.map((s) => ({ value: s.id, label: s.name }))}
          key={form.key('serviceId')}
          {...form.getInputProps('serviceId')}
        />
        <TextInput
          label="Name"
          withAsterisk
          placeholder="e.g. 10 sessions"
          maxLength={PACK_LIMITS.nameMax}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label="Sessions"
            withAsterisk
            min={PACK_LIMITS.sessionsMin}
            max={PACK_LIMITS.sessionsMax}
            allowDecimal={false}
            key={form.key('sessions')}
            {...form.getInputProps('sessions')}
          />
          <TextInput
            label="Price"
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            leftSection={<Text c="dimmed">{currencySymbol(service?.currency ?? 'eur')}</Text>}
            key={form.key('price')}
            {...form.getInputProps('price')}
          />
          <NumberInput
            label="Valid for (days)"
            withAsterisk
            min={PACK_LIMITS.validityMinDays}
            max={PACK_LIMITS.validityMaxDays}
            allowDecimal={false}
            key={form.key('validityDays')}
            {...form.getInputProps('validityDays')}
          />
        </SimpleGrid>
        <ErrorAlert>{save.isError ? refusalText(save.error, 'Failed to save the pack') : null}</ErrorAlert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {pack ? 'Save Pack' : 'Add Pack'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
