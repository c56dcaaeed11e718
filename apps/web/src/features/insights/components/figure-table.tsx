import { Box, Table } from '@mantine/core';

export type FigureTableData = {
  /** The first column names the rows ('Day', 'Reason'); the others hold figures. */
  columns: string[];
  rows: { key: string; cells: string[] }[];
};

type FigureTableProps = FigureTableData & {
  label: string;
  /** Narrower than this, the table scrolls sideways (and the keyboard can reach it to scroll). */
  minWidth?: number;
};

/** Figures as a plain table: the numbers of a chart, or a small breakdown; figures sit on the right. */
export function FigureTable({ label, columns, rows, minWidth }: FigureTableProps) {
  const table = (
    <Table aria-label={label} verticalSpacing={6} horizontalSpacing="xs" fz="sm" miw={minWidth}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column, index) => (
            <Table.Th key={column} ta={index === 0 ? undefined : 'right'} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, index) =>
              index === 0 ? (
                <Table.Th key={columns[index]} scope="row" fw={500}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td
                  key={columns[index]}
                  ta="right"
                  style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                >
                  {cell}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (minWidth === undefined) return table;
  return (
    // A region that scrolls must take focus, or keyboard users cannot scroll it (axe: scrollable-region-focusable).
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {table}
    </Box>
  );
}
