import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJsonServer } from '../../../test/fake-servers.ts';
import { createCloudApiChannel } from './cloud-api-channel.ts';

let graph: Awaited<ReturnType<typeof startJsonServer>>;
beforeAll(async () => {
  graph = await startJsonServer(() => ({ status: 200, body: { messages: [{ id: 'wamid.code' }] } }));
});
afterAll(async () => {
  await graph.close();
});

describe('Cloud API channel: one-time codes', () => {
  it('sends the code with the authentication template, in its body and its copy-code button', async () => {
    const channel = createCloudApiChannel({ token: 'secret', phoneNumberId: '123', apiUrl: graph.url });
    const sent = await channel.sendCode('34611222333', '482913', { name: 'chat_code', language: 'es' });
    expect(sent).toEqual({ externalId: 'wamid.code' });
    const request = graph.received.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/123/messages');
    expect(request.headers.authorization).toBe('Bearer secret');
    expect(request.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '34611222333',
      type: 'template',
      template: {
        name: 'chat_code',
        language: { code: 'es' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
        ],
      },
    });
  });
});
