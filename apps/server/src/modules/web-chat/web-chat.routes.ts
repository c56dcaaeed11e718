import { apiRoutes } from '@chatdesk/contract/api-routes';
import { endpoints } from '@chatdesk/contract/endpoints';
import { WEB_CHAT_SESSION_HEADER, type WebChatMessage } from '@chatdesk/contract/web-chat';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventBus } from '../../events/event-bus.ts';
import { route } from '../../http/endpoint.ts';
import { openEventStream } from '../../http/event-stream-response.ts';
import type { WebChatService } from './web-chat.service.ts';

const tags = ['web chat'];
const visitorSecurity = [{ webChatSession: [] }];
const HEARTBEAT_MS = 25_000;
const sessionHeader = WEB_CHAT_SESSION_HEADER.toLowerCase();

const sessionIdOf = (request: FastifyRequest) => {
  const value = request.headers[sessionHeader];
  return typeof value === 'string' ? value : undefined;
};

/** Staff only: Settings → Web chat. */
export const webChatStaffRoutes: FastifyPluginAsyncZod<{ webChat: WebChatService }> = async (
  app,
  { webChat },
) => {
  route(
    app,
    endpoints.webChat.settings,
    { tags, summary: "The website chat's settings and its public key (made once per install)" },
    async () => webChat.settings(),
  );
  route(
    app,
    endpoints.webChat.updateSettings,
    { tags, summary: "Save the website chat's settings" },
    async (request) => webChat.updateSettings(request.body),
  );
};

/**
 * The visitor's routes (decision 022): no staff sign-in; after POST /sessions every route is
 * authorised by the session id in the X-Web-Chat-Session header. The panel that calls them is a
 * page of this origin, so there is no CORS, but for GET /config, which the loader on the
 * business's website also reads.
 */
export const webChatVisitorRoutes: FastifyPluginAsyncZod<{
  webChat: WebChatService;
  events: EventBus;
}> = async (app, { webChat, events }) => {
  const visitorOf = (request: FastifyRequest) => webChat.visitor(sessionIdOf(request));

  route(
    app,
    endpoints.webChat.config,
    {
      tags,
      summary:
        "What the loader and panel draw: the business's name, greeting, colours, whether a person is online",
    },
    async (request, reply) => {
      // The loader asks from the business's website, another origin: only an allowed one may read
      // the answer (and draw a launcher); the panel asks from our own origin and needs no header.
      reply.header('vary', 'Origin');
      const origin = request.headers.origin;
      if (origin && (await webChat.allowedOrigins()).includes(origin))
        reply.header('access-control-allow-origin', origin);
      return webChat.config(request.query.key);
    },
  );
  route(
    app,
    endpoints.webChat.createSession,
    { tags, summary: 'Start a visitor session: answers its id, which the server keeps only hashed' },
    async (request) => webChat.createSession(request.body.key, request.ip),
  );
  route(
    app,
    endpoints.webChat.conversation,
    { tags, security: visitorSecurity, summary: "The visitor's conversation" },
    async (request) => webChat.conversation(await visitorOf(request)),
  );
  route(
    app,
    endpoints.webChat.send,
    { tags, security: visitorSecurity, summary: 'Send a message as the visitor' },
    async (request) => webChat.send(await visitorOf(request), request.body.text, request.ip),
  );
  route(
    app,
    endpoints.webChat.requestCode,
    { tags, security: visitorSecurity, summary: 'Email the visitor a 6-digit code to prove an address' },
    async (request) => webChat.requestCode(await visitorOf(request), request.body.email, request.ip),
  );
  route(
    app,
    endpoints.webChat.requestPhoneCode,
    {
      tags,
      security: visitorSecurity,
      summary:
        'Send the visitor a 6-digit code by WhatsApp or SMS to prove a number (409 when neither is configured, 503 when sending failed)',
    },
    async (request) =>
      webChat.requestPhoneCode(
        await visitorOf(request),
        request.body.phone,
        request.ip,
        request.body.language,
      ),
  );
  route(
    app,
    endpoints.webChat.confirmPhoneCode,
    {
      tags,
      security: visitorSecurity,
      summary: 'Prove the number with its code: the chat then acts for the client with those phone digits',
    },
    async (request) =>
      webChat.confirmPhoneCode(await visitorOf(request), request.body.phone, request.body.code),
  );
  route(
    app,
    endpoints.webChat.confirmCode,
    {
      tags,
      security: visitorSecurity,
      summary: 'Prove the address with its code: the chat then acts for the client with that email',
    },
    async (request) => webChat.confirmCode(await visitorOf(request), request.body.email, request.body.code),
  );
  route(
    app,
    endpoints.webChat.replyTo,
    { tags, security: visitorSecurity, summary: 'Where a person may answer later; identifies nobody' },
    async (request) => webChat.setReplyTo(await visitorOf(request), request.body.contact),
  );
  route(
    app,
    endpoints.webChat.export,
    { tags, security: visitorSecurity, summary: "Download the visitor's conversation as JSON" },
    async (request, reply) => {
      const data = await webChat.export(await visitorOf(request));
      reply.header('content-disposition', 'attachment; filename="chat.json"');
      return data;
    },
  );
  route(
    app,
    endpoints.webChat.remove,
    { tags, security: visitorSecurity, summary: "Erase the visitor's messages and end the session" },
    async (request) => {
      await webChat.remove(await visitorOf(request));
      return null;
    },
  );

  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });

  /**
   * Server-Sent Events of the visitor's one chat, fed by the bus that feeds the dashboards: each
   * new message once (`id:` its id), `resync` when the panel should reload. Without Last-Event-ID
   * it starts after the chat's newest message; with one, after that message.
   */
  const stream = {
    tags,
    summary: "Server-Sent Events of the visitor's chat (text/event-stream: message, resync)",
    response: { 200: endpoints.webChat.stream.response },
  };
  app.get(apiRoutes.webChat.stream.path, { schema: stream }, async (request, reply) => {
    const visitor = await visitorOf(request);
    let chatId = await webChat.chatIdOf(visitor);
    const lastEventId = request.headers['last-event-id'];
    let resync = false;
    let cursor: string | null = null;
    if (chatId) {
      if (typeof lastEventId === 'string' && (await webChat.isMessageOf(chatId, lastEventId)))
        cursor = lastEventId;
      else {
        resync = typeof lastEventId === 'string';
        cursor = await webChat.newestMessageId(chatId);
      }
    }

    const send = openEventStream(reply, resync ? 'event: resync\ndata: {}\n\n' : '');
    const raw = reply.raw;
    const sendMessage = (message: WebChatMessage) =>
      send(`id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);

    // One catch-up at a time, and one more if asked meanwhile: each message goes out once, in order.
    let running = false;
    let again = false;
    const catchUp = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          if (!chatId) break;
          for (const message of await webChat.messagesAfter(chatId, cursor)) {
            sendMessage(message);
            cursor = message.id;
          }
        } while (again && !raw.writableEnded);
      } catch (error) {
        request.log.warn({ err: error }, 'web chat stream could not read new messages');
        send('event: resync\ndata: {}\n\n');
      } finally {
        running = false;
      }
    };

    const unsubscribe = events.subscribe((event) => {
      if (event.type === 'web-chat.changed') {
        if (event.phone !== visitor.phone) return;
        if (event.chatId === null) return close();
        if (chatId === null) {
          chatId = event.chatId;
          void catchUp();
        }
        return;
      }
      if (event.type === 'resync') send('event: resync\ndata: {}\n\n');
      else if (event.type === 'messages.changed' && chatId !== null && event.chatId === chatId)
        void catchUp();
    });
    const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
    const close = () => {
      open.delete(close);
      clearInterval(heartbeat);
      unsubscribe();
      if (!raw.writableEnded) raw.end();
    };
    open.add(close);
    request.raw.on('close', close);
    // A message stored between the reads above and the subscription is not missed.
    void catchUp();
  });
};
