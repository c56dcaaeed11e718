import type { Endpoint } from '@chatdesk/contract/endpoints';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Parsed<E, Part extends 'params' | 'query' | 'body'> = E extends {
  [P in Part]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** A request whose params, query and body have passed the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E, 'params'>;
  Querystring: Parsed<E, 'query'>;
  Body: Parsed<E, 'body'>;
}>;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<z.output<E['response']>>;

/** What the contract leaves to the server: the OpenAPI description, who may call, rate limits. */
export type RouteOptions = {
  summary: string;
  tags: readonly string[];
  security?: FastifySchema['security'];
  config?: FastifyContextConfig;
};

/**
 * Registers a contract endpoint: its method, path and schemas come from the contract, so the
 * handler is typed from them and a renamed path or field fails the typecheck on both sides.
 */
export function route<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  { summary, tags, security, config }: RouteOptions,
  handler: EndpointHandler<E>,
) {
  const schema: FastifySchema = {
    summary,
    tags,
    ...(security ? { security } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response: { [endpoint.status ?? 200]: endpoint.response },
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    ...(config ? { config } : {}),
    handler: async (request, reply) => {
      if (endpoint.status) reply.status(endpoint.status);
      // The validator compiler has parsed params, query and body with the endpoint's schemas.
      return handler(request as unknown as EndpointRequest<E>, reply);
    },
  });
}
