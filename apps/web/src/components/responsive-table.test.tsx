import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ListCard, ResponsiveTable, useOpenOnClick } from './responsive-table';

type Thing = { id: string; name: string };
const things: Thing[] = [
  { id: '1', name: 'First' },
  { id: '2', name: 'Second' },
];

function ThingRow({ thing }: { thing: Thing }) {
  const open = useOpenOnClick(`/things/${thing.id}`);
  return (
    <Table.Tr onClick={open}>
      <Table.Td>{thing.name}</Table.Td>
      <Table.Td>
        <Link to="/elsewhere">Elsewhere {thing.id}</Link>
      </Table.Td>
    </Table.Tr>
  );
}

function renderThings() {
  return renderWithProviders(
    <Routes>
      <Route
        path="/"
        element={
          <ResponsiveTable
            label="Things"
            items={things}
            itemKey={(thing) => thing.id}
            columns={['Name', { label: 'Actions', align: 'right' }]}
            minWidth={600}
            row={(thing) => <ThingRow thing={thing} />}
            card={(thing) => <ListCard>{thing.name} card</ListCard>}
          />
        }
      />
      <Route path="/things/:id" element={<p>Thing page</p>} />
      <Route path="/elsewhere" element={<p>Elsewhere page</p>} />
    </Routes>,
  );
}

describe('ResponsiveTable', () => {
  it('renders a named table with its headings and a named list of cards, one per item', () => {
    renderThings();
    const table = screen.getByRole('table', { name: 'Things' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const list = screen.getByRole('list', { name: 'Things' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['First card', 'Second card']);
  });

  it('opens the item on a click in the row', async () => {
    renderThings();
    await userEvent.click(screen.getByText('Second'));
    expect(screen.getByText('Thing page')).toBeInTheDocument();
  });

  it('leaves a link inside the row to do its own job', async () => {
    renderThings();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere 1' }));
    expect(screen.getByText('Elsewhere page')).toBeInTheDocument();
    expect(screen.queryByText('Thing page')).not.toBeInTheDocument();
  });
});
