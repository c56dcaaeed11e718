import { Alert, Box, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isMissingRecord } from '../lib/api-client';
import { ContentSkeleton, type SkeletonShape } from './skeletons';

type QueryStateProps<T> = {
  query: {
    isPending: boolean;
    isError: boolean;
    error?: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  /** Read by screen readers while loading, e.g. 'Loading clients'. */
  loadingLabel: string;
  /** The placeholder's shape while loading: rows of a list (the default), a record, or a form. */
  skeleton?: SkeletonShape;
  /** The alert's title when loading failed, e.g. 'Failed to load clients'. */
  errorTitle: string;
  /**
   * Shown instead of the failure when the record is not there: a deleted one, a wrong link, or an id
   * no record can have (lib/api-client.ts `isMissingRecord`).
   */
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
};

/** A page's states while it reads from the API: placeholders, not found, a failure with Retry, or its content. */
export function QueryState<T>({
  query,
  loadingLabel,
  skeleton = 'list',
  errorTitle,
  notFound,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <Box role="status" aria-label={loadingLabel} aria-busy="true">
        <ContentSkeleton shape={skeleton} />
      </Box>
    );
  }
  if (notFound !== undefined && isMissingRecord(query.error)) return notFound;
  if (query.isError || query.data === undefined) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={errorTitle}>
        Check your connection and try again.
        <Button variant="white" color="red" size="xs" ml="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  return children(query.data);
}
