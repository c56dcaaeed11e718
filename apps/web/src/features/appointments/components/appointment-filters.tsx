import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@chatdesk/contract/appointments';
import { Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { AppointmentFilters } from '../api';
import { APPOINTMENT_STATUS_STYLE } from '../appointment-format';

export type FilterValues = {
  status: string;
  startDate: string | null;
  endDate: string | null;
  /** A service's id, or 'all'. */
  service: string;
  page: number;
};
export type FilterKey = 'status' | 'startDate' | 'endDate' | 'service';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All Statuses' },
  ...APPOINTMENT_STATUSES.map((status) => ({ value: status, label: APPOINTMENT_STATUS_STYLE[status].label })),
];

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the filters and page from the URL, ignoring values the page does not know. */
export function filterValuesFrom(params: URLSearchParams): FilterValues {
  const status = params.get('status');
  const date = (key: string) => {
    const value = params.get(key);
    return value && DATE_PATTERN.test(value) ? value : null;
  };
  const page = Number(params.get('page'));
  const service = params.get('service');
  return {
    status: status && STATUS_OPTIONS.some((option) => option.value === status) ? status : 'all',
    startDate: date('startDate'),
    endDate: date('endDate'),
    service: service && ID_PATTERN.test(service) ? service : 'all',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function toApiFilters(values: FilterValues, limit: number): AppointmentFilters {
  const filters: AppointmentFilters = { page: values.page, limit };
  if (values.status !== 'all') filters.status = values.status as AppointmentStatus;
  if (values.startDate) filters.startDate = values.startDate;
  if (values.endDate) filters.endDate = values.endDate;
  if (values.service !== 'all') filters.serviceId = values.service;
  return filters;
}

export function hasActiveFilters(values: FilterValues): boolean {
  return (
    values.status !== 'all' ||
    Boolean(values.startDate) ||
    Boolean(values.endDate) ||
    values.service !== 'all'
  );
}

type AppointmentFiltersBarProps = {
  values: FilterValues;
  onChange: (key: FilterKey, value: string | null) => void;
  /** The catalogue, archived services too; the filter shows only when there is more than one. */
  services?: ReadonlyArray<{ id: string; name: string; archivedAt: string | null }> | undefined;
};

export function AppointmentFiltersBar({ values, onChange, services = [] }: AppointmentFiltersBarProps) {
  const serviceOptions = services.map((service) => ({
    value: service.id,
    label: service.archivedAt ? `${service.name} (archived)` : service.name,
  }));
  const showServices = services.length > 1 || values.service !== 'all';
  const dateProps = {
    clearable: true,
    firstDayOfWeek: 1,
    valueFormat: 'MMM D, YYYY',
    placeholder: 'Any date',
    leftSection: <IconCalendar size={16} />,
    popoverProps: { shadow: 'md' },
  } as const;
  return (
    <SimpleGrid cols={{ base: 1, xs: showServices ? 4 : 3 }} spacing="md" maw={showServices ? 960 : 720}>
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={values.status}
        onChange={(value) => onChange('status', value)}
        allowDeselect={false}
        checkIconPosition="right"
        comboboxProps={{ shadow: 'md' }}
      />
      <DatePickerInput
        label="Start Date"
        value={values.startDate}
        onChange={(value) => onChange('startDate', value)}
        maxDate={values.endDate ?? undefined}
        {...dateProps}
      />
      <DatePickerInput
        label="End Date"
        value={values.endDate}
        onChange={(value) => onChange('endDate', value)}
        minDate={values.startDate ?? undefined}
        {...dateProps}
      />
      {showServices ? (
        <Select
          label="Service"
          // Empty means every service, so typing a name starts from nothing to erase.
          placeholder="All Services"
          data={serviceOptions}
          value={values.service === 'all' ? null : values.service}
          onChange={(value) => onChange('service', value)}
          clearable
          checkIconPosition="right"
          searchable
          nothingFoundMessage="No service by that name"
          comboboxProps={{ shadow: 'md' }}
        />
      ) : null}
    </SimpleGrid>
  );
}
