import type { Paged } from '@chatdesk/contract/common';
import { ERASED_CLIENT_NAME } from '@chatdesk/contract/privacy';
import {
  type createSubscriptionSchema,
  type listSubscriptionsQuerySchema,
  type Plan,
  PREMIUM_PRICE_ALIAS,
  SUBSCRIPTION_MESSAGES,
  type SubscribeRequest,
  type SubscribeResponse,
  type Subscription,
} from '@chatdesk/contract/subscriptions';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type {
  ProviderInvoicePayment,
  ProviderSubscription,
  SubscriptionProvider,
} from '../../integrations/payments/subscription-provider.ts';
import { conflict, invalid, notFound } from '../../lib/app-error.ts';
import { decodeCursor, isTimestampKey, toPage } from '../../lib/cursor.ts';
import { formatMoney } from '../../lib/money.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import {
  createSubscriptionsRepository,
  type SubscriptionRow,
  type SubscriptionsRepository,
} from './subscriptions.repository.ts';

export const toSubscription = (row: SubscriptionRow): Subscription => ({
  id: row.id,
  client:
    row.clientId && row.clientName !== null
      ? { id: row.clientId, name: row.clientName, email: row.clientEmail }
      : null,
  anonymousClientId: row.anonymousClientId,
  employee: row.employeeId && row.employeeName ? { id: row.employeeId, name: row.employeeName } : null,
  planName: row.planName,
  amount: row.amount / 100,
  currency: row.currency,
  interval: row.interval,
  status: row.status,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  currentPeriodStart: row.currentPeriodStart?.toISOString() ?? null,
  currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  canceledAt: row.canceledAt?.toISOString() ?? null,
  endedAt: row.endedAt?.toISOString() ?? null,
  stripeSubscriptionId: row.providerSubscriptionId,
});

/** How long a first invoice may wait for its security check: Stripe's window for a subscription's first payment. */
export const INCOMPLETE_WINDOW_MS = 23 * 60 * 60 * 1000;
/**
 * A reservation still without its provider subscription after this long is from a request that
 * died before the provider answered (its calls time out well before), so a new attempt replaces it.
 */
export const RESERVATION_TIMEOUT_MS = 10 * 60 * 1000;

const STATUS_PRIORITY: Record<string, number> = { canceled: 3, past_due: 2, unpaid: 2 };

export function createSubscriptionsService(deps: {
  repository: SubscriptionsRepository;
  provider: SubscriptionProvider;
  events: EventBus;
  notify: Notify;
  clock: () => Date;
}) {
  const { repository, provider, clock } = deps;
  const changed = () => deps.events.publish({ type: 'subscriptions.changed' });

  const mirror = (subscription: ProviderSubscription) => ({
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    canceledAt: subscription.canceledAt,
    endedAt: subscription.endedAt,
  });

  /**
   * The provider's state for our row. One that ends before its first payment never started: it
   * stays `incomplete`, ended (Stripe's incomplete_expired), and is no canceled subscription.
   */
  const mirrorOnto = (row: Pick<SubscriptionRow, 'status'>, subscription: ProviderSubscription) => {
    const values = mirror(subscription);
    if (row.status !== 'incomplete' || subscription.status !== 'canceled') return values;
    return { ...values, status: 'incomplete' as const, endedAt: subscription.endedAt ?? clock() };
  };

  /** `payer`: the client, or the anonymous id of an erased one (a late invoice of an ended subscription). */
  async function recordPayment(
    payer: { clientId: string | null; anonymousClientId?: string | null },
    subscriptionId: string,
    payment: ProviderInvoicePayment,
    description: string,
  ) {
    return repository.recordPayment({
      clientId: payer.clientId,
      anonymousClientId: payer.anonymousClientId ?? null,
      subscriptionId,
      amount: payment.amount,
      currency: payment.currency,
      status: 'completed',
      paymentMethod: payment.card ? `${payment.card.brand} •••• ${payment.card.last4}` : 'card',
      description,
      providerPaymentId: payment.id,
      paidAt: payment.paidAt,
    });
  }

  /**
   * Makes our record follow the provider's current state (never the order events arrived in),
   * records a paid invoice once, and tells staff about endings and failures.
   */
  async function syncFromProvider(
    providerSubscriptionId: string,
    payment: ProviderInvoicePayment | null = null,
  ) {
    const row = await repository.findByProviderId(providerSubscriptionId);
    if (!row) return null;
    const current = await provider.retrieveSubscription(providerSubscriptionId);
    if (!current) return toSubscription(row);
    const next = mirrorOnto(row, current);
    await repository.update(row.id, next);
    if (payment) await recordPayment(row, row.id, payment, `${row.planName} renewal`);
    if (next.status !== row.status && (STATUS_PRIORITY[next.status] ?? 0) > 0) {
      await deps.notify({
        type: next.status === 'canceled' ? 'info' : 'error',
        title: next.status === 'canceled' ? 'Subscription canceled' : 'Subscription payment failed',
        message: `${row.clientName ?? ERASED_CLIENT_NAME}'s ${row.planName} is now ${next.status.replace('_', ' ')}.`,
        link: `/subscriptions/${row.id}`,
      });
    }
    await changed();
    return toSubscription((await repository.findById(row.id))!);
  }

  /**
   * Ends an attempt whose first payment never came, at the provider first, so its security check
   * can no longer take the money. Answers the provider's record when it was paid (or is being
   * paid) meanwhile and so was left alone.
   */
  async function endUnfinished(row: Pick<SubscriptionRow, 'id' | 'providerSubscriptionId'>) {
    if (row.providerSubscriptionId) {
      const current = await provider.cancelIncomplete(row.providerSubscriptionId);
      if (current && current.status !== 'canceled') return current;
    }
    const now = clock();
    await repository.update(row.id, { status: 'incomplete', canceledAt: now, endedAt: now });
    return null;
  }

  async function expire(row: SubscriptionRow) {
    const kept = await endUnfinished(row);
    // Paid meanwhile without our hearing of it: follow the provider.
    if (kept && kept.status !== 'incomplete') await repository.update(row.id, mirror(kept));
  }

  async function load(id: string) {
    const row = await repository.findById(id);
    if (!row) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
    return row;
  }

  return {
    /** In the caller's transaction (a client's erasure): their subscriptions kept under the anonymous id. */
    anonymiseClientIn(tx: Db, clientId: string, anonymousId: string) {
      return createSubscriptionsRepository(tx).anonymiseClient(clientId, anonymousId);
    },

    async page(query: z.output<typeof listSubscriptionsQuerySchema>): Promise<Paged<Subscription>> {
      const after = decodeCursor(query.cursor, isTimestampKey);
      return toPage(await repository.page(query, query.limit, after), query.limit, toSubscription);
    },

    async get(id: string) {
      return toSubscription(await load(id));
    },

    async plans(): Promise<Plan[]> {
      return (await repository.plans()).map((p) => ({
        id: p.id,
        name: p.name,
        amount: p.amount / 100,
        currency: p.currency,
        interval: p.interval,
      }));
    },

    syncFromProvider,

    /** A subscription whose first payment needed a security check has started: record it and tell staff. */
    async activated(providerSubscriptionId: string, payment: ProviderInvoicePayment) {
      const row = await repository.findByProviderId(providerSubscriptionId);
      if (!row) return;
      await recordPayment(row, row.id, payment, `${row.planName} (first payment)`);
      if (row.clientId) await repository.activateClient(row.clientId);
      await syncFromProvider(providerSubscriptionId);
      await deps.notify({
        type: 'success',
        title: 'New subscription',
        message: `${row.clientEmail ?? row.clientName ?? ERASED_CLIENT_NAME} subscribed to ${row.planName} (${formatMoney(row.amount, row.currency)}/${row.interval}).`,
        link: `/subscriptions/${row.id}`,
      });
    },

    /** The local provider's scheduled job: renewals and period-end cancellations, mirrored here. */
    async runLocalRenewals(
      advance: () => Promise<
        Array<{ subscription: ProviderSubscription; payment: ProviderInvoicePayment | null }>
      >,
    ) {
      const changes = await advance();
      for (const change of changes) await syncFromProvider(change.subscription.id, change.payment);
      return changes.length;
    },

    /** Staff create a subscription for a client; it is charged through the payment provider first. */
    async create(input: z.output<typeof createSubscriptionSchema>) {
      const client = await repository.findClient(input.clientId);
      if (!client) throw notFound(SUBSCRIPTION_MESSAGES.clientNotFound);
      const { subscription, payment } = await provider.createSubscription({
        email: client.email,
        name: client.name,
        paymentMethodId: input.paymentMethodId,
        price: {
          amount: input.amount,
          currency: input.currency,
          interval: input.interval,
          productName: input.planName,
        },
        metadata: { clientId: client.id },
      });
      const id = await repository.insert({
        clientId: client.id,
        planId: input.planId,
        planName: input.planName,
        amount: subscription.amount,
        currency: subscription.currency,
        interval: subscription.interval,
        providerSubscriptionId: subscription.id,
        ...mirror(subscription),
      });
      if (!id) throw conflict('This subscription already exists.');
      if (payment)
        await recordPayment({ clientId: client.id }, id, payment, `${input.planName} (first payment)`);
      await deps.notify({
        type: 'success',
        title: 'New subscription',
        message: `${client.name} subscribed to ${input.planName} (${formatMoney(subscription.amount, subscription.currency)}/${subscription.interval}).`,
        link: `/subscriptions/${id}`,
      });
      await changed();
      return toSubscription((await repository.findById(id))!);
    },

    /** The price the public subscribe page shows; 'premium' names the configured premium price. */
    async price(id: string) {
      const priceId = id === PREMIUM_PRICE_ALIAS ? provider.premiumPriceId : id;
      const price = priceId ? await provider.retrievePrice(priceId) : null;
      if (!price) throw notFound(SUBSCRIPTION_MESSAGES.priceNotFound);
      return {
        id: price.id,
        unit_amount: price.unitAmount,
        currency: price.currency,
        interval: price.interval,
      };
    },

    /** A visitor subscribes to an employee's premium content without signing in. */
    async subscribe(input: SubscribeRequest): Promise<SubscribeResponse> {
      const employee = await repository.findActiveEmployeeByUsername(input.username);
      if (!employee) throw notFound(SUBSCRIPTION_MESSAGES.employeeNotFound);
      const priceId = input.priceId === PREMIUM_PRICE_ALIAS ? provider.premiumPriceId : input.priceId;
      if (!priceId || priceId !== provider.premiumPriceId) throw invalid(SUBSCRIPTION_MESSAGES.priceNotFound);
      const price = await provider.retrievePrice(priceId);
      if (!price) throw invalid(SUBSCRIPTION_MESSAGES.priceNotFound);
      const planName = `Premium content: ${employee.name}`;
      const now = clock();
      const reservation = await repository.reserve({
        email: input.email,
        employeeId: employee.id,
        planName,
        amount: price.unitAmount,
        currency: price.currency,
        interval: price.interval,
        now,
        inFlightSince: new Date(now.getTime() - RESERVATION_TIMEOUT_MS),
      });
      const { client } = reservation;
      const createdClientId = reservation.createdClient ? client.id : null;
      const id = reservation.subscriptionId;
      const refuse = async (refused: 'subscribed' | 'inProgress') => {
        await repository.release(input.email, id, createdClientId);
        return conflict(
          refused === 'subscribed'
            ? SUBSCRIPTION_MESSAGES.alreadySubscribed
            : SUBSCRIPTION_MESSAGES.inProgress,
        );
      };
      if (!id) throw await refuse(reservation.refused ?? 'inProgress');
      // An earlier attempt that never got its first payment (security check failed, closed or
      // abandoned) is ended before this one is charged, so the two can never both be paid.
      for (const unfinished of reservation.unfinished) {
        let kept: ProviderSubscription | null;
        try {
          kept = await endUnfinished(unfinished);
        } catch (error) {
          await repository.release(input.email, id, createdClientId);
          throw error;
        }
        if (kept) throw await refuse(kept.status === 'incomplete' ? 'inProgress' : 'subscribed');
      }
      let created: Awaited<ReturnType<SubscriptionProvider['createSubscription']>>;
      try {
        created = await provider.createSubscription({
          email: input.email,
          name: client.name,
          paymentMethodId: input.paymentMethodId,
          price: { id: priceId },
          metadata: { clientId: client.id, employeeId: employee.id },
        });
      } catch (error) {
        // A declined card leaves nothing behind: no subscription, no client made for it.
        await repository.release(input.email, id, createdClientId);
        throw error;
      }
      const { subscription, payment } = created;
      await repository.update(id, {
        amount: subscription.amount,
        currency: subscription.currency,
        interval: subscription.interval,
        providerSubscriptionId: subscription.id,
        ...mirror(subscription),
      });
      if (payment) {
        await recordPayment({ clientId: client.id }, id, payment, `${planName} (first payment)`);
        await repository.activateClient(client.id);
      }
      if (subscription.pendingClientSecret) {
        return {
          subscriptionId: id,
          status: subscription.status,
          requiresAction: true,
          clientSecret: subscription.pendingClientSecret,
          message: null,
        };
      }
      await deps.notify({
        type: 'success',
        title: 'New subscription',
        message: `${input.email} subscribed to ${employee.name}'s premium content (${formatMoney(subscription.amount, subscription.currency)}/${subscription.interval}).`,
        link: `/subscriptions/${id}`,
      });
      await changed();
      return {
        subscriptionId: id,
        status: subscription.status,
        requiresAction: false,
        clientSecret: null,
        message: null,
      };
    },

    /**
     * A first payment that waited for a security check and never came: Stripe gives up after 23
     * hours; ours are ended then too (a new attempt ends one sooner), so none waits forever.
     */
    async expireIncomplete() {
      const rows = await repository.incompleteSince(new Date(clock().getTime() - INCOMPLETE_WINDOW_MS));
      let failure: unknown = null;
      for (const row of rows) {
        // One the provider cannot cancel now is tried again on the next pass; the others go on.
        try {
          await expire(row);
        } catch (error) {
          failure ??= error;
        }
      }
      if (rows.length > 0) await changed();
      if (failure) throw failure;
      return rows.length;
    },

    /** At the end of the billing period by default, or at once. Offered only for live subscriptions not already canceling. */
    async cancel(id: string, cancelImmediately: boolean) {
      const row = await load(id);
      if (!['active', 'trialing'].includes(row.status) || row.cancelAtPeriodEnd) {
        throw conflict(SUBSCRIPTION_MESSAGES.notCancelable);
      }
      const now = clock();
      if (row.providerSubscriptionId) {
        const current = await provider.cancelSubscription(row.providerSubscriptionId, cancelImmediately);
        await repository.update(id, mirror(current));
      } else {
        // Recorded by hand (imported or seeded): no provider to tell.
        await repository.update(
          id,
          cancelImmediately
            ? { status: 'canceled', canceledAt: now, endedAt: now, cancelAtPeriodEnd: false }
            : { cancelAtPeriodEnd: true, canceledAt: now },
        );
      }
      await changed();
      await deps.notify({
        type: 'info',
        title: cancelImmediately ? 'Subscription canceled' : 'Subscription will end',
        message: `${row.clientName ?? ERASED_CLIENT_NAME}'s ${row.planName} ${
          cancelImmediately ? 'was canceled.' : 'will end at the end of the current period.'
        }`,
        link: `/subscriptions/${id}`,
      });
      return toSubscription(await load(id));
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
