import { idParamsSchema, okBodySchema } from '@chatdesk/contract/common';
import {
  createEmployeeSchema,
  employeeListSchema,
  employeeSchema,
  listEmployeesQuerySchema,
  updateEmployeeSchema,
} from '@chatdesk/contract/employees';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentStaff } from '../../plugins/auth.ts';
import type { EmployeesService } from './employees.service.ts';

const tags = ['employees'];
const security = [{ bearer: [] }];

export const employeesRoutes: FastifyPluginAsyncZod<{ employees: EmployeesService }> = async (
  app,
  { employees },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Employees by name; search matches name, email, username, role, title and locations',
        querystring: listEmployeesQuerySchema,
        response: { 200: employeeListSchema },
      },
    },
    async (request) => employees.list(request.query.search),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One employee',
        params: idParamsSchema,
        response: { 200: employeeSchema },
      },
    },
    async (request) => employees.get(request.params.id),
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Create an employee (who can then sign in)',
        body: createEmployeeSchema,
        response: { 201: employeeSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await employees.create(request.body)),
  );
  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update an employee; a blank password keeps the current one',
        params: idParamsSchema,
        body: updateEmployeeSchema,
        response: { 200: employeeSchema },
      },
    },
    async (request) => employees.update(request.params.id, request.body, currentStaff(request)),
  );
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an employee; their appointments stay',
        params: idParamsSchema,
        response: { 200: okBodySchema },
      },
    },
    async (request) => {
      await employees.remove(request.params.id, currentStaff(request));
      return { ok: true as const };
    },
  );
};
