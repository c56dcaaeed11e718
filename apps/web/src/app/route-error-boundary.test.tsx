import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('RouteErrorBoundary', () => {
  it('shows the page while nothing fails', () => {
    render(
      <RouteErrorBoundary resetKey="/a">
        <p>the page</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('the page')).toBeInTheDocument();
  });

  it('replaces a page that fails with a way to reload, and forgets the error on the next page', () => {
    // The setup's console.error spy records the failure; muted here, checked and cleared below.
    vi.mocked(console.error).mockImplementation(() => {});
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/a">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();

    rerender(
      <RouteErrorBoundary resetKey="/b">
        <p>another page</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('another page')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(expect.objectContaining({ message: expect.any(String) }));
    vi.mocked(console.error).mockClear();
  });
});
