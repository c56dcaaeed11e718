import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AssistantEngine } from '../modules/assistant/assistant-engine.ts';
import { createLlmAssistant } from '../modules/assistant/llm-assistant.ts';
import { createRuleBasedAssistant } from '../modules/assistant/rule-based-assistant.ts';
import { createLogMailer } from './mail/log-mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import { createSmtpMailer } from './mail/smtp-mailer.ts';
import { createLocalPaymentProvider, type LocalPaymentProvider } from './payments/local-payment-provider.ts';
import { createLocalSubscriptions, type LocalSubscriptions } from './payments/local-subscriptions.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { createStripePaymentProvider } from './payments/stripe-payment-provider.ts';
import { createStripeSubscriptions } from './payments/stripe-subscriptions.ts';
import type { SubscriptionProvider } from './payments/subscription-provider.ts';
import { createCloudApiChannel } from './whatsapp/cloud-api-channel.ts';
import { createLocalWhatsAppChannel } from './whatsapp/local-channel.ts';
import type { WhatsAppChannel } from './whatsapp/whatsapp-channel.ts';

export type Integrations = {
  payments: PaymentProvider;
  /** Set only when the local payment provider is in use. */
  localPayments: LocalPaymentProvider | null;
  subscriptions: SubscriptionProvider;
  /** Set only when the local payment provider is in use. */
  localSubscriptions: LocalSubscriptions | null;
  /** The Stripe client, when Stripe is configured (webhooks use it). */
  stripe: Stripe | null;
  mailer: Mailer;
  whatsapp: WhatsAppChannel;
  assistant: AssistantEngine;
};

/** The one place integrations are chosen: the real one when its keys are set, else the local one. */
export function chooseIntegrations(
  config: Config,
  db: Db,
  clock: () => Date,
  logger?: Pick<Logger, 'info'> & { info: (o: object, m: string) => void },
): Integrations {
  const localPayments = config.stripe ? null : createLocalPaymentProvider({ db, clock });
  const stripeProvider = config.stripe ? createStripePaymentProvider(config.stripe) : null;
  const payments: PaymentProvider = stripeProvider ?? localPayments!;
  const localSubscriptions = config.stripe ? null : createLocalSubscriptions({ db, clock });
  const subscriptions: SubscriptionProvider = stripeProvider
    ? createStripeSubscriptions(stripeProvider.stripe, config.stripe?.premiumPriceId ?? null)
    : localSubscriptions!;
  const mailer = config.smtp ? createSmtpMailer(config.smtp) : createLogMailer(logger);
  const { token, phoneNumberId, businessAccountId, apiUrl } = config.whatsapp;
  const whatsapp =
    token && phoneNumberId
      ? createCloudApiChannel({ token, phoneNumberId, businessAccountId, apiUrl })
      : createLocalWhatsAppChannel(logger);
  const assistant = config.llm ? createLlmAssistant(config.llm) : createRuleBasedAssistant();
  logger?.info(
    [
      `payments: ${payments.name === 'stripe' ? 'Stripe' : 'local test provider (no STRIPE_SECRET_KEY)'}`,
      `mail: ${mailer.name === 'smtp' ? 'SMTP' : 'outbox and log (no SMTP_URL)'}`,
      `WhatsApp: ${whatsapp.name === 'cloud-api' ? 'Cloud API' : 'not connected (no WHATSAPP_TOKEN); replies are stored only'}`,
      `assistant: ${config.llm ? `LLM ${config.llm.model} at ${config.llm.baseUrl}` : 'built-in rule-based (no LLM_BASE_URL)'}`,
    ].join('; '),
  );
  return {
    payments,
    localPayments,
    subscriptions,
    localSubscriptions,
    stripe: stripeProvider?.stripe ?? null,
    mailer,
    whatsapp,
    assistant,
  };
}
