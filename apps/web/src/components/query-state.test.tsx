import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderWithProviders } from '../test/render';
import { QueryState } from './query-state';

const base = { isPending: false, isError: false, data: undefined as string[] | undefined, refetch: vi.fn() };
const renderState = (query: typeof base) =>
  renderWithProviders(
    <QueryState query={query} loadingLabel="Loading things" errorTitle="Failed to load things">
      {(data) => <p>{data.join(', ')}</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows a labelled loader while pending', () => {
    renderState({ ...base, isPending: true });
    expect(screen.getByLabelText('Loading things')).toBeInTheDocument();
  });

  it('shows the failure with a Retry that asks again', async () => {
    const refetch = vi.fn();
    renderState({ ...base, isError: true, refetch });
    expect(screen.getByText('Failed to load things')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the not-found view for a 404 and the failure for anything else', () => {
    const notFound = (error: unknown) =>
      renderWithProviders(
        <QueryState
          query={{ ...base, isError: true, error }}
          loadingLabel="Loading thing"
          errorTitle="Failed to load thing"
          notFound={<p>Thing not found</p>}
        >
          {() => null}
        </QueryState>,
      );
    const { unmount } = notFound(new ApiError(404, 'Not found'));
    expect(screen.getByText('Thing not found')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load thing')).not.toBeInTheDocument();
    unmount();
    notFound(new ApiError(500, null));
    expect(screen.getByText('Failed to load thing')).toBeInTheDocument();
  });

  it('shows the not-found view, not a connection failure, for an id the server refuses (400)', () => {
    renderWithProviders(
      <QueryState
        query={{ ...base, isError: true, error: new ApiError(400, 'id: Invalid id') }}
        loadingLabel="Loading thing"
        errorTitle="Failed to load thing"
        notFound={<p>Thing not found</p>}
      >
        {() => null}
      </QueryState>,
    );
    expect(screen.getByText('Thing not found')).toBeInTheDocument();
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
  });

  it('renders the data once it is there', () => {
    renderState({ ...base, data: ['a', 'b'] });
    expect(screen.getByText('a, b')).toBeInTheDocument();
  });
});
