import type { Employee } from '@chatdesk/contract/employees';
import { Anchor, Avatar, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { Highlighted } from '../../../components/highlight-match';
import { ListCard, ResponsiveTable, WrapAnywhere } from '../../../components/responsive-table';
import { deleteAction, editAction, RowActions } from '../../../components/row-actions';
import { fromList } from '../../../lib/back-to';
import { initials } from '../../../lib/format';
import { paths } from '../../../lib/paths';

type EmployeeTableProps = { employees: Employee[]; onDelete: (employee: Employee) => void };

export function EmployeeTable({ employees, onDelete }: EmployeeTableProps) {
  return (
    <ResponsiveTable
      label="Employees"
      items={employees}
      itemKey={(employee) => employee.id}
      columns={[
        'Name',
        'Username',
        'Title & Role',
        'Locations',
        'Status',
        { label: 'Actions', align: 'right' },
      ]}
      minWidth={760}
      row={(employee) => <EmployeeRow employee={employee} onDelete={onDelete} />}
      card={(employee) => <EmployeeCard employee={employee} onDelete={onDelete} />}
    />
  );
}

type EmployeeItemProps = { employee: Employee; onDelete: (employee: Employee) => void };

function EmployeeCard({ employee, onDelete }: EmployeeItemProps) {
  return (
    <ListCard>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <NameCell employee={employee} />
        <StatusBadges employee={employee} align="flex-end" />
      </Group>
      <Text size="sm" c="var(--app-color-text-secondary)" mt="xs">
        @{employee.username}
        {employee.title ? ` · ${employee.title}` : ''}
      </Text>
      {employee.role ? (
        <Text size="sm" c="dimmed">
          {employee.role}
        </Text>
      ) : null}
      <Group justify="space-between" align="center" mt="xs" wrap="nowrap">
        <LocationBadges locations={employee.locations} />
        <EmployeeActions employee={employee} onDelete={onDelete} />
      </Group>
    </ListCard>
  );
}

function NameCell({ employee }: { employee: Employee }) {
  const list = fromList(useLocation());
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar color="brand" radius="xl" size={36}>
        {initials(employee.name)}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Anchor
          component={Link}
          to={paths.employee(employee.id)}
          state={list}
          fw={600}
          c="bright"
          underline="hover"
        >
          <Highlighted text={employee.name} />
        </Anchor>
        <Text size="xs" c="dimmed" truncate="end">
          <Highlighted text={employee.email} />
        </Text>
      </Stack>
    </Group>
  );
}

/** Active or not, and a reminder when the booking page and the assistant leave the employee out. */
function StatusBadges({
  employee,
  align = 'flex-start',
}: {
  employee: Employee;
  align?: 'flex-start' | 'flex-end';
}) {
  return (
    <Stack gap={4} align={align} style={{ flexShrink: 0 }}>
      <StatusBadge active={employee.isActive} />
      {employee.takesBookings ? null : (
        <Badge
          variant="light"
          color="gray"
          style={{ flexShrink: 0, overflow: 'visible' }}
          styles={{ label: { overflow: 'visible' } }}
        >
          No bookings
        </Badge>
      )}
    </Stack>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge
      variant="dot"
      color={active ? 'teal' : 'gray'}
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

function LocationBadges({ locations }: { locations: string[] }) {
  if (locations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {locations.map((location) => (
        <Badge
          key={location}
          variant="light"
          color="gray"
          tt="none"
          // A long place name is cut with an ellipsis (the whole name on hover), so it cannot
          // squeeze the table's other columns to a letter wide.
          maw={220}
          title={location}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          {location}
        </Badge>
      ))}
    </Group>
  );
}

function EmployeeActions({ employee, onDelete }: EmployeeItemProps) {
  const list = fromList(useLocation());
  return (
    <RowActions
      actions={[
        {
          label: 'Calendar',
          tooltip: 'Open booking calendar',
          icon: <IconCalendarEvent size={18} />,
          href: paths.schedule(employee.username),
        },
        editAction(paths.employee(employee.id), list),
        deleteAction(() => onDelete(employee)),
      ]}
    />
  );
}

function EmployeeRow({ employee, onDelete }: EmployeeItemProps) {
  return (
    <Table.Tr>
      <Table.Td>
        <WrapAnywhere maw={320}>
          <NameCell employee={employee} />
        </WrapAnywhere>
      </Table.Td>
      <Table.Td>
        <WrapAnywhere maw={180}>
          <Text size="sm">
            @<Highlighted text={employee.username} />
          </Text>
        </WrapAnywhere>
      </Table.Td>
      <Table.Td>
        <WrapAnywhere maw={240}>
          <Text size="sm">{employee.title || '—'}</Text>
          {employee.role ? (
            <Text size="xs" c="dimmed">
              <Highlighted text={employee.role} />
            </Text>
          ) : null}
        </WrapAnywhere>
      </Table.Td>
      <Table.Td>
        <LocationBadges locations={employee.locations} />
      </Table.Td>
      <Table.Td>
        <StatusBadges employee={employee} />
      </Table.Td>
      <Table.Td>
        <EmployeeActions employee={employee} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}
