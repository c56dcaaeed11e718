import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AssistantEngine } from '../modules/assistant/assistant-engine.ts';
import { createRuleBasedAssistant } from '../modules/assistant/rule-based-assistant.ts';
import { createLogMailer } from './mail/log-mailer.ts';
import type { Mailer } from './mail/mailer.ts';
import { createLocalPaymentProvider } from './payments/local-payment-provider.ts';
import { type LocalPaymentHooks, localPaymentRoutes } from './payments/local-routes.ts';
import { createLocalSubscriptions } from './payments/local-subscriptions.ts';
import type { PaymentEventSource } from './payments/payment-events.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import type {
  ProviderInvoicePayment,
  ProviderSubscription,
  SubscriptionProvider,
} from './payments/subscription-provider.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import { createTwilioSmsSender } from './sms/twilio-sms-sender.ts';
import { createCloudApiChannel } from './whatsapp/cloud-api-channel.ts';
import { createLocalWhatsAppChannel, LOCAL_CODE_TEMPLATE } from './whatsapp/local-channel.ts';
import type { CodeTemplate, WhatsAppChannel } from './whatsapp/whatsapp-channel.ts';

/** What only the local payment stand-in needs from the app: its card-form routes and its clock. */
export type LocalPaymentStandIn = {
  /** Registered under /api/payments/local, only while the local provider is in use. */
  routes: FastifyPluginAsyncZod<LocalPaymentHooks>;
  /** Renews and ends local subscriptions whose period has passed (Stripe does this on its own side). */
  advanceSubscriptions(): Promise<
    Array<{ subscription: ProviderSubscription; payment: ProviderInvoicePayment | null }>
  >;
};

export type Integrations = {
  payments: PaymentProvider;
  subscriptions: SubscriptionProvider;
  /** The payment provider's signed webhooks, read into our events; null when it sends none. */
  paymentEvents: PaymentEventSource | null;
  mailer: Mailer;
  whatsapp: WhatsAppChannel;
  /** The template one-time codes go by WhatsApp with: the configured one, the local channel's own, or none. */
  whatsappCodeTemplate: CodeTemplate | null;
  /** Text messages, for the web chat's codes where WhatsApp cannot send them; null without Twilio keys. */
  sms: SmsSender | null;
  assistant: AssistantEngine;
  /** Set only while the local payment provider is in use. */
  localPayments: LocalPaymentStandIn | null;
};

/**
 * The one place integrations are chosen: the real one when its keys are set, else the local one.
 * A real one's library (Stripe, nodemailer, the AI SDK) is imported only when it is chosen: a
 * server without those keys does not pay for loading them at every start.
 */
export async function chooseIntegrations(
  config: Config,
  db: Db,
  clock: () => Date,
  logger?: Pick<Logger, 'info'>,
): Promise<Integrations> {
  const mailer = config.smtp
    ? (await import('./mail/smtp-mailer.ts')).createSmtpMailer(config.smtp)
    : createLogMailer(logger);
  const { token, phoneNumberId, businessAccountId, apiUrl } = config.whatsapp;
  const whatsapp =
    token && phoneNumberId
      ? createCloudApiChannel({ token, phoneNumberId, businessAccountId, apiUrl })
      : createLocalWhatsAppChannel(logger);
  const sms = config.sms ? createTwilioSmsSender(config.sms) : null;
  const assistant = config.llm
    ? (await import('../modules/assistant/llm-assistant.ts')).createLlmAssistant(config.llm)
    : createRuleBasedAssistant();
  const payments = await choosePayments(config, db, clock);
  logger?.info(
    [
      `payments: ${payments.payments.name === 'stripe' ? 'Stripe' : 'local test provider (no STRIPE_SECRET_KEY)'}`,
      `mail: ${mailer.name === 'smtp' ? 'SMTP' : 'outbox and log (no SMTP_URL)'}`,
      `WhatsApp: ${whatsapp.name === 'cloud-api' ? 'Cloud API' : 'not connected (no WHATSAPP_TOKEN); replies are stored only'}`,
      `SMS: ${sms ? 'Twilio' : 'none (no TWILIO_ACCOUNT_SID)'}`,
      `assistant: ${config.llm ? `LLM ${config.llm.model} at ${config.llm.baseUrl}` : 'built-in rule-based (no LLM_BASE_URL)'}`,
    ].join('; '),
  );
  // The local stand-in "sends" codes only outside production: a live install without WhatsApp
  // must not offer visitors a code that goes nowhere.
  const whatsappCodeTemplate =
    whatsapp.name === 'local'
      ? config.env === 'production'
        ? null
        : LOCAL_CODE_TEMPLATE
      : (config.whatsapp.codeTemplate ?? null);
  return { ...payments, mailer, whatsapp, whatsappCodeTemplate, sms, assistant };
}

async function choosePayments(config: Config, db: Db, clock: () => Date) {
  if (config.stripe) {
    const [{ createStripePaymentProvider }, { createStripeSubscriptions }, { createStripeEventSource }] =
      await Promise.all([
        import('./payments/stripe-payment-provider.ts'),
        import('./payments/stripe-subscriptions.ts'),
        import('./payments/stripe-events.ts'),
      ]);
    const provider = createStripePaymentProvider(config.stripe);
    return {
      payments: provider,
      subscriptions: createStripeSubscriptions(provider.stripe, config.stripe.premiumPriceId ?? null),
      paymentEvents: config.stripe.webhookSecret
        ? createStripeEventSource(provider.stripe, config.stripe.webhookSecret, clock)
        : null,
      localPayments: null,
    };
  }
  const provider = createLocalPaymentProvider({ db, clock });
  const subscriptions = createLocalSubscriptions({ db, clock });
  return {
    payments: provider,
    subscriptions,
    paymentEvents: null,
    localPayments: {
      routes: localPaymentRoutes(provider, subscriptions),
      advanceSubscriptions: subscriptions.advance,
    },
  };
}
