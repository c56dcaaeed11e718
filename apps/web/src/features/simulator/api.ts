import type { SimulatorResponse } from '@chatdesk/contract/chats';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type SimulatorRequest = { text: string; sessionId: string };

export function useSimulatorSend() {
  return useMutation({
    mutationFn: (body: SimulatorRequest) => api.post<SimulatorResponse>('/chats/simulator', body),
  });
}
