import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type QueryStateProps<T> = {
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };
  /** Read by screen readers while loading, e.g. 'Loading clients'. */
  loadingLabel: string;
  /** The alert's title when loading failed, e.g. 'Failed to load clients'. */
  errorTitle: string;
  children: (data: T) => ReactNode;
};

/** A list page's three states: a loader, a failure with Retry, or its content. */
export function QueryState<T>({ query, loadingLabel, errorTitle, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <Center py={64}>
        <Loader aria-label={loadingLabel} />
      </Center>
    );
  }
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
