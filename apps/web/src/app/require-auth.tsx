import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { useSession } from '../features/auth/api';
import { getToken } from '../lib/api-client';
import { paths } from '../lib/paths';

/** Staff pages render only after the stored token has been verified by the server. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();

  if (!getToken()) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (session.isPending) return <FullScreenLoader />;
  if (session.isError) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return children;
}
