import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/build-test-app.ts';
import { startJsonServer } from '../../../test/fake-servers.ts';
import { registerErrorHandling } from '../../http/errors.ts';
import { PAYMENT_PROVIDER_UNAVAILABLE } from './stripe-errors.ts';

/** How the fake Stripe answers: a revoked key (401), a declined card (402), or a Stripe outage (500). */
let stripeMode: 'bad-key' | 'declined' | 'down' = 'bad-key';
let stripe: Awaited<ReturnType<typeof startJsonServer>>;
let t: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  stripe = await startJsonServer(() => {
    if (stripeMode === 'declined') {
      return {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
      };
    }
    if (stripeMode === 'down')
      return { status: 500, body: { error: { type: 'api_error', message: 'boom' } } };
    return {
      status: 401,
      body: {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_live_***oops' },
      },
    };
  });
  t = await buildTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_live_oops',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_oops',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PREMIUM_PRICE_ID: 'price_premium',
      STRIPE_API_BASE: stripe.url,
    },
  });
  ({ headers } = await t.signIn());
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function createSubscription() {
  const client = await t.app.inject({
    method: 'POST',
    url: '/api/clients',
    headers,
    payload: { name: 'Nora Gil', phone: '+34 600 111 222', email: `nora-${Date.now()}@example.com` },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers,
    payload: {
      clientId: client.json().id,
      paymentMethodId: 'pm_card_visa',
      planId: null,
      planName: 'Standard Plan',
      amount: 19.99,
      currency: 'usd',
      interval: 'month',
    },
  });
}

describe("a payment provider's failure, in our terms", () => {
  it('Stripe refusing our key is our 502, not a 401 that signs staff out, and reveals nothing', async () => {
    stripeMode = 'bad-key';
    const response = await createSubscription();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: PAYMENT_PROVIDER_UNAVAILABLE });
    expect((await t.app.inject({ url: '/api/subscriptions', headers })).statusCode).toBe(200);
  });

  it('a card Stripe declines is a 402 with its message for the cardholder; an outage is a 503', async () => {
    stripeMode = 'declined';
    const declined = await createSubscription();
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: 'Your card was declined.' });
    stripeMode = 'down';
    const down = await createSubscription();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: PAYMENT_PROVIDER_UNAVAILABLE });
  });
});

describe('the error handler', () => {
  it("trusts a status only from Fastify's own errors and ours: anything else is a 500 that reveals nothing", async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/foreign', async () => {
      throw Object.assign(new Error('Invalid API Key provided: sk_live_***'), {
        statusCode: 401,
        status: 401,
      });
    });
    app.get('/foreign-coded', async () => {
      throw Object.assign(new Error('Request failed with status code 403'), {
        statusCode: 403,
        code: 'E403',
      });
    });
    app.get('/too-big', async () => {
      throw Object.assign(new Error('Body too large'), {
        statusCode: 413,
        code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      });
    });
    app.get('/fastify', async () => {
      throw Object.assign(new Error('Not acceptable'), { statusCode: 406, code: 'FST_ERR_SOMETHING' });
    });
    for (const url of ['/foreign', '/foreign-coded']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(500);
      expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    }
    expect((await app.inject({ url: '/too-big' })).statusCode).toBe(413);
    expect((await app.inject({ url: '/fastify' })).statusCode).toBe(406);
    await app.close();
  });
});
