import { apiRoutes } from '@chatdesk/contract/api-routes';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

export type SimulatorRequest = { text: string; sessionId: string; clientId: string | null };

export function useSimulatorSend() {
  return useMutation({
    mutationFn: (body: SimulatorRequest) => apiCall(apiRoutes.simulator.send, { body }),
  });
}
