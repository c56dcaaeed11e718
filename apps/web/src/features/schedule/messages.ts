/** The booking page's own texts (spec §8); the server's messages come from the contract. */
export const SCHEDULE_PAGE_MESSAGES = {
  loadFailed: 'Failed to load employee schedule',
  bookingFailed: 'Failed to book appointment. Please try again.',
  paymentFailed: 'Payment failed.',
  stripeNotReady: 'Stripe is not ready yet. Please wait a moment.',
  stripeUnavailable: 'The payment form could not be loaded. Please check your connection and try again.',
  bookingSucceededTitle: 'Booking Successful!',
  bookingSucceeded: 'Your appointment has been booked. You will receive a confirmation email shortly.',
  defaultTitle: 'Professional',
} as const;
