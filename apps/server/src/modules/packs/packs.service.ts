import { DEFAULT_CUSTOMER_LANGUAGE } from '@chatdesk/contract/customer-texts';
import {
  type ClientPack,
  PACK_MESSAGES,
  type Pack,
  type PackLedger,
  type PackSaleMethod,
  type packFormSchema,
  packRefundBooked,
  type refundPackSchema,
} from '@chatdesk/contract/packs';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { formatMoney } from '../../lib/money.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { packRefundEmail } from './pack-email.ts';
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
  refundedAt: row.refundedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** One refund per pack at the provider: a retry after an answer lost on the way refunds once. */
const packRefundKey = (clientPackId: string) => `pack-refund-${clientPackId}`;

/**
 * A claim this old without its refund row was cut short by a crash (the request that made it takes
 * a provider call's time, well under a minute): the sweep finishes it.
 */
export const STRANDED_REFUND_AFTER_MS = 5 * 60_000;

/** "Mon 23 Nov, 10:00" in the business's zone: the appointments a refund waits for. */
const shortWhen = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/**
 * Packs of sessions: staff define them (a service, a number of sessions, a price, a validity) and
 * sell them to clients at the desk. Using, returning and expiring sessions is `pack-writes.ts`,
 * called in the transaction of the booking or cancellation that moves them.
 */
export function createPacksService(deps: {
  repository: PacksRepository;
  payments: PaymentProvider;
  company: CompanyService;
  mail: MailService;
  notify: Notify;
  events: EventBus;
  clock: () => Date;
  log?: { warn: (object: unknown, message: string) => void };
  /** The packs on sale changed: what the assistant read of them is read again. */
  onChange?: () => void;
}) {
  const { repository, clock } = deps;
  const onSaleChanged = <T>(result: T) => {
    deps.onChange?.();
    return result;
  };
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

  /**
   * The last step of a refund (decisions/028): the claimed pack's sessions end and its `refund`
   * row is written, with the client's email in their language in the same transaction, then the
   * email is sent. Undefined when the claim made `at` is not there any more or its row is written.
   */
  async function writeRefund(
    pack: ClientPackRow,
    refund: { amount: number; reason: string | null; at: Date; by: PackMover },
  ) {
    const contact = pack.clientId ? await repository.clientContact(pack.clientId) : undefined;
    const language = contact?.language ?? DEFAULT_CUSTOMER_LANGUAGE;
    const { name: businessName } = await deps.company.get();
    let email: string | undefined;
    const refunded = await repository.refund({ clientPackId: pack.id, ...refund }, async (tx, done) => {
      if (!contact?.email) return;
      email = await deps.mail.writeIn(
        tx,
        packRefundEmail(
          {
            clientName: contact.name,
            clientEmail: contact.email,
            name: done.pack.name,
            refunded: { amount: refund.amount, currency: done.pack.currency },
            toCard: done.pack.method === 'online',
            sessionsEnded: done.sessionsEnded,
          },
          { name: businessName },
          language,
        ),
      );
    });
    if (!refunded) return undefined;
    await changed();
    if (email) {
      try {
        await deps.mail.dispatch(email);
      } catch (error) {
        deps.log?.warn({ err: error, clientPackId: pack.id }, 'pack refunded; its email is left to recovery');
      }
    }
    return refunded;
  }

  async function assertClient(clientId: string) {
    if (!(await repository.clientExists(clientId))) throw notFound(PACK_MESSAGES.clientNotFound);
  }

  return {
    async list(includeArchived: boolean) {
      return (await repository.list(includeArchived)).map(toPack);
    },

    async create(form: PackForm) {
      return onSaleChanged(await load(await repository.create(await values(form))));
    },

    async update(id: string, form: PackForm) {
      if (!(await repository.get(id))) throw notFound(PACK_MESSAGES.notFound);
      await repository.update(id, await values(form));
      return onSaleChanged(await load(id));
    },

    /** Off sale; packs already sold are untouched. Never deleted: sold packs name it. */
    async archive(id: string) {
      if (!(await repository.setArchived(id, clock()))) throw notFound(PACK_MESSAGES.notFound);
      return onSaleChanged(await load(id));
    },

    async restore(id: string) {
      if (!(await repository.setArchived(id, null))) throw notFound(PACK_MESSAGES.notFound);
      return onSaleChanged(await load(id));
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
        entries: entries.map(({ entry, employeeName }) => ({
          kind: entry.kind,
          sessions: entry.sessions,
          amount: entry.amount,
          currency: entry.currency,
          appointmentId: entry.appointmentId,
          actor: entry.actor,
          employeeName,
          reason: entry.reason,
          at: entry.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Staff give a client money back for one of their packs (decisions/028): what is left of it
     * ends and the amount (0 to its price) is a `refund` row, once. The pack is claimed first
     * (no booking uses it from then on; refused while appointments to come still use a session of
     * it), then a pack bought online is refunded through the provider, and only once it said yes
     * is the row written; when it says no, the claim is let go and nothing is written. A pack sold
     * at the desk is handed back by the staff member the row names. The client is emailed in their
     * language.
     */
    async refund(
      clientId: string,
      clientPackId: string,
      input: z.output<typeof refundPackSchema>,
      by: PackMover,
    ): Promise<ClientPack> {
      const at = clock();
      // An expired pack's sessions are written off first, as an expiry: its refund is money only.
      await repository.expireDue(clientId, at);
      const pack = await repository.clientPack(clientId, clientPackId);
      if (!pack) throw notFound(PACK_MESSAGES.clientPackNotFound);
      if (pack.refundedAt) throw conflict(PACK_MESSAGES.alreadyRefunded);
      if (input.amount > pack.priceAmount) throw invalid(PACK_MESSAGES.refundTooMuch);
      const { timeZone } = await deps.company.get();

      const claim = await repository.claimRefund({ clientId, clientPackId, amount: input.amount, at });
      // Another refund claimed it between the read and the claim: a double click, two staff.
      if (claim === 'gone') throw conflict(PACK_MESSAGES.alreadyRefunded);
      if (claim !== 'claimed')
        throw conflict(packRefundBooked(claim.booked.map((when) => shortWhen(when, timeZone))));

      if (pack.method === 'online' && input.amount > 0) {
        try {
          await deps.payments.refundPaymentIntent(pack.providerPaymentId!, {
            amount: input.amount,
            // One refund per pack: a retry after an answer lost on the way refunds once.
            idempotencyKey: packRefundKey(pack.id),
          });
        } catch (error) {
          deps.log?.warn({ err: error, clientPackId }, 'the provider did not refund a pack');
          await repository.releaseRefund({ clientPackId, at });
          // The provider's own words when it refused this refund (more than is left to refund).
          if (error instanceof AppError && error.code === 'VALIDATION')
            throw conflict(`${PACK_MESSAGES.refundProviderFailed} (${error.message})`);
          throw new AppError('UPSTREAM', PACK_MESSAGES.refundProviderFailed);
        }
      }

      // The money went back: should its row fail now, staff are told to record it, never left unaware.
      const unrecorded = async (why: unknown) => {
        deps.log?.warn({ err: why, clientPackId }, 'a pack was refunded but its ledger row was not written');
        await deps.notify({
          type: 'error',
          title: 'Pack refunded but not recorded',
          message: `${formatMoney(input.amount, pack.currency)} of ${pack.name} went back to the client, but the refund could not be written to the pack's history. Check the pack and tell the team.`,
          link: null,
        });
      };
      const refunded = await writeRefund(pack, { amount: input.amount, reason: input.reason, at, by }).catch(
        async (error: unknown) => {
          if (pack.method === 'online' && input.amount > 0) await unrecorded(error);
          throw error;
        },
      );
      // Only this call's claim is written by it; undefined would mean the claim was not ours.
      if (!refunded) {
        if (pack.method === 'online' && input.amount > 0) await unrecorded('the claim was not found');
        throw conflict(PACK_MESSAGES.alreadyRefunded);
      }
      return toClientPack(refunded.pack, clock());
    },

    /**
     * Refunds a crash cut short (decisions/028's addendum): packs claimed for a refund over
     * `STRANDED_REFUND_AFTER_MS` ago with no refund row. The provider is asked whether the refund
     * with the pack's key went through: if it did, the row is written as the request would have
     * written it (the amount the provider refunded, at the claim's time, the client emailed); if
     * not (or the pack was sold at the desk, where no provider was asked), the claim is let go and
     * the pack is the client's to use again. Staff are told either way. A provider that does not
     * answer leaves the claim for the next run, and the run fails so its task says so. Answers
     * how many it finished.
     */
    async finishStrandedRefunds() {
      const stranded = await repository.strandedRefunds(
        new Date(clock().getTime() - STRANDED_REFUND_AFTER_MS),
      );
      let unreachable: unknown;
      let finished = 0;
      for (const pack of stranded) {
        const at = pack.refundedAt!;
        const link = pack.clientId ? `/clients/${pack.clientId}` : null;
        let made: { amount: number } | null = null;
        if (pack.method === 'online' && pack.providerPaymentId) {
          try {
            made = await deps.payments.findRefund(pack.providerPaymentId, packRefundKey(pack.id));
          } catch (error) {
            // Not known either way: the pack stays claimed (unusable, no row) until the provider answers.
            deps.log?.warn(
              { err: error, clientPackId: pack.id },
              'the provider did not say whether a pack was refunded',
            );
            unreachable ??= error;
            continue;
          }
        }
        if (made) {
          const written = await writeRefund(pack, {
            amount: made.amount,
            reason: null,
            at,
            by: { actor: 'system' },
          });
          if (!written) continue;
          await deps.notify({
            type: 'info',
            title: 'Pack refund recorded',
            message: `The refund of ${formatMoney(made.amount, pack.currency)} for ${pack.name} was interrupted after the payment provider gave the money back. It is now recorded in the pack's history and its sessions have ended.`,
            link,
          });
        } else {
          if (!(await repository.releaseRefund({ clientPackId: pack.id, at }))) continue;
          await changed();
          await deps.notify({
            type: 'error',
            title: 'Pack refund not made',
            message:
              pack.method === 'online'
                ? `The refund of ${pack.name} was interrupted before the payment provider gave any money back. The pack is the client's to use again; refund it again if it is still owed.`
                : `The refund of ${pack.name} (sold at the desk) was interrupted before it was recorded. The pack is the client's to use again; if money was handed back, refund it again to record it.`,
            link,
          });
        }
        finished++;
      }
      if (unreachable) throw unreachable;
      return finished;
    },
  };
}

export type PacksService = ReturnType<typeof createPacksService>;
