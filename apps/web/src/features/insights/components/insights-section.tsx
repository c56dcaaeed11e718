import { Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type InsightsSectionProps = { title: string; description?: string; children: ReactNode };

/** One of the page's three parts, named by its heading for screen readers' section list. */
export function InsightsSection({ title, description, children }: InsightsSectionProps) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <div>
        <Title order={3} id={headingId}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}
