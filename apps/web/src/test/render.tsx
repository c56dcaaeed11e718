import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';

type ProvidersProps = { queryClient: QueryClient; route: string; children: ReactNode };

function TestProviders({ queryClient, route, children }: ProvidersProps) {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions & { route?: string } = {}) {
  const { route = '/', ...renderOptions } = options;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <TestProviders queryClient={queryClient} route={route}>
      {ui}
    </TestProviders>,
    renderOptions,
  );
  return { queryClient, ...result };
}
