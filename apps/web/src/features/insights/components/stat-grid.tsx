import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** Headline cards, two a row on a phone and more as the page widens. */
export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4, xl: 5 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}
