import { endpoints } from '@chatdesk/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { ChatsService } from './chats.service.ts';

const security = [{ bearer: [] }];

export const chatsRoutes: FastifyPluginAsyncZod<{ chats: ChatsService }> = async (app, { chats }) => {
  const tags = ['chats'];
  route(
    app,
    endpoints.chats.list,
    { tags, security, summary: 'Chats, latest activity first, each with its last message and unread count' },
    async (request) => chats.list(request.query),
  );
  route(
    app,
    endpoints.chats.templates,
    {
      tags,
      security,
      summary: "The account's approved WhatsApp templates whose placeholders are all in the body",
    },
    async () => chats.templates(),
  );
  route(
    app,
    endpoints.chats.waiting,
    {
      tags,
      security,
      summary: 'Chats the assistant handed to a person that nobody has opened since, latest activity first',
    },
    async () => chats.waiting(),
  );
  route(
    app,
    endpoints.chats.unread,
    {
      tags,
      security,
      summary: 'How many chats have unread messages, counted up to 100 (shown as 99+)',
    },
    async () => chats.unread(),
  );
  route(
    app,
    endpoints.chats.get,
    { tags, security, summary: "One chat, with the end of WhatsApp's 24-hour reply window" },
    async (request) => chats.get(request.params.id),
  );
  route(
    app,
    endpoints.chats.messages,
    { tags, security, summary: 'Messages, oldest first' },
    async (request) => chats.messages(request.params.id),
  );
  route(
    app,
    endpoints.chats.send,
    { tags, security, summary: 'Send a message as staff (refused while the assistant has the chat)' },
    async (request) => chats.sendAsStaff(request.params.id, request.body.text),
  );
  route(
    app,
    endpoints.chats.sendTemplate,
    {
      tags,
      security,
      summary: 'Send an approved WhatsApp template as staff (allowed outside the 24-hour window)',
    },
    async (request) => chats.sendTemplate(request.params.id, request.body),
  );
  route(
    app,
    endpoints.chats.markRead,
    { tags, security, summary: "Mark the customer's messages read" },
    async (request) => chats.markRead(request.params.id),
  );
  route(
    app,
    endpoints.chats.toggleAi,
    { tags, security, summary: 'Give the chat to the assistant or take it back; returns the chat' },
    async (request) => chats.toggleAi(request.params.id),
  );
  route(
    app,
    endpoints.chats.remove,
    { tags, security, summary: 'Delete the chat, its messages and the contact' },
    async (request) => {
      await chats.remove(request.params.id);
      return { ok: true as const };
    },
  );
};

export const contactsRoutes: FastifyPluginAsyncZod<{ chats: ChatsService }> = async (app, { chats }) => {
  const tags = ['contacts'];
  route(app, endpoints.contacts.get, { tags, security, summary: 'One contact' }, async (request) =>
    chats.getContact(request.params.id),
  );
  route(
    app,
    endpoints.contacts.update,
    { tags, security, summary: 'Update a contact (the phone number never changes)' },
    async (request) => chats.updateContact(request.params.id, request.body),
  );
};
