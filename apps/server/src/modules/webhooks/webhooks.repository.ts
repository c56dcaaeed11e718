import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookEvents } from '../../db/schema.ts';
import { paymentWrites } from '../payments/payment-writes.ts';

export function createWebhooksRepository(db: Db) {
  return {
    /** Records a delivery; false when this event was seen before. */
    async markSeen(provider: string, eventId: string) {
      const rows = await db
        .insert(webhookEvents)
        .values({ provider, eventId })
        .onConflictDoNothing()
        .returning({ eventId: webhookEvents.eventId });
      return rows.length > 0;
    },
    async forget(provider: string, eventId: string) {
      await db
        .delete(webhookEvents)
        .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
    },
    async recordPaymentRefunded(
      providerPaymentId: string,
      given: { refunded: number | null; whole: boolean },
    ) {
      return paymentWrites.recordRefunded(db, providerPaymentId, given);
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
