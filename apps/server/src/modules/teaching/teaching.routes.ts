import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { TeachingService } from './teaching.service.ts';

const tags = ['teaching'];
const security = [{ bearer: [] }];

export const teachingRoutes: FastifyPluginAsyncZod<{ teaching: TeachingService }> = async (
  app,
  { teaching },
) => {
  route(
    app,
    endpoints.teaching.reviewQueue,
    {
      tags,
      security,
      summary:
        'Conversations the assistant did not understand, or that customers came back to, to teach from',
    },
    async () => teaching.reviewQueue(),
  );
  route(
    app,
    endpoints.teaching.dismissReview,
    { tags, security, summary: 'Take a conversation off the review queue' },
    async (request) => teaching.dismiss(request.params.id),
  );
  route(
    app,
    endpoints.teaching.lessons,
    { tags, security, summary: 'What staff taught the assistant' },
    async () => teaching.lessons(),
  );
  route(
    app,
    endpoints.teaching.createLesson,
    {
      tags,
      security,
      summary: 'Teach the assistant what some words mean, or the answer to a question; runs the test set',
    },
    async (request) => teaching.createLesson(request.body),
  );
  route(
    app,
    endpoints.teaching.updateLesson,
    { tags, security, summary: 'Change a lesson; runs the test set' },
    async (request) => teaching.updateLesson(request.params.id, request.body),
  );
  route(
    app,
    endpoints.teaching.removeLesson,
    { tags, security, summary: 'Forget a lesson' },
    async (request) => teaching.removeLesson(request.params.id),
  );
  route(
    app,
    endpoints.teaching.tests,
    { tags, security, summary: "The business's own test conversations" },
    async () => teaching.tests(),
  );
  route(
    app,
    endpoints.teaching.createTest,
    { tags, security, summary: 'Add a test conversation' },
    async (request) => teaching.createTest(request.body),
  );
  route(
    app,
    endpoints.teaching.updateTest,
    { tags, security, summary: 'Change a test conversation' },
    async (request) => teaching.updateTest(request.params.id, request.body),
  );
  route(
    app,
    endpoints.teaching.removeTest,
    { tags, security, summary: 'Delete a test conversation' },
    async (request) => teaching.removeTest(request.params.id),
  );
  route(
    app,
    endpoints.teaching.runTests,
    { tags, security, summary: 'Run every test conversation against the assistant as it is now' },
    async () => teaching.runTests(),
  );
};
