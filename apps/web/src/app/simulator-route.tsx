import { ChatSimulatorPage } from '../features/simulator/chat-simulator-page';
import { RequireAuth } from './require-auth';

/** The chat simulator is a staff tool on a page of its own: it needs a signed-in person. */
export function SimulatorRoute() {
  return (
    <RequireAuth>
      <ChatSimulatorPage />
    </RequireAuth>
  );
}
