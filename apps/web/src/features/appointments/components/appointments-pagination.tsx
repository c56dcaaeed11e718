import type { Pagination as PaginationData } from '@chatdesk/contract/common';
import { Group, Pagination, Text } from '@mantine/core';
import { showingText } from '../appointment-format';

type AppointmentsPaginationProps = { pagination: PaginationData; onPageChange: (page: number) => void };

/** Shown only when there is more than one page. */
export function AppointmentsPagination({ pagination, onPageChange }: AppointmentsPaginationProps) {
  if (pagination.pages <= 1) return null;
  return (
    <Group
      justify="space-between"
      gap="sm"
      px="md"
      py="sm"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--app-color-border)' }}
    >
      <Text size="sm" c="dimmed" role="status">
        {showingText(pagination)}
      </Text>
      <Pagination
        total={pagination.pages}
        value={pagination.page}
        onChange={onPageChange}
        size="sm"
        siblings={1}
        aria-label="Pagination"
        getControlProps={(control) =>
          control === 'previous' ? { 'aria-label': 'Previous page' } : { 'aria-label': 'Next page' }
        }
        // The sidebar link already marks the current page; a page button is only the current item.
        getItemProps={(page) => ({
          'aria-label': `Page ${page}`,
          'aria-current': page === pagination.page ? 'true' : undefined,
        })}
      />
    </Group>
  );
}
