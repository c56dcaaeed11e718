import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useDebouncedSearchParam } from '../lib/debounced-search-param';

type StatusOption = { value: string; label: string };
export type ListValues = { search: string; status: string };
type ListKey = keyof ListValues;

/** Reads the search and status filters from the URL, ignoring a status the page does not know. */
export function listValuesFrom(params: URLSearchParams, statuses: readonly StatusOption[]): ListValues {
  const status = params.get('status');
  return {
    search: params.get('search') ?? '',
    status: status && statuses.some((option) => option.value === status) ? status : 'all',
  };
}

/**
 * A list's search and status, kept in the URL. The box keeps what is typed and the URL follows it
 * once typing pauses; `search` is the text in the URL, to ask the server with. The status goes to
 * the URL at once.
 */
export function useListFilters(statuses: readonly StatusOption[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const box = useDebouncedSearchParam('search');
  const values = { ...listValuesFrom(searchParams, statuses), search: box.value };
  const search = box.applied;
  const setValue = (key: ListKey, value: string) => {
    if (key === 'search') {
      box.setValue(value);
      return;
    }
    setSearchParams(
      (current) => {
        const next = box.include(new URLSearchParams(current));
        if (!value || value === 'all') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  };
  const filtered = search.trim() !== '' || values.status !== 'all';
  return { values, search, filtered, setValue };
}

type ListFiltersProps = {
  /** The search box's accessible name, e.g. 'Search clients'. */
  searchLabel: string;
  placeholder: string;
  statuses: readonly StatusOption[];
  values: ListValues;
  onChange: (key: ListKey, value: string) => void;
};

export function ListFilters({ searchLabel, placeholder, statuses, values, onChange }: ListFiltersProps) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        aria-label={searchLabel}
        placeholder={placeholder}
        leftSection={<IconSearch size={16} />}
        rightSection={
          values.search ? (
            <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('search', '')} />
          ) : null
        }
        value={values.search}
        onChange={(event) => onChange('search', event.currentTarget.value)}
        style={{ flex: '1 1 260px' }}
        maw={420}
      />
      <Select
        label="Status"
        data={statuses}
        value={values.status}
        onChange={(value) => onChange('status', value ?? 'all')}
        allowDeselect={false}
        checkIconPosition="right"
        comboboxProps={{ shadow: 'md' }}
        style={{ flex: '0 1 200px' }}
        miw={160}
      />
    </Group>
  );
}
