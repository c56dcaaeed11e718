import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

/** The Mantine context every page renders in; each shell brings the styles its pages need. */
export function MantineShell({ children }: { children?: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      {children}
      <Outlet />
    </MantineProvider>
  );
}
