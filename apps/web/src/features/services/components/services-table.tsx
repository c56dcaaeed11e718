import { formatDuration } from '@chatdesk/contract/schedule-rules';
import type { Service } from '@chatdesk/contract/services';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconArchive, IconRestore, IconStar } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { ListCard, ResponsiveTable, WrapAnywhere } from '../../../components/responsive-table';
import { editAction, RowActions } from '../../../components/row-actions';
import { fromList } from '../../../lib/back-to';
import { formatServicePrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';

type ServicesTableProps = {
  services: Service[];
  /** While one change runs, the others wait. */
  busy: boolean;
  onArchive: (service: Service) => void;
  onRestore: (service: Service) => void;
  onMakeDefault: (service: Service) => void;
};

type ServiceItemProps = Omit<ServicesTableProps, 'services'> & { service: Service };

export function ServicesTable({ services, ...actions }: ServicesTableProps) {
  return (
    <ResponsiveTable
      label="Services"
      items={services}
      itemKey={(service) => service.id}
      columns={['Name', 'Length', 'Price', 'Professionals', { label: 'Actions', align: 'right' }]}
      minWidth={720}
      highlightOnHover={false}
      row={(service) => <ServiceRow service={service} {...actions} />}
      card={(service) => <ServiceCard service={service} {...actions} />}
    />
  );
}

export function professionalsLabel(count: number): string {
  if (count === 0) return 'No one yet';
  return count === 1 ? '1 professional' : `${count} professionals`;
}

function NameCell({ service }: { service: Service }) {
  const list = fromList(useLocation());
  const archived = service.archivedAt !== null;
  return (
    <Stack gap={2} miw={0}>
      <Group gap="xs" wrap="wrap">
        <Anchor
          component={Link}
          to={paths.service(service.id)}
          state={list}
          fw={600}
          c={archived ? 'dimmed' : 'bright'}
          underline="hover"
        >
          {service.name}
        </Anchor>
        {service.isDefault ? (
          <Badge variant="light" color="brand" size="sm">
            Default
          </Badge>
        ) : null}
        {archived ? (
          <Badge variant="light" color="gray" size="sm">
            Archived
          </Badge>
        ) : null}
      </Group>
      {service.description ? (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {service.description}
        </Text>
      ) : null}
    </Stack>
  );
}

function ServiceActions({ service, busy, onArchive, onRestore, onMakeDefault }: ServiceItemProps) {
  const list = fromList(useLocation());
  const archived = service.archivedAt !== null;
  return (
    <RowActions
      actions={[
        { ...editAction(paths.service(service.id), list), label: `Edit ${service.name}`, tooltip: 'Edit' },
        ...(archived
          ? [
              {
                label: `Restore ${service.name}`,
                tooltip: 'Restore',
                icon: <IconRestore size={18} />,
                onClick: () => onRestore(service),
              },
            ]
          : service.isDefault
            ? []
            : [
                {
                  label: `Make ${service.name} the default`,
                  tooltip: 'Make default',
                  icon: <IconStar size={18} />,
                  onClick: () => !busy && onMakeDefault(service),
                },
                {
                  label: `Archive ${service.name}`,
                  tooltip: 'Archive',
                  icon: <IconArchive size={18} />,
                  color: 'red',
                  onClick: () => onArchive(service),
                },
              ]),
      ]}
    />
  );
}

function ServiceCard(props: ServiceItemProps) {
  const { service } = props;
  return (
    <ListCard>
      <NameCell service={service} />
      <Text size="sm" mt="xs">
        {formatDuration(service.durationMinutes)} ·{' '}
        {formatServicePrice(service.priceAmount, service.currency)}
      </Text>
      <Group justify="space-between" align="center" mt={4} wrap="nowrap">
        <Text size="sm" c="dimmed">
          {professionalsLabel(service.employeeIds.length)}
        </Text>
        <ServiceActions {...props} />
      </Group>
    </ListCard>
  );
}

function ServiceRow(props: ServiceItemProps) {
  const { service } = props;
  return (
    <Table.Tr>
      <Table.Td>
        <WrapAnywhere maw={380}>
          <NameCell service={service} />
        </WrapAnywhere>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDuration(service.durationMinutes)}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatServicePrice(service.priceAmount, service.currency)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={service.employeeIds.length === 0 ? 'dimmed' : undefined}>
          {professionalsLabel(service.employeeIds.length)}
        </Text>
      </Table.Td>
      <Table.Td>
        <ServiceActions {...props} />
      </Table.Td>
    </Table.Tr>
  );
}
