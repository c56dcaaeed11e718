import { Box, Button, Card, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { FigureTable, type FigureTableData } from './figure-table';

type ChartCardProps = {
  title: string;
  description?: string;
  /** The chart's numbers: read by screen readers always, shown to everyone with "Show as table". */
  table: FigureTableData;
  /** Said instead of the chart when there is nothing to draw ('No bookings in this period'). */
  empty?: string | null;
  /** The chart, hidden from screen readers (they get the table). */
  children: ReactNode;
};

/** A chart with its numbers as a table: hidden for screen readers, or shown instead of the chart. */
export function ChartCard({ title, description, table, empty, children }: ChartCardProps) {
  const [asTable, { toggle }] = useDisclosure(false);
  const titleId = useId();
  return (
    <Card p="md" radius="md">
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="nowrap">
        <Box miw={0}>
          <Title order={4} fz="md" id={titleId}>
            {title}
          </Title>
          {description ? (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Box>
        {empty ? null : (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={toggle}
            // Every chart has this button: its title tells them apart.
            aria-describedby={titleId}
            leftSection={asTable ? <IconChartBar size={14} /> : <IconTable size={14} />}
            style={{ flexShrink: 0 }}
          >
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        )}
      </Group>
      {empty ? (
        <Text size="sm" c="dimmed" py="lg" ta="center">
          {empty}
        </Text>
      ) : asTable ? (
        <FigureTable label={title} {...table} />
      ) : (
        <>
          <Box aria-hidden>{children}</Box>
          <VisuallyHidden>
            <FigureTable label={title} {...table} />
          </VisuallyHidden>
        </>
      )}
    </Card>
  );
}
