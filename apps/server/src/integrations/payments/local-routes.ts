import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { LocalPaymentProvider } from './local-payment-provider.ts';
import type { LocalSubscriptions } from './local-subscriptions.ts';
import type { ProviderInvoicePayment } from './subscription-provider.ts';

const tags = ['payments'];

export type LocalPaymentHooks = {
  /** A subscription's first invoice was paid after the security check, as Stripe's invoice.paid says. */
  onSubscriptionPaid(providerSubscriptionId: string, payment: ProviderInvoicePayment): Promise<void>;
};

/**
 * The local provider's stand-in for Stripe.js: the card form posts here. Registered by the local
 * integration itself, and only while no Stripe keys are set.
 */
export function localPaymentRoutes(
  provider: LocalPaymentProvider,
  subscriptions: LocalSubscriptions,
): FastifyPluginAsyncZod<LocalPaymentHooks> {
  return async (app, hooks) => {
    route(
      app,
      endpoints.localPayments.createPaymentMethod,
      { tags, summary: 'Local provider: save a test card (Stripe.js createPaymentMethod)' },
      async (request) => subscriptions.createPaymentMethod(request.body.card),
    );
    route(
      app,
      endpoints.localPayments.confirm,
      { tags, summary: 'Local provider: pay with a test card' },
      async (request) => provider.confirmCard(request.body.clientSecret, request.body.card),
    );
    route(
      app,
      endpoints.localPayments.authenticate,
      { tags, summary: "Local provider: approve or fail the card's security check" },
      async (request) => {
        const intent = await provider.authenticate(request.body.clientSecret, request.body.approve);
        // A subscription's first invoice: the subscription starts once the check passed.
        if (intent.metadata.purpose === 'subscription') {
          const completed = await subscriptions.completePendingPayment(intent.id);
          if (completed) await hooks.onSubscriptionPaid(completed.subscription.id, completed.payment);
        }
        return intent;
      },
    );
  };
}
