import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedSearchParam } from './debounced-search-param';

type Probe = {
  box: ReturnType<typeof useDebouncedSearchParam>;
  search: string;
  navigate: ReturnType<typeof useNavigate>;
};

/** Renders the hook on a memory router at `url`; `current()` gives the box, the URL's query and navigate. */
function renderAt(url: string) {
  let probe: Probe | undefined;
  function Harness() {
    probe = { box: useDebouncedSearchParam('search'), search: useLocation().search, navigate: useNavigate() };
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Harness /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const current = () => {
    if (!probe) throw new Error('the harness did not render');
    return probe;
  };
  return { current, router };
}

async function type(current: () => Probe, text: string, pauseMs: number) {
  for (const letter of text) {
    act(() => current().box.setValue(current().box.value + letter));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(pauseMs);
    });
  }
}

describe('useDebouncedSearchParam', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts from the URL, so a reload or a shared link shows the same search', () => {
    const { current } = renderAt('/list?search=nuria&status=active');
    expect(current().box.value).toBe('nuria');
    expect(current().box.applied).toBe('nuria');
  });

  it('keeps every letter in the box and writes the URL once typing pauses', async () => {
    const { current } = renderAt('/list?status=active');
    await type(current, 'nuria soler', 120);

    expect(current().box.value).toBe('nuria soler');
    expect(current().search).toBe('?status=active');
    expect(current().box.applied).toBe('');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(current().search).toBe('?status=active&search=nuria+soler');
    expect(current().box.applied).toBe('nuria soler');
    expect(current().box.value).toBe('nuria soler');
  });

  it('does not take the URL echo of an earlier pause back into the box', async () => {
    const { current } = renderAt('/list');
    await type(current, 'nuria', 300);
    expect(current().box.applied).toBe('nuria');
    // Typing goes on while each pause's write comes back through the URL.
    await type(current, ' soler', 300);
    expect(current().box.value).toBe('nuria soler');
    expect(current().box.applied).toBe('nuria soler');
  });

  it('replaces the history entry instead of adding one per pause', async () => {
    const { current, router } = renderAt('/list');
    const before = router.state.historyAction;
    await type(current, 'ab', 300);
    expect(current().box.applied).toBe('ab');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(before).toBe('POP');
  });

  it('clears the param when the box is emptied', async () => {
    const { current } = renderAt('/list?search=nuria&status=lead');
    act(() => current().box.setValue(''));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(current().search).toBe('?status=lead');
    expect(current().box.applied).toBe('');
  });

  it('follows a URL changed from outside, and drops the write it was waiting to make', async () => {
    const { current, router } = renderAt('/list?search=nuria');
    act(() => current().box.setValue('nuria s'));
    await act(async () => {
      await router.navigate('/list?search=tomas');
    });
    expect(current().box.value).toBe('tomas');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(current().search).toBe('?search=tomas');
    expect(current().box.value).toBe('tomas');
  });

  it('follows the Back button to an earlier search', async () => {
    const { current, router } = renderAt('/list?search=nuria');
    await act(async () => {
      await router.navigate('/list?search=tomas');
    });
    expect(current().box.value).toBe('tomas');
    await act(async () => {
      await router.navigate(-1);
    });
    expect(current().box.value).toBe('nuria');
    expect(current().box.applied).toBe('nuria');
  });

  it('keeps a param changed by someone else while a search waits to be written', async () => {
    const { current } = renderAt('/list');
    act(() => current().box.setValue('nu'));
    await act(async () => {
      await current().navigate('?status=lead', { replace: true });
    });
    expect(current().search).toBe('?status=lead');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(current().search).toBe('?status=lead&search=nu');
    expect(current().box.value).toBe('nu');
  });
  it('sends the waiting search along with a change of another param, which no later write undoes', async () => {
    const { current } = renderAt('/list?search=annual');
    act(() => current().box.setValue(''));
    await act(async () => {
      const next = current().box.include(new URLSearchParams(current().search));
      next.set('status', 'past_due');
      current().navigate(`?${next}`, { replace: true });
      // The pause ends before the status change has rendered.
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(current().search).toBe('?status=past_due');
    expect(current().box.value).toBe('');
    expect(current().box.applied).toBe('');
  });

  it('drops its write when a click has moved the address to another page that is still loading', async () => {
    const { current, router } = renderAt('/list');
    act(() => current().box.setValue('elena'));
    // The browser's address moves at once; this page stays on screen while the next one loads.
    const before = window.location.pathname;
    window.history.pushState(null, '', '/list/42?search=elena');
    try {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(500);
      });
      expect(router.state.location.search).toBe('');
      expect(router.state.historyAction).toBe('POP');
    } finally {
      window.history.pushState(null, '', before);
    }
  });
});
