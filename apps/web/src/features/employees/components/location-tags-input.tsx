import { Button, Group, Input, Pill, Stack, Text, TextInput } from '@mantine/core';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { commitLocationDraft, shouldCommitOnBlur } from '../employee-form';

type LocationTagsInputProps = {
  locations: string[];
  draft: string;
  onChange: (next: { locations: string[]; draft: string }) => void;
};

export function LocationTagsInput({ locations, draft, onChange }: LocationTagsInputProps) {
  const commit = () => onChange(commitLocationDraft(locations, draft));

  return (
    <Input.Wrapper
      label="Locations"
      description="Type one or more locations separated by commas, then press Enter or Add."
    >
      <Stack gap="xs" mt={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label="Add locations"
            placeholder="e.g. Madrid, Online"
            leftSection={<IconMapPin size={16} />}
            value={draft}
            onChange={(event) => onChange({ locations, draft: event.currentTarget.value })}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              // Enter adds tags here; it must not submit the whole form.
              event.preventDefault();
              commit();
            }}
            onBlur={() => {
              if (shouldCommitOnBlur(draft)) commit();
            }}
            style={{ flex: 1 }}
          />
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={commit}>
            Add
          </Button>
        </Group>
        {locations.length > 0 ? (
          <Group gap={6} aria-label="Locations" role="list">
            {locations.map((location) => (
              <Pill
                key={location}
                role="listitem"
                size="md"
                withRemoveButton
                removeButtonProps={{ 'aria-label': `Remove ${location}`, 'aria-hidden': false, tabIndex: 0 }}
                onRemove={() =>
                  onChange({ locations: locations.filter((value) => value !== location), draft })
                }
                styles={{
                  root: { background: 'var(--app-color-accent-soft)', color: 'var(--app-color-accent-text)' },
                }}
              >
                {location}
              </Pill>
            ))}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            No locations yet.
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
