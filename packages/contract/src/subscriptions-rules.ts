// The zod-free half of the subscriptions contract, so the public subscribe page can use it
// without zod's weight.

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
] as const;
export const SUBSCRIPTION_MESSAGES = {
  notFound: 'Subscription not found',
  notCancelable: 'Only active or trialing subscriptions that are not already canceling can be canceled.',
  clientRequired: 'Client is required',
  planNameRequired: 'Plan name is required',
  amountInvalid: 'Amount must be a number of at least 0',
  clientNotFound: 'Client not found',
  paymentMethodRequired: 'A payment method is required',
  emailInvalid: 'Please enter a valid email address.',
  employeeNotFound: 'Employee not found',
  priceNotFound: 'Price not found',
  alreadySubscribed:
    'This email already has a subscription to this premium content. Check your inbox for its receipt, or contact us to change it.',
  inProgress: 'A subscription for this email is already being processed. Please wait a moment and try again.',
} as const;

/** The alias the public page uses for the configured premium price. */
export const PREMIUM_PRICE_ALIAS = 'premium';
