import { Box, Stack, Table } from '@mantine/core';
import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** A column heading; 'Actions' and other button columns sit on the right. */
export type Column = string | { label: string; align: 'right' };

type ResponsiveTableProps<T> = {
  /** Names the table and, on phones, the list of cards. */
  label: string;
  items: T[];
  itemKey: (item: T) => string;
  columns: Column[];
  /** Narrower than this, the table scrolls sideways rather than squeezing its columns. */
  minWidth: number;
  horizontalSpacing?: 'sm' | 'md';
  /** Rows that open something on click light up under the pointer. */
  highlightOnHover?: boolean;
  /** One `<Table.Tr>` for an item. */
  row: (item: T) => ReactNode;
  /** One `<ListCard>` for an item, on phones. */
  card: (item: T) => ReactNode;
};

/** A table on wide screens, a list of cards on phones. */
export function ResponsiveTable<T>({
  label,
  items,
  itemKey,
  columns,
  minWidth,
  horizontalSpacing = 'md',
  highlightOnHover = true,
  row,
  card,
}: ResponsiveTableProps<T>) {
  return (
    <>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={minWidth}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing={horizontalSpacing}
            highlightOnHover={highlightOnHover}
            aria-label={label}
            // A value typed as one long word breaks rather than overflowing its cell; columns that
            // hold names cap their width (see WrapAnywhere) so it cannot widen the table either.
            styles={{ td: { overflowWrap: 'break-word' } }}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) =>
                  typeof column === 'string' ? (
                    <Table.Th key={column}>{column}</Table.Th>
                  ) : (
                    <Table.Th key={column.label} ta={column.align}>
                      {column.label}
                    </Table.Th>
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Fragment key={itemKey(item)}>{row(item)}</Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack hiddenFrom="sm" gap={0} component="ul" p={0} m={0} aria-label={label}>
        {items.map((item) => (
          <Fragment key={itemKey(item)}>{card(item)}</Fragment>
        ))}
      </Stack>
    </>
  );
}

/** One item of a ResponsiveTable's list on phones. */
export function ListCard({
  children,
  onClick,
}: {
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}) {
  return (
    <Box
      component="li"
      p="md"
      onClick={onClick}
      style={{
        listStyle: 'none',
        overflowWrap: 'anywhere',
        cursor: onClick ? 'pointer' : undefined,
        borderBottom: '1px solid var(--app-color-border)',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * A click anywhere on a row or card opens `to` (with `state`, as a link's); links and buttons inside
 * keep their own job.
 */
export function useOpenOnClick(to: string, state?: unknown) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(to, { state });
  };
}

/**
 * A table cell's text that may be one long word (a name typed without spaces): at most `maw`
 * wide and broken anywhere, so it wraps instead of squeezing the other columns or the page.
 */
export function WrapAnywhere({ maw, children }: { maw: number; children: ReactNode }) {
  return (
    <Box maw={maw} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Box>
  );
}
