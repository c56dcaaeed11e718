import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppEvents, useRealtime } from './realtime';

describe('app event listeners', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands every streamed event to the mounted listeners and stops after unmount', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValueOnce(
          new Response('event: messages.changed\ndata: {"chatId":"c1"}\n\n', {
            status: 200,
            headers: { 'Content-Type': 'text/event-stream' },
          }),
        )
        .mockImplementation(() => new Promise(() => {})),
    );
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const listener = vi.fn();

    const { unmount } = renderHook(
      () => {
        useRealtime({});
        useAppEvents(listener);
      },
      { wrapper },
    );

    await waitFor(() => expect(listener).toHaveBeenCalledWith({ type: 'messages.changed', chatId: 'c1' }));
    unmount();
  });
});
