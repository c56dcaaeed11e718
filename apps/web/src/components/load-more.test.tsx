import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { LoadMore } from './load-more';

type Watcher = { callback: IntersectionObserverCallback; targets: Element[]; disconnected: boolean };
const watchers: Watcher[] = [];

/** An IntersectionObserver whose targets come into view when the test says so. */
class FakeIntersectionObserver {
  private readonly watcher: Watcher;
  constructor(callback: IntersectionObserverCallback) {
    this.watcher = { callback, targets: [], disconnected: false };
    watchers.push(this.watcher);
  }
  observe(target: Element) {
    this.watcher.targets.push(target);
  }
  disconnect() {
    this.watcher.disconnected = true;
  }
}

function scrollToEnd() {
  for (const watcher of watchers.filter((w) => !w.disconnected)) {
    const entries = watcher.targets.map((target) => ({ target, isIntersecting: true }));
    watcher.callback(entries as unknown as IntersectionObserverEntry[], {} as IntersectionObserver);
  }
}

afterEach(() => {
  watchers.length = 0;
  vi.unstubAllGlobals();
});

describe('LoadMore', () => {
  it('loads the next page when the end of the list comes into view', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const fetchNextPage = vi.fn();
    renderWithProviders(<LoadMore hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />);
    scrollToEnd();
    expect(fetchNextPage).toHaveBeenCalledOnce();
  });

  it('waits while a page is loading', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const fetchNextPage = vi.fn();
    renderWithProviders(<LoadMore hasNextPage isFetchingNextPage fetchNextPage={fetchNextPage} />);
    scrollToEnd();
    expect(fetchNextPage).not.toHaveBeenCalled();
  });

  it('offers a Load more button, also where the browser cannot observe', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const fetchNextPage = vi.fn();
    renderWithProviders(<LoadMore hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
  });

  it('shows nothing after the last page', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const fetchNextPage = vi.fn();
    renderWithProviders(
      <LoadMore hasNextPage={false} isFetchingNextPage={false} fetchNextPage={fetchNextPage} />,
    );
    scrollToEnd();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fetchNextPage).not.toHaveBeenCalled();
  });
});
