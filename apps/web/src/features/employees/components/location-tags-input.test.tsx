import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LocationTagsInput } from './location-tags-input';

function Harness({ initial = [] as string[] }) {
  const [state, setState] = useState({ locations: initial, draft: '' });
  return (
    <>
      <LocationTagsInput locations={state.locations} draft={state.draft} onChange={setState} />
      <button type="button">elsewhere</button>
    </>
  );
}

const tags = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('LocationTagsInput', () => {
  it('adds comma-separated tags on Enter and on the Add button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Add locations' });

    await user.type(input, 'Madrid, Online {Enter}');
    expect(tags()).toEqual(['Madrid', 'Online']);
    expect(input).toHaveValue('');

    await user.type(input, 'online,Sevilla');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(tags()).toEqual(['Madrid', 'Online', 'Sevilla']);
  });

  it('adds on blur only when the text has a comma', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Add locations' });

    await user.type(input, 'Bilbao');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(tags()).toEqual([]);
    expect(input).toHaveValue('Bilbao');

    await user.type(input, ', Vigo');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(tags()).toEqual(['Bilbao', 'Vigo']);
  });

  it('removes a tag', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={['Madrid', 'Online']} />);
    await user.click(screen.getByRole('button', { name: 'Remove Madrid' }));
    expect(tags()).toEqual(['Online']);
  });
});
