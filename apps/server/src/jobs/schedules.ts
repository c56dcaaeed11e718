import type { Services } from '../composition/services.ts';
import type { Integrations } from '../integrations/choose-integrations.ts';

// Reminders go out within a minute of their time.
const RENEWAL_INTERVAL_MS = 60_000;

export type Schedules = {
  /** One pass of every scheduled task, as the timer runs it (tests call it with a moved clock). */
  runOnce(): Promise<void>;
  /** Starts the timers; returns the function that stops them. */
  start(onError: (error: unknown) => void): () => void;
};

/**
 * Clock-driven work: the local payment provider renews and ends its subscriptions as periods pass,
 * first payments left waiting past the provider's window are canceled, appointment reminders
 * that fell due are sent, refunds owed by cancellations a crash cut short are made, and dead
 * sessions and spent sign-in counters are deleted.
 */
export function createSchedules(services: Services, integrations: Integrations): Schedules {
  const local = integrations.localPayments;
  const runOnce = async () => {
    if (local) await services.subscriptions.runLocalRenewals(local.advanceSubscriptions);
    await services.subscriptions.expireIncomplete();
    await services.reminders.sendDue();
    await services.manageBooking.finishDueRefunds();
    await services.auth.forgetStale();
  };
  return {
    runOnce,
    start(onError) {
      const timer = setInterval(() => runOnce().catch(onError), RENEWAL_INTERVAL_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
