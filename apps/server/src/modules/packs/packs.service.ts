import {
  type ClientPack,
  PACK_MESSAGES,
  type Pack,
  type PackLedger,
  type PackSaleMethod,
  type packFormSchema,
} from '@chatdesk/contract/packs';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { ClientPackRow, PackMover } from './pack-writes.ts';
import type { PackRow, PacksRepository } from './packs.repository.ts';

type PackForm = z.output<typeof packFormSchema>;

const toPack = (row: PackRow): Pack => ({
  id: row.id,
  serviceId: row.serviceId,
  serviceName: row.serviceName,
  name: row.name,
  sessions: row.sessions,
  priceAmount: row.priceAmount,
  currency: row.currency,
  validityDays: row.validityDays,
  archivedAt: row.archivedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toClientPack = (row: ClientPackRow, now: Date): ClientPack => ({
  id: row.id,
  packId: row.packId,
  serviceId: row.serviceId,
  name: row.name,
  serviceName: row.serviceName,
  sessionsTotal: row.sessionsTotal,
  sessionsLeft: row.sessionsLeft,
  priceAmount: row.priceAmount,
  currency: row.currency,
  method: row.method,
  expiresAt: row.expiresAt.toISOString(),
  expired: row.expiresAt <= now,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Packs of sessions: staff define them (a service, a number of sessions, a price, a validity) and
 * sell them to clients at the desk. Using, returning and expiring sessions is `pack-writes.ts`,
 * called in the transaction of the booking or cancellation that moves them.
 */
export function createPacksService(deps: {
  repository: PacksRepository;
  events: EventBus;
  clock: () => Date;
}) {
  const { repository, clock } = deps;
  const changed = () => deps.events.publish({ type: 'clients.changed' });

  async function load(id: string) {
    const row = await repository.get(id);
    if (!row) throw notFound(PACK_MESSAGES.notFound);
    return toPack(row);
  }

  /** The pack's terms, in its service's currency; the service must exist and be offered. */
  async function values(form: PackForm) {
    const service = await repository.service(form.serviceId);
    if (!service) throw notFound(PACK_MESSAGES.serviceNotFound);
    if (service.archivedAt) throw conflict(PACK_MESSAGES.serviceArchived);
    return {
      serviceId: form.serviceId,
      name: form.name,
      sessions: form.sessions,
      priceAmount: form.priceAmount,
      currency: service.currency,
      validityDays: form.validityDays,
    };
  }

  async function assertClient(clientId: string) {
    if (!(await repository.clientExists(clientId))) throw notFound(PACK_MESSAGES.clientNotFound);
  }

  return {
    async list(includeArchived: boolean) {
      return (await repository.list(includeArchived)).map(toPack);
    },

    async create(form: PackForm) {
      return load(await repository.create(await values(form)));
    },

    async update(id: string, form: PackForm) {
      if (!(await repository.get(id))) throw notFound(PACK_MESSAGES.notFound);
      await repository.update(id, await values(form));
      return load(id);
    },

    /** Off sale; packs already sold are untouched. Never deleted: sold packs name it. */
    async archive(id: string) {
      if (!(await repository.setArchived(id, clock()))) throw notFound(PACK_MESSAGES.notFound);
      return load(id);
    },

    async restore(id: string) {
      if (!(await repository.setArchived(id, null))) throw notFound(PACK_MESSAGES.notFound);
      return load(id);
    },

    /**
     * A client's packs with their balance and expiry. What is left of a pack past its date is
     * written off here, where it is noticed, as an `expiry` row of its ledger.
     */
    async ofClient(clientId: string): Promise<ClientPack[]> {
      await assertClient(clientId);
      const now = clock();
      await repository.expireDue(clientId, now);
      return (await repository.ofClient(clientId)).map((row) => toClientPack(row, now));
    },

    /**
     * The daily job: what is left of every pack past its date is written off, so balances and the
     * ledger say so without anyone opening the client. Answers how many packs it wrote off.
     */
    async expireDue() {
      const expired = await repository.expireDue(undefined, clock());
      if (expired > 0) await changed();
      return expired;
    },

    /** Staff sell a pack at the desk: paid in cash or by card, recorded as a payment. */
    async sell(clientId: string, sale: { packId: string; method: PackSaleMethod }, by: PackMover) {
      const outcome = await repository.sell({ clientId, ...sale, at: clock(), by });
      if (outcome === 'no-client') throw notFound(PACK_MESSAGES.clientNotFound);
      if (outcome === 'no-pack') throw notFound(PACK_MESSAGES.notFound);
      if (outcome === 'archived') throw conflict(PACK_MESSAGES.archived);
      await changed();
      const row = await repository.clientPack(clientId, outcome.id);
      return toClientPack(row!, clock());
    },

    /** Every movement of one of a client's packs, oldest first, with the pack as it is now. */
    async ledger(clientId: string, clientPackId: string): Promise<PackLedger> {
      const now = clock();
      await repository.expireDue(clientId, now);
      const row = await repository.clientPack(clientId, clientPackId);
      if (!row) throw notFound(PACK_MESSAGES.clientPackNotFound);
      const entries = await repository.ledger(row.id);
      return {
        pack: toClientPack(row, now),
        entries: entries.map((entry) => ({
          kind: entry.kind,
          sessions: entry.sessions,
          amount: entry.amount,
          currency: entry.currency,
          appointmentId: entry.appointmentId,
          actor: entry.actor,
          at: entry.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type PacksService = ReturnType<typeof createPacksService>;
