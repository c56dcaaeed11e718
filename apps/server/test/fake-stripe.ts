import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
};
type Charge = {
  id: string;
  object: 'charge';
  payment_intent: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  payment_method_details: {
    type: 'card';
    card: { brand: string; last4: string; exp_month: number; exp_year: number };
  };
};

/** Parses Stripe's form encoding: a=1&metadata[b]=2&expand[]=x. */
function parseForm(body: string) {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^(\w+)\[(\w*)\]$/.exec(key);
    if (!nested) {
      result[key] = value;
      continue;
    }
    const [, parent, child] = nested as unknown as [string, string, string];
    if (child === '' || /^\d+$/.test(child))
      result[parent] = [...((result[parent] as string[]) ?? []), value];
    else result[parent] = { ...((result[parent] as object) ?? {}), [child]: value };
  }
  return result;
}

/** How Stripe fails while it is down: the connection drops, it answers 500, or it rate-limits us. */
export type Outage = 'network' | 'server-error' | 'rate-limit';

/** A local HTTP server speaking the part of Stripe's API the app uses, for the official SDK to talk to. */
export async function startFakeStripe() {
  const intents = new Map<string, Intent>();
  type Sub = {
    id: string;
    object: 'subscription';
    customer: string;
    status: string;
    cancel_at_period_end: boolean;
    canceled_at: number | null;
    ended_at: number | null;
    metadata: Record<string, string>;
    items: {
      object: 'list';
      data: Array<{
        id: string;
        current_period_start: number;
        current_period_end: number;
        price: { id: string; unit_amount: number; currency: string; recurring: { interval: string } };
      }>;
    };
    latest_invoice: string | null;
  };
  const subscriptions = new Map<string, Sub>();
  const prices = new Map<
    string,
    { id: string; object: 'price'; unit_amount: number; currency: string; recurring: { interval: string } }
  >();
  const charges = new Map<string, Charge>();
  const refundsByKey = new Map<string, object>();
  const refunds: Array<{ payment_intent: string; status: string; metadata: Record<string, string> }> = [];
  const customers = new Map<string, { id: string; object: 'customer'; email: string | null }>();
  const requests: string[] = [];
  let outage: Outage | null = null;
  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
  const error = (res: http.ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', code, message } }));
  };

  const server = http.createServer((req, res) => {
    if (outage === 'network') {
      req.socket.destroy();
      return;
    }
    if (outage === 'server-error') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
      return;
    }
    if (outage === 'rate-limit') {
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' },
        }),
      );
      return;
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      requests.push(`${req.method} ${url.pathname}`);
      const form = parseForm(req.method === 'GET' ? url.search.slice(1) : body);
      const send = (value: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const intent: Intent = {
          id: id('pi'),
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: String(form.currency),
          status: 'requires_payment_method',
          client_secret: '',
          description: (form.description as string) ?? null,
          metadata: (form.metadata as Record<string, string>) ?? {},
          latest_charge: null,
        };
        intent.client_secret = `${intent.id}_secret_${randomBytes(6).toString('hex')}`;
        intents.set(intent.id, intent);
        return send(intent);
      }
      const intentMatch = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'POST' && intentMatch) {
        const intent = intents.get(intentMatch[1]!);
        if (!intent)
          return error(res, 404, 'resource_missing', `No such payment_intent: '${intentMatch[1]}'`);
        // As Stripe: a metadata key set to an empty value is deleted.
        for (const [key, value] of Object.entries((form.metadata as Record<string, string>) ?? {})) {
          if (value === '') delete intent.metadata[key];
          else intent.metadata[key] = value;
        }
        return send(intent);
      }
      if (req.method === 'GET' && intentMatch) {
        const intent = intents.get(intentMatch[1]!);
        if (!intent)
          return error(res, 404, 'resource_missing', `No such payment_intent: '${intentMatch[1]}'`);
        const expand = (form.expand as string[] | undefined) ?? [];
        const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
        return send({
          ...intent,
          latest_charge: expand.includes('latest_charge') ? (charge ?? null) : intent.latest_charge,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const intent = intents.get(String(form.payment_intent));
        const charge = intent?.latest_charge ? charges.get(intent.latest_charge) : undefined;
        if (!charge) return error(res, 404, 'resource_missing', 'No such payment_intent');
        // As Stripe: a key seen before answers the same refund, and refunds nothing more.
        const key = req.headers['idempotency-key'];
        const seen = typeof key === 'string' ? refundsByKey.get(key) : undefined;
        if (seen) return send(seen);
        if (charge.refunded)
          return error(res, 400, 'charge_already_refunded', 'Charge has already been refunded.');
        const amount =
          form.amount === undefined ? charge.amount - charge.amount_refunded : Number(form.amount);
        if (amount > charge.amount - charge.amount_refunded)
          return error(
            res,
            400,
            'amount_too_large',
            'Refund amount is greater than the amount left to refund on this charge.',
          );
        charge.amount_refunded += amount;
        charge.refunded = charge.amount_refunded >= charge.amount;
        const refund = {
          id: id('re'),
          object: 'refund',
          payment_intent: intent!.id,
          amount,
          status: 'succeeded',
          metadata: (form.metadata as Record<string, string>) ?? {},
        };
        if (typeof key === 'string') refundsByKey.set(key, refund);
        refunds.push(refund);
        return send(refund);
      }
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const data = refunds.filter((r) => !form.payment_intent || r.payment_intent === form.payment_intent);
        return send({ object: 'list', url: '/v1/refunds', data, has_more: false });
      }
      if (req.method === 'GET' && url.pathname === '/v1/customers')
        return send({ object: 'list', data: [], has_more: false });
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        const customer = {
          id: id('cus'),
          object: 'customer' as const,
          email: (form.email as string) ?? null,
        };
        customers.set(customer.id, customer);
        return send(customer);
      }
      const customerMatch = /^\/v1\/customers\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && customerMatch) {
        if (!customers.delete(customerMatch[1]!))
          return error(res, 404, 'resource_missing', 'No such customer');
        return send({ id: customerMatch[1], object: 'customer', deleted: true });
      }
      if (req.method === 'POST' && /^\/v1\/payment_methods\/\w+\/attach$/.test(url.pathname)) {
        return send({ id: url.pathname.split('/')[3], object: 'payment_method', customer: form.customer });
      }
      if (req.method === 'POST' && url.pathname === '/v1/products')
        return send({ id: id('prod'), object: 'product', name: form.name });
      const priceMatch = /^\/v1\/prices\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && priceMatch) {
        const price = prices.get(priceMatch[1]!);
        return price ? send(price) : error(res, 404, 'resource_missing', 'No such price');
      }
      if (req.method === 'POST' && url.pathname === '/v1/subscriptions') {
        const raw = new URLSearchParams(body);
        const price = raw.get('items[0][price]')
          ? prices.get(raw.get('items[0][price]')!)!
          : {
              id: id('price'),
              object: 'price' as const,
              unit_amount: Number(raw.get('items[0][price_data][unit_amount]')),
              currency: raw.get('items[0][price_data][currency]')!,
              recurring: { interval: raw.get('items[0][price_data][recurring][interval]')! },
            };
        const now = Math.floor(Date.now() / 1000);
        const subscription: Sub = {
          id: id('sub'),
          object: 'subscription',
          customer: String(form.customer),
          status: 'active',
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
          metadata: (form.metadata as Record<string, string>) ?? {},
          items: {
            object: 'list',
            data: [{ id: id('si'), current_period_start: now, current_period_end: now + 30 * 86400, price }],
          },
          latest_invoice: null,
        };
        subscriptions.set(subscription.id, subscription);
        return send({
          ...subscription,
          latest_invoice: {
            id: id('in'),
            object: 'invoice',
            status: 'paid',
            amount_paid: price.unit_amount,
            currency: price.currency,
            status_transitions: { paid_at: now },
          },
        });
      }
      const subMatch = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname);
      if (subMatch) {
        const subscription = subscriptions.get(subMatch[1]!);
        if (!subscription) return error(res, 404, 'resource_missing', 'No such subscription');
        if (req.method === 'POST' && form.cancel_at_period_end === 'true')
          subscription.cancel_at_period_end = true;
        if (req.method === 'DELETE') {
          subscription.status = 'canceled';
          subscription.canceled_at = Math.floor(Date.now() / 1000);
          subscription.ended_at = subscription.canceled_at;
        }
        return send(subscription);
      }
      error(res, 404, 'resource_missing', `Unrecognized request URL (${req.method}: ${url.pathname})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    /** What Stripe.js would do once the card is accepted. */
    succeed(intentId: string, card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }) {
      const intent = intents.get(intentId)!;
      const charge: Charge = {
        id: id('ch'),
        object: 'charge',
        payment_intent: intentId,
        amount: intent.amount,
        amount_refunded: 0,
        refunded: false,
        payment_method_details: { type: 'card', card },
      };
      charges.set(charge.id, charge);
      intent.status = 'succeeded';
      intent.latest_charge = charge.id;
      return intent;
    },
    subscriptions,
    customers,
    /** Every refund made, with its metadata; a test may mark one failed as Stripe would. */
    refunds,
    addPrice(priceId: string, unitAmount: number, currency: string) {
      prices.set(priceId, {
        id: priceId,
        object: 'price',
        unit_amount: unitAmount,
        currency,
        recurring: { interval: 'month' },
      });
    },
    /** Until called again with null, every request fails the way Stripe does in that outage. */
    setOutage(mode: Outage | null) {
      outage = mode;
    },
    refunded(intentId: string) {
      const chargeId = intents.get(intentId)?.latest_charge;
      return chargeId ? charges.get(chargeId)!.refunded : false;
    },
    /** Minor units refunded of the payment's charge so far. */
    amountRefunded(intentId: string) {
      const chargeId = intents.get(intentId)?.latest_charge;
      return chargeId ? charges.get(chargeId)!.amount_refunded : 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
