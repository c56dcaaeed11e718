import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { paths } from '../lib/paths';
import { listenBeforeRouter } from '../lib/pop-state-guard';
import { createQueryClient } from './query-client';
import { AppRoutes, preloadRoute } from './router';

/** Any 401 from the API (the token was removed by the client) leads to the login page. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (pathname !== paths.login) void navigate(paths.login, { replace: true });
    });
  }, [navigate, pathname]);
  return null;
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

preloadRoute(window.location.pathname);
// Before the router's own listener, so a page with unsaved changes can hold Back and Forward.
listenBeforeRouter();

// Mantine and its styles come with the public or staff shell, so the entry stays small.
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter>
        <UnauthorizedRedirect />
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
