import { type ComboboxItem, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { useClientOptions } from '../clients/api';

export type PlayedClient = { id: string; name: string };

const label = (client: { name: string; phone: string }) =>
  client.phone ? `${client.name} · ${client.phone}` : client.name;

/**
 * Whom the simulator plays: nobody (a customer the business does not know) unless staff pick a
 * client. The search runs on the server, so it works the same with fifty clients or fifty thousand.
 */
export function PlayAsSelect({
  value,
  onChange,
  disabled,
}: {
  value: PlayedClient | null;
  onChange: (client: PlayedClient | null) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  // Once a client is chosen the box shows its label; that is not a new search.
  const [term] = useDebouncedValue(search === chosenLabel ? '' : search.trim(), 250);
  const options = useClientOptions(term);
  const data: ComboboxItem[] = (options.data ?? []).map((client) => ({
    value: client.id,
    label: label(client),
  }));
  if (value && chosenLabel && !data.some((option) => option.value === value.id))
    data.unshift({ value: value.id, label: chosenLabel });

  return (
    <Select
      label="Play as"
      description="The assistant knows a client's appointments only when you choose the client here."
      placeholder="Nobody: a customer the business does not know"
      leftSection={<IconUserQuestion size={16} />}
      data={data}
      value={value?.id ?? null}
      onChange={(id, option) => {
        setChosenLabel(id && option ? option.label : null);
        const client = options.data?.find((c) => c.id === id);
        onChange(id ? { id, name: client?.name ?? option?.label ?? '' } : null);
      }}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={term ? 'No clients found' : undefined}
      disabled={disabled}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}
