import {
  chatDetailSchema,
  chatListSchema,
  chatSchema,
  contactSchema,
  listChatsQuerySchema,
  messageListSchema,
  messageSchema,
  sendMessageSchema,
  sendTemplateSchema,
  updateContactSchema,
  whatsappTemplateListSchema,
} from '@chatdesk/contract/chats';
import { idParamsSchema, okBodySchema } from '@chatdesk/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChatsService } from './chats.service.ts';

const security = [{ bearer: [] }];

export const chatsRoutes: FastifyPluginAsyncZod<{ chats: ChatsService }> = async (app, { chats }) => {
  const tags = ['chats'];
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Chats, latest activity first, each with its last message and unread count',
        querystring: listChatsQuerySchema,
        response: { 200: chatListSchema },
      },
    },
    async (request) => chats.list(request.query),
  );
  app.get(
    '/templates',
    {
      schema: {
        tags,
        security,
        summary: "The account's approved WhatsApp templates whose placeholders are all in the body",
        response: { 200: whatsappTemplateListSchema },
      },
    },
    async () => chats.templates(),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: "One chat, with the end of WhatsApp's 24-hour reply window",
        params: idParamsSchema,
        response: { 200: chatDetailSchema },
      },
    },
    async (request) => chats.get(request.params.id),
  );
  app.get(
    '/:id/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Messages, oldest first',
        params: idParamsSchema,
        response: { 200: messageListSchema },
      },
    },
    async (request) => chats.messages(request.params.id),
  );
  app.post(
    '/:id/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Send a message as staff (refused while the assistant has the chat)',
        params: idParamsSchema,
        body: sendMessageSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => chats.sendAsStaff(request.params.id, request.body.text),
  );
  app.post(
    '/:id/templates',
    {
      schema: {
        tags,
        security,
        summary: 'Send an approved WhatsApp template as staff (allowed outside the 24-hour window)',
        params: idParamsSchema,
        body: sendTemplateSchema,
        response: { 200: messageSchema },
      },
    },
    async (request) => chats.sendTemplate(request.params.id, request.body),
  );
  app.post(
    '/:id/read',
    {
      schema: {
        tags,
        security,
        summary: "Mark the customer's messages read",
        params: idParamsSchema,
        response: { 200: z.object({ updated: z.number().int() }) },
      },
    },
    async (request) => chats.markRead(request.params.id),
  );
  app.put(
    '/:id/toggle-ai',
    {
      schema: {
        tags,
        security,
        summary: 'Give the chat to the assistant or take it back; returns the chat',
        params: idParamsSchema,
        response: { 200: chatSchema },
      },
    },
    async (request) => chats.toggleAi(request.params.id),
  );
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete the chat, its messages and the contact',
        params: idParamsSchema,
        response: { 200: okBodySchema },
      },
    },
    async (request) => {
      await chats.remove(request.params.id);
      return { ok: true as const };
    },
  );
};

export const contactsRoutes: FastifyPluginAsyncZod<{ chats: ChatsService }> = async (app, { chats }) => {
  const tags = ['contacts'];
  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One contact',
        params: idParamsSchema,
        response: { 200: contactSchema },
      },
    },
    async (request) => chats.getContact(request.params.id),
  );
  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a contact (the phone number never changes)',
        params: idParamsSchema,
        body: updateContactSchema,
        response: { 200: contactSchema },
      },
    },
    async (request) => chats.updateContact(request.params.id, request.body),
  );
};
