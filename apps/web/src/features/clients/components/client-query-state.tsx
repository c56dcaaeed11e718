import type { ClientDetail } from '@chatdesk/contract/clients';
import { IconUserOff } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { NotFoundCard } from '../../../components/not-found-card';
import { QueryState } from '../../../components/query-state';
import { backTo } from '../../../lib/back-to';
import { paths } from '../../../lib/paths';

type ClientQueryStateProps = {
  query: ComponentProps<typeof QueryState<ClientDetail>>['query'];
  /** For pages without a back link of their own above. */
  withBackLink?: boolean;
  /** The placeholder while loading: the detail page's record, or the edit page's form. */
  skeleton?: 'detail' | 'form';
  children: (client: ClientDetail) => ReactNode;
};

/** A client page while it reads the client: loading, not found, a failure with Retry, or the page. */
export function ClientQueryState({
  query,
  withBackLink = false,
  skeleton = 'detail',
  children,
}: ClientQueryStateProps) {
  const list = backTo(useLocation().state, paths.clients);
  return (
    <QueryState
      query={query}
      loadingLabel="Loading client"
      skeleton={skeleton}
      errorTitle="Failed to load client data"
      notFound={
        <NotFoundCard
          icon={<IconUserOff size={28} />}
          title="Client not found"
          description="This client may have been deleted."
          action={withBackLink ? <BackLink to={list}>Back to Clients</BackLink> : undefined}
        />
      }
    >
      {children}
    </QueryState>
  );
}
