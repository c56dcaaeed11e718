import {
  PACK_MESSAGES,
  type PackPurchase,
  type PublicPack,
  type packCheckoutSchema,
} from '@chatdesk/contract/packs';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import type { PaymentIntent, PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/app-error.ts';
import { formatMoney } from '../../lib/money.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService, Notify } from '../notifications/notifications.service.ts';
import { type PackEmailLanguage, packPurchaseEmail } from './pack-email.ts';
import type { ClientPackRow } from './pack-writes.ts';
import type { PacksRepository } from './packs.repository.ts';

/** What a pack's payment carries, as the server wrote it when opening it. */
const PACK_PURPOSE = 'pack';

/** A pack of price 0 has nothing to pay online: staff give it at the desk. */
const FREE_PACK = 'This pack cannot be bought online. Please ask the business.';

const toPurchase = (row: ClientPackRow, email: string): PackPurchase => ({
  name: row.name,
  serviceName: row.serviceName,
  sessionsTotal: row.sessionsTotal,
  sessionsLeft: row.sessionsLeft,
  expiresAt: row.expiresAt.toISOString(),
  email,
});

/**
 * Packs bought on the public booking page, through the payment provider exactly as a paid booking
 * is: the server sets the amount when it opens the payment, and sells the pack only for a payment
 * the provider says succeeded, once per payment (the page and the provider's webhook may both ask).
 * Money taken for a pack that cannot be sold goes back.
 */
export function createPackPurchasesService(deps: {
  repository: PacksRepository;
  payments: PaymentProvider;
  company: CompanyService;
  mail: MailService;
  notify: Notify;
  notifications: Pick<NotificationsService, 'notifyIn'>;
  events: EventBus;
  publicUrl: string;
  clock: () => Date;
  log?: { warn: (object: unknown, message: string) => void };
}) {
  const { repository, payments, clock } = deps;

  /** Gives a paid purchase's money back and tells staff; answers whether the refund went through. */
  async function giveBack(intent: PaymentIntent, why: string): Promise<boolean> {
    let refunded = true;
    try {
      await payments.refundPaymentIntent(intent.id);
    } catch (error) {
      refunded = false;
      deps.log?.warn({ err: error, paymentIntentId: intent.id }, 'refund of a pack purchase failed');
    }
    const paid = `${formatMoney(intent.amount, intent.currency)} (payment ${intent.id})`;
    await deps.notify({
      type: refunded ? 'warning' : 'error',
      title: refunded ? 'Pack purchase failed, payment refunded' : 'Pack purchase failed, refund it by hand',
      message: refunded
        ? `A visitor paid ${paid} for a pack but it could not be created (${why}). The payment was refunded.`
        : `A visitor paid ${paid} for a pack but it could not be created (${why}) and the refund failed: refund it with the payment provider.`,
      link: null,
    });
    return refunded;
  }

  async function complete(intent: PaymentIntent): Promise<PackPurchase> {
    const m = intent.metadata;
    const email = m.clientEmail ?? '';
    const previous = await repository.byPayment(intent.id);
    if (previous) return toPurchase(previous, email);
    if (intent.status !== 'succeeded' || intent.refunded) throw conflict(PACK_MESSAGES.paymentNotCompleted);
    const pack = m.packId ? await repository.get(m.packId) : undefined;
    if (!pack || !m.clientName || !email || !m.clientPhone) {
      const refunded = await giveBack(intent, 'the pack or the buyer is missing');
      throw conflict(refunded ? PACK_MESSAGES.purchaseFailedRefunded : PACK_MESSAGES.paymentNotCompleted);
    }
    const { timeZone, name: businessName } = await deps.company.get();
    const language: PackEmailLanguage = m.language === 'es' ? 'es' : 'en';
    const at = clock();
    let confirmation: string | undefined;
    let outcome: Awaited<ReturnType<PacksRepository['purchase']>>;
    try {
      outcome = await repository.purchase(
        {
          pack,
          client: { name: m.clientName, email, phone: m.clientPhone },
          payment: {
            providerPaymentId: intent.id,
            amount: intent.amount,
            currency: intent.currency,
            method: intent.card ? `${intent.card.brand} •••• ${intent.card.last4}` : 'card',
          },
          at,
          language,
        },
        async (tx, sold) => {
          await deps.notifications.notifyIn(tx, {
            type: 'success',
            title: 'Pack sold',
            message: `${m.clientName} bought ${sold.name} (${sold.sessionsTotal} × ${sold.serviceName}) online for ${formatMoney(sold.priceAmount, sold.currency)}.`,
            link: null,
          });
          await tx.execute(deps.events.inStatement({ type: 'clients.changed' }));
          confirmation = await deps.mail.writeIn(
            tx,
            packPurchaseEmail(
              {
                clientName: m.clientName!,
                clientEmail: email,
                name: sold.name,
                serviceName: sold.serviceName,
                sessions: sold.sessionsTotal,
                paid: { amount: sold.priceAmount, currency: sold.currency },
                expiresAt: sold.expiresAt,
                timeZone,
                bookUrl: `${deps.publicUrl}/book`,
              },
              { name: businessName },
              language,
            ),
          );
        },
      );
    } catch (error) {
      // Paid but not sold, whatever the cause: never keep the money without the pack.
      const again = await repository.byPayment(intent.id);
      if (again) return toPurchase(again, email);
      deps.log?.warn({ err: error, paymentIntentId: intent.id }, 'a paid pack could not be saved');
      if (!(await giveBack(intent, 'the pack could not be saved'))) throw error;
      throw conflict(PACK_MESSAGES.purchaseFailedRefunded);
    }
    if (outcome === 'duplicate') {
      const sold = await repository.byPayment(intent.id);
      return toPurchase(sold!, email);
    }
    try {
      if (confirmation) await deps.mail.dispatch(confirmation);
    } catch (error) {
      deps.log?.warn({ err: error, clientPackId: outcome.id }, 'pack sold; its email is left to recovery');
    }
    return toPurchase(outcome, email);
  }

  return {
    /** The packs of a service on sale to the public, fewest sessions first. */
    async onSale(serviceId: string): Promise<PublicPack[]> {
      return (await repository.onSale(serviceId)).map((row) => ({
        id: row.id,
        serviceId: row.serviceId,
        name: row.name,
        sessions: row.sessions,
        priceAmount: row.priceAmount,
        currency: row.currency,
        validityDays: row.validityDays,
      }));
    },

    /** Opens the pack's payment at its price; the buyer rides on it until the pack is sold. */
    async checkout(input: z.output<typeof packCheckoutSchema>) {
      const pack = await repository.get(input.packId);
      if (!pack) throw notFound(PACK_MESSAGES.notFound);
      if (pack.archivedAt || !(await repository.onSale(pack.serviceId)).some((p) => p.id === pack.id))
        throw conflict(PACK_MESSAGES.archived);
      if (pack.priceAmount === 0) throw conflict(FREE_PACK);
      const intent = await payments.createPaymentIntent({
        amount: pack.priceAmount,
        currency: pack.currency,
        description: `${pack.name} (${pack.sessions} × ${pack.serviceName})`,
        metadata: {
          purpose: PACK_PURPOSE,
          packId: pack.id,
          clientName: input.clientInfo.name,
          clientEmail: input.clientInfo.email,
          clientPhone: input.clientInfo.phone,
          language: input.language,
        },
      });
      return {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
      };
    },

    /** The page paid: sold once the provider confirms the payment, answered the same if asked again. */
    async purchase(paymentIntentId: string): Promise<PackPurchase> {
      const intent = await payments.retrievePaymentIntent(paymentIntentId);
      if (!intent) throw notFound(PACK_MESSAGES.paymentNotCompleted);
      if (intent.metadata.purpose !== PACK_PURPOSE) throw invalid(PACK_MESSAGES.paymentNotForPack);
      return complete(intent);
    },

    /**
     * The provider says a payment succeeded (webhook): a pack's is sold now if the page closed
     * after paying. Answers whether the payment was a pack's.
     */
    async completeFromProvider(paymentIntentId: string): Promise<boolean> {
      const intent = await payments.retrievePaymentIntent(paymentIntentId);
      if (intent?.metadata.purpose !== PACK_PURPOSE) return false;
      try {
        await complete(intent);
      } catch (error) {
        // Refused for good (and refunded where money was taken): a retry would change nothing.
        if (!(error instanceof AppError && error.status < 500)) throw error;
      }
      return true;
    },
  };
}

export type PackPurchasesService = ReturnType<typeof createPackPurchasesService>;
