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

/** A local HTTP server speaking the part of Stripe's API the app uses, for the official SDK to talk to. */
export async function startFakeStripe() {
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Charge>();
  const requests: string[] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
  const error = (res: http.ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', code, message } }));
  };

  const server = http.createServer((req, res) => {
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
        if (charge.refunded)
          return error(res, 400, 'charge_already_refunded', 'Charge has already been refunded.');
        charge.refunded = true;
        return send({ id: id('re'), object: 'refund', payment_intent: intent!.id, status: 'succeeded' });
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
        refunded: false,
        payment_method_details: { type: 'card', card },
      };
      charges.set(charge.id, charge);
      intent.status = 'succeeded';
      intent.latest_charge = charge.id;
      return intent;
    },
    refunded(intentId: string) {
      const chargeId = intents.get(intentId)?.latest_charge;
      return chargeId ? charges.get(chargeId)!.refunded : false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
