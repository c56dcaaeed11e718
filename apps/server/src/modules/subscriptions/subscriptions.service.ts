import { type Plan, SUBSCRIPTION_MESSAGES, type Subscription } from '@chatdesk/contract/subscriptions';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { EventBus } from '../../plugins/realtime.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.ts';

export const toSubscription = (row: SubscriptionRow): Subscription => ({
  id: row.id,
  client: { id: row.clientId, name: row.clientName, email: row.clientEmail },
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

export function createSubscriptionsService(deps: {
  repository: SubscriptionsRepository;
  events: EventBus;
  notify: Notify;
  clock: () => Date;
}) {
  const { repository, clock } = deps;

  async function load(id: string) {
    const row = await repository.findById(id);
    if (!row) throw notFound(SUBSCRIPTION_MESSAGES.notFound);
    return row;
  }

  return {
    async list(filter: { search?: string; status?: Subscription['status']; clientId?: string }) {
      return (await repository.list(filter)).map(toSubscription);
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

    /** At the end of the billing period by default, or at once. Offered only for live subscriptions not already canceling. */
    async cancel(id: string, cancelImmediately: boolean) {
      const row = await load(id);
      if (!['active', 'trialing'].includes(row.status) || row.cancelAtPeriodEnd) {
        throw conflict(SUBSCRIPTION_MESSAGES.notCancelable);
      }
      const now = clock();
      await repository.update(
        id,
        cancelImmediately
          ? { status: 'canceled', canceledAt: now, endedAt: now, cancelAtPeriodEnd: false }
          : { cancelAtPeriodEnd: true, canceledAt: now },
      );
      await deps.events.publish({ type: 'subscriptions.changed' });
      await deps.notify({
        type: 'info',
        title: cancelImmediately ? 'Subscription canceled' : 'Subscription will end',
        message: `${row.clientName}'s ${row.planName} ${
          cancelImmediately ? 'was canceled.' : 'will end at the end of the current period.'
        }`,
        link: `/subscriptions/${id}`,
      });
      return toSubscription(await load(id));
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
