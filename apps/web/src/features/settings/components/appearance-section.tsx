import {
  Card,
  Group,
  type MantineColorScheme,
  SegmentedControl,
  Text,
  useMantineColorScheme,
} from '@mantine/core';

const THEMES: { label: string; value: MantineColorScheme }[] = [
  { label: 'Light', value: 'light' },
  { label: 'Dark', value: 'dark' },
  { label: 'System', value: 'auto' },
];

/** Light, dark or the device's setting; Mantine's colour scheme manager keeps the choice in this browser. */
export function AppearanceSection() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();

  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" wrap="wrap" gap="md">
        <div>
          <Text fw={600} id="theme-label">
            Theme
          </Text>
          <Text size="sm" c="dimmed">
            System follows your device's light or dark setting.
          </Text>
        </div>
        <SegmentedControl
          aria-labelledby="theme-label"
          data={THEMES}
          value={colorScheme}
          onChange={(value) => setColorScheme(value as MantineColorScheme)}
        />
      </Group>
    </Card>
  );
}
