import { Button, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DISCARDS_CHANGES, useUnsavedChangesGuard } from '../lib/unsaved-changes';
import { renderWithProviders } from '../test/render';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

function FormPage() {
  const [name, setName] = useState('');
  const [saved, setSaved] = useState(false);
  useUnsavedChangesGuard(name !== '' && !saved);
  return (
    <>
      <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <Button onClick={() => setSaved(true)}>Save</Button>
      <Link to="/clients">Clients</Link>
      <Link to="/form?tab=2">Second tab</Link>
      <Link to="/clients" state={DISCARDS_CHANGES}>
        Cancel
      </Link>
    </>
  );
}

function setup() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <UnsavedChangesDialog />
      <Routes>
        <Route path="/form" element={<FormPage />} />
        <Route path="/clients" element={<p>Client list</p>} />
      </Routes>
    </>,
    { route: '/form' },
  );
  return user;
}

const beforeUnloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('UnsavedChangesDialog', () => {
  it('lets a clean form go without asking', async () => {
    const user = setup();
    expect(beforeUnloadPrevented()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Clients' }));
    expect(screen.getByText('Client list')).toBeInTheDocument();
  });

  it('asks before leaving a form with changes: Stay keeps what was typed', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.click(screen.getByRole('link', { name: 'Clients' }));

    expect(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));

    expect(screen.queryByText('Client list')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ana');
  });

  it('Discard leaves the page', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.click(screen.getByRole('link', { name: 'Clients' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));

    expect(await screen.findByText('Client list')).toBeInTheDocument();
  });

  it('does not ask for a change of the query on the same page', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.click(screen.getByRole('link', { name: 'Second tab' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ana');
  });

  it("does not ask when the form's own Cancel is used", async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Client list')).toBeInTheDocument();
  });

  it('has the browser ask before a reload only while there are unsaved changes', async () => {
    const user = setup();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    expect(beforeUnloadPrevented()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(beforeUnloadPrevented()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Clients' }));
    expect(screen.getByText('Client list')).toBeInTheDocument();
  });
});
