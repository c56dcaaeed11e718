import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { startFakeStripe } from '../../../test/fake-stripe.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLocalPaymentProvider, TEST_CARDS } from './local-payment-provider.ts';
import { createStripePaymentProvider } from './stripe-payment-provider.ts';

// A refund whose answer was lost (the process died after asking) is found by its idempotency key:
// how the pack refunds' sweep learns whether the money went back (decisions/028's addendum).
const now = new Date('2026-11-20T10:00:00Z');
let t: TestContext;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  fake = await startFakeStripe();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('the local provider', () => {
  it('finds the refund made with a key, after a restart too, and a key refunds once', async () => {
    const local = createLocalPaymentProvider({ db: t.db, clock: () => now });
    const intent = await local.createPaymentIntent({
      amount: 35000,
      currency: 'eur',
      description: 'Bono',
      metadata: {},
    });
    await local.confirmCard(intent.clientSecret, {
      number: TEST_CARDS.success,
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    expect(await local.findRefund(intent.id, 'pack-refund-a')).toBeNull();
    await local.refundPaymentIntent(intent.id, { amount: 20000, idempotencyKey: 'pack-refund-a' });

    // Another process (a restart, another instance): the key is kept with the payment.
    const restarted = createLocalPaymentProvider({ db: t.db, clock: () => now });
    expect(await restarted.findRefund(intent.id, 'pack-refund-a')).toEqual({ amount: 20000 });
    expect(await restarted.findRefund(intent.id, 'pack-refund-b')).toBeNull();
    await restarted.refundPaymentIntent(intent.id, { amount: 20000, idempotencyKey: 'pack-refund-a' });
    expect(await restarted.retrievePaymentIntent(intent.id)).toMatchObject({
      amountRefunded: 20000,
      refunded: false,
    });
    // More than is left is still refused, and leaves no key behind.
    await expect(
      restarted.refundPaymentIntent(intent.id, { amount: 20000, idempotencyKey: 'pack-refund-b' }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await restarted.findRefund(intent.id, 'pack-refund-b')).toBeNull();
    expect(await restarted.findRefund('pi_local_none', 'pack-refund-a')).toBeNull();
  });
});

describe('Stripe', () => {
  const url = () => new URL(fake.url);
  const stripe = () =>
    createStripePaymentProvider({
      secretKey: 'sk_test_local',
      publishableKey: 'pk_test_local',
      apiHost: { host: url().hostname, port: Number(url().port), protocol: 'http' },
    });

  it("finds the refund by the key in its metadata, not a failed one, and an outage throws (not 'none')", async () => {
    const provider = stripe();
    const intent = await provider.createPaymentIntent({
      amount: 35000,
      currency: 'eur',
      description: 'Bono',
      metadata: {},
    });
    fake.succeed(intent.id);
    expect(await provider.findRefund(intent.id, 'pack-refund-a')).toBeNull();
    await provider.refundPaymentIntent(intent.id, { amount: 12000, idempotencyKey: 'pack-refund-a' });
    await provider.refundPaymentIntent(intent.id, { amount: 1000, idempotencyKey: 'other' });
    expect(await provider.findRefund(intent.id, 'pack-refund-a')).toEqual({ amount: 12000 });
    expect(await provider.findRefund(intent.id, 'pack-refund-b')).toBeNull();

    // A refund Stripe could not make gave nothing back.
    fake.refunds.find((r) => r.metadata.refund_key === 'pack-refund-a')!.status = 'failed';
    expect(await provider.findRefund(intent.id, 'pack-refund-a')).toBeNull();

    fake.setOutage('server-error');
    try {
      const outage = await provider.findRefund(intent.id, 'pack-refund-a').catch((error: unknown) => error);
      expect(outage).toBeInstanceOf(AppError);
      expect(outage).toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      fake.setOutage(null);
    }
  });
});
