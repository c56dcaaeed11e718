import { NOTIFICATION_TYPES, type NotificationType } from '@chatdesk/contract/notifications';
import { Select, SimpleGrid } from '@mantine/core';
import type { NotificationFilters } from '../api';
import { NOTIFICATION_TYPE_STYLE } from '../notification-style';

export type FilterValues = { read: string; solved: string; type: string };

const READ_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];
const SOLVED_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'unsolved', label: 'Unsolved' },
  { value: 'solved', label: 'Solved' },
];
const TYPE_OPTIONS = [
  { value: 'all', label: 'All' },
  ...NOTIFICATION_TYPES.map((type) => ({ value: type, label: NOTIFICATION_TYPE_STYLE[type].label })),
];

/** Reads the filters from the URL, ignoring values the page does not know. */
export function filterValuesFrom(params: URLSearchParams): FilterValues {
  const pick = (key: string, options: { value: string }[]) => {
    const value = params.get(key);
    return value && options.some((option) => option.value === value) ? value : 'all';
  };
  return {
    read: pick('read', READ_OPTIONS),
    solved: pick('solved', SOLVED_OPTIONS),
    type: pick('type', TYPE_OPTIONS),
  };
}

export function toApiFilters(values: FilterValues): NotificationFilters {
  const filters: NotificationFilters = {};
  if (values.read !== 'all') filters.isRead = values.read === 'read';
  if (values.solved !== 'all') filters.isSolved = values.solved === 'solved';
  if (values.type !== 'all') filters.type = values.type as NotificationType;
  return filters;
}

type NotificationFiltersProps = {
  values: FilterValues;
  onChange: (key: keyof FilterValues, value: string) => void;
};

export function NotificationFiltersBar({ values, onChange }: NotificationFiltersProps) {
  const common = {
    allowDeselect: false,
    checkIconPosition: 'right',
    comboboxProps: { shadow: 'md' },
  } as const;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" maw={720}>
      <Select
        label="Read Status"
        data={READ_OPTIONS}
        value={values.read}
        onChange={(value) => onChange('read', value ?? 'all')}
        {...common}
      />
      <Select
        label="Solved Status"
        data={SOLVED_OPTIONS}
        value={values.solved}
        onChange={(value) => onChange('solved', value ?? 'all')}
        {...common}
      />
      <Select
        label="Type"
        data={TYPE_OPTIONS}
        value={values.type}
        onChange={(value) => onChange('type', value ?? 'all')}
        {...common}
      />
    </SimpleGrid>
  );
}
