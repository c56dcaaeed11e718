import type { ClientPack } from '@chatdesk/contract/packs';
import { describe, expect, it } from 'vitest';
import { usableSessions } from './api';

const pack = (overrides: Partial<ClientPack>) =>
  ({ serviceId: 'training', sessionsLeft: 4, expired: false, ...overrides }) as ClientPack;

describe('usable sessions', () => {
  it("counts the sessions left of the service's unexpired packs only", () => {
    const packs = [
      pack({}),
      pack({ sessionsLeft: 2 }),
      pack({ sessionsLeft: 5, expired: true }),
      pack({ serviceId: 'massage', sessionsLeft: 7 }),
    ];
    expect(usableSessions(packs, 'training')).toBe(6);
    expect(usableSessions(packs, 'massage')).toBe(7);
    expect(usableSessions(packs, null)).toBe(0);
    expect(usableSessions(undefined, 'training')).toBe(0);
  });
});
