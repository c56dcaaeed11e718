import { SUBSCRIPTION_MESSAGES } from '@chatdesk/contract/subscriptions-rules';

/** The subscribe page's own texts (spec §4, §5, §8); the server's messages come from the contract. */
export const SUBSCRIBE_PAGE_MESSAGES = {
  noUsername: 'No employee username provided.',
  employeeNotFound: 'Employee not found.',
  loadFailed: 'Failed to load employee information',
  priceFailed: 'The subscription price could not be loaded. Please try again later.',
  emailInvalid: SUBSCRIPTION_MESSAGES.emailInvalid,
  stripeNotReady: 'Stripe is not ready yet. Please wait a moment.',
  stripeUnavailable: 'The payment form could not be loaded. Please check your connection and try again.',
  securityCheck: 'Please complete the security check.',
  securityCheckSucceeded: 'Security check successful! Your subscription is being processed.',
  securityCheckFailed: (message: string) => `Security check failed: ${message}`,
  creationFailed: 'Subscription creation failed. Please check your details or try again.',
  unexpected: 'An unexpected error occurred during subscription.',
  successTitle: 'Success!',
  succeeded: 'Subscription successful!',
  billing: 'Billed monthly, cancel anytime',
} as const;
