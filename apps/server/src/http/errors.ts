import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isConnectionFailure, isStatementTimeout } from '../lib/app-error.ts';
import { REQUEST_TIMEOUT_MESSAGE } from './request-timeout.ts';

const FIELD_SEPARATOR = /[/.]/;

function fieldName(instancePath: string, context: string | undefined): string {
  const parts = instancePath.split(FIELD_SEPARATOR).filter(Boolean);
  if (parts.length > 0) return parts.join('.');
  return context === 'body' ? 'body' : (context ?? 'request');
}

/** How long a client should wait before trying again while the database cannot be reached. */
const OUTAGE_RETRY_AFTER_SECONDS = '5';

/**
 * Every error leaves as `{ message }` with a 4xx, a 503 while the database cannot be reached,
 * or a 500 that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.status(error.status).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath, error.validationContext),
        message: issue.message ?? 'Invalid value',
      }));
      const first = errors[0] ?? { field: 'request', message: 'Invalid request' };
      return reply.status(400).send({ message: `${first.field}: ${first.message}`, errors });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ message: 'The request body is not valid JSON' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: 'The request body is too large' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: 'Unsupported content type: send application/json' });
    }
    // Only Fastify's own errors carry a status we trust; a provider's 401 must not sign staff out.
    const status = typeof error.code === 'string' && error.code.startsWith('FST_') ? error.statusCode : 500;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message });
    }
    if (isStatementTimeout(error)) {
      request.log.warn({ err: error, url: request.url }, 'request failed: a statement ran past its timeout');
      return reply.status(503).header('retry-after', '5').send({ message: REQUEST_TIMEOUT_MESSAGE });
    }
    if (isConnectionFailure(error)) {
      request.log.error({ err: error }, 'request failed: the database cannot be reached');
      return reply
        .status(503)
        .header('retry-after', OUTAGE_RETRY_AFTER_SECONDS)
        .send({ message: 'The service is briefly unavailable. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
