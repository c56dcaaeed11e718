import { companySchema, updateCompanySchema } from '@chatdesk/contract/company';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CompanyService } from './company.service.ts';

const security = [{ bearer: [] }];

export const companyRoutes: FastifyPluginAsyncZod<{ company: CompanyService }> = async (app, { company }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['company'],
        summary: 'The company profile',
        security,
        response: { 200: companySchema },
      },
    },
    async () => company.get(),
  );
  app.put(
    '/',
    {
      schema: {
        tags: ['company'],
        summary: 'Update the company profile',
        security,
        body: updateCompanySchema,
        response: { 200: companySchema },
      },
    },
    async (request) => company.update(request.body),
  );
};
