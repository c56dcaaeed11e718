import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';

let t: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await t.signIn());
});
afterAll(() => t.close());

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Operation = {
  parameters?: Array<{ in: string; name: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

describe('text with a NUL character', () => {
  it('is refused with a message, wherever it is sent', async () => {
    const requests = [
      { method: 'POST' as const, url: '/api/auth/login', payload: { username: 'ana\u0000', password: 'x' } },
      { method: 'GET' as const, url: '/api/clients?search=a%00b', headers },
      { method: 'GET' as const, url: '/api/chats?search=%00', headers },
      {
        method: 'POST' as const,
        url: '/api/clients',
        headers,
        payload: { name: 'Ana\u0000', phone: '+34 600 000 000', email: 'ana@example.com' },
      },
      { method: 'PUT' as const, url: '/api/company', headers, payload: { name: 'Gym\u0000' } },
      {
        method: 'POST' as const,
        url: '/api/chats/simulator',
        headers,
        payload: { message: 'hola\u0000', phone: '1' },
      },
      { method: 'GET' as const, url: '/api/schedule/ana%00' },
    ];
    for (const request of requests) {
      const response = await t.app.inject({ ...request, remoteAddress: '10.99.0.1' });
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});

const LONG = 'x'.repeat(20_000);

/** Values no endpoint should take, and none should fail on. */
const malformed = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '__proto__',
    'constructor',
    'toString',
    '2026-02-30',
    '2026-13-45T25:61:00Z',
    'not-a-date',
    '1e309',
    'NaN',
    '',
    ' ',
    '-1',
    '99999999999999999999999',
    '00000000-0000-4000-8000-000000000000',
    LONG,
  ),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000`),
  fc.string({ maxLength: 20, unit: 'grapheme' }),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -1, 0, 2 ** 31, 1.5),
  fc.constantFrom(true, false, null),
  fc.constantFrom([], {}, [null], { __proto__: null }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);

/** A plausible value for a schema, so some requests get past validation into the services. */
function plausible(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((option) => plausible(option, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') return objectOf(schema, depth + 1);
  if (type === 'array') return fc.array(plausible(schema.items, depth + 1), { maxLength: 2 });
  if (type === 'integer') return fc.integer({ min: 0, max: 100 });
  if (type === 'number') return fc.double({ min: 0, max: 1000, noNaN: true });
  if (type === 'boolean') return fc.boolean();
  if (schema.format === 'email') return fc.constant('someone@example.com');
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  return fc.string({ maxLength: 20 });
}

function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {});
  if (entries.length === 0) return fc.constant({});
  const fields = Object.fromEntries(
    entries.map(([name, property]) => [name, fc.oneof(plausible(property, depth), malformed)]),
  );
  return fc.record(fields, { requiredKeys: [] });
}

/** JSON text, at times with a `__proto__` or `constructor` key (which JSON.stringify of an object literal would drop). */
function bodyFor(schema: Schema | undefined): fc.Arbitrary<string> {
  const value = fc.oneof(
    { weight: 4, arbitrary: objectOf(schema ?? {}, 0) },
    { weight: 1, arbitrary: malformed },
  );
  return fc.tuple(value, fc.constantFrom(null, '__proto__', 'constructor', 'toString')).map(([v, key]) => {
    const json = JSON.stringify(v) ?? 'null';
    if (!key || !json.startsWith('{')) return json;
    const rest = json.slice(1);
    return `{"${key}":{"isAdmin":true,"role":"admin"}${rest === '}' ? '' : ','}${rest}`;
  });
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

describe('malformed requests', () => {
  it('no operation in the OpenAPI document answers 5xx to malformed paths, queries and bodies', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(40);

    let ip = 0;
    for (const { path, method, operation } of operations) {
      // Each operation gets its own session: signing out or changing the password must not spoil the next.
      const auth = (await t.signIn()).headers;
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const request = fc.record({
        path: fc.tuple(...pathParams.map(() => malformed), fc.constant(null)),
        query: fc.record(
          {
            ...Object.fromEntries(queryParams.map((p) => [p.name, fc.oneof(plausible(p.schema), malformed)])),
            extra: malformed,
          },
          { requiredKeys: [] },
        ),
        body: bodyFor(bodySchema),
        signedIn: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ path: values, query, body, signedIn }) => {
          let url = path;
          pathParams.forEach((name, i) => {
            url = url.replace(`{${name}}`, encodeURIComponent(asText(values[i]) || 'x'));
          });
          const search = new URLSearchParams(
            Object.entries(query).map(([key, value]) => [key, asText(value) ?? '']),
          ).toString();
          const response = await t.app.inject({
            method: method as 'GET',
            url: search ? `${url}?${search}` : url,
            headers: {
              ...(signedIn ? auth : headers),
              ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
            },
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body }),
            remoteAddress: `10.98.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
          });
          if (response.statusCode >= 500) {
            throw new Error(
              `${method} ${url}?${search} ${body.slice(0, 300)} → ${response.statusCode} ${response.body}`,
            );
          }
        }),
        { numRuns: 15, seed: 20261123, endOnFailure: true },
      );
    }
  }, 120_000);
});
