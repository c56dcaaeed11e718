import { type ComboboxItem, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useClient, useClientOptions } from '../features/clients/api';
import { clientOptionLabel } from '../lib/format';

type ClientSelectProps = Omit<
  SelectProps,
  'data' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
>;

/** Mantine filters nothing more: the server already matched the search, accents and all. */
const serverFiltered: SelectProps['filter'] = ({ options }) => options;

/**
 * The client picker: what is typed is searched on the server, which offers the first matches,
 * so it works the same with fifty clients or fifty thousand.
 */
export function ClientSelect({ value, onChange, ...props }: ClientSelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  // Once a client is chosen the box shows its label; that is not a new search.
  const [term] = useDebouncedValue(search === chosen?.label ? '' : search.trim(), 250);
  const options = useClientOptions(term);
  // A client chosen before this page opened (?clientId=) is named from its own record.
  const preset = useClient(value && value !== chosen?.value ? value : undefined);

  const data: ComboboxItem[] = (options.data ?? []).map((client) => ({
    value: client.id,
    label: clientOptionLabel(client),
  }));
  const selected =
    value && value === chosen?.value
      ? chosen
      : value && preset.data
        ? { value, label: clientOptionLabel(preset.data) }
        : null;
  if (selected && !data.some((option) => option.value === selected.value)) data.unshift(selected);

  return (
    <Select
      {...props}
      value={value ?? null}
      onChange={(next, option) => {
        setChosen(next ? option : null);
        onChange?.(next, option);
      }}
      data={data}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
    />
  );
}
