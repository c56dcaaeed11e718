import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJsonServer } from '../../../test/fake-servers.ts';
import { SmsSendError } from './sms-sender.ts';
import { createTwilioSmsSender } from './twilio-sms-sender.ts';

let twilio: Awaited<ReturnType<typeof startJsonServer>>;
beforeAll(async () => {
  twilio = await startJsonServer(() => ({ status: 201, body: { sid: 'SM1' } }));
});
afterAll(() => twilio.close());

describe('Twilio SMS', () => {
  it('sends from a Messaging Service when TWILIO_FROM is its SID (MG…), with + before the digits', async () => {
    const sender = createTwilioSmsSender({
      accountSid: 'AC1',
      authToken: 'secret',
      from: 'MG0123',
      apiUrl: `${twilio.url}/`,
    });
    await sender.send('34644555666', '123456 es tu código');
    const form = new URLSearchParams(String(twilio.received.at(-1)!.body));
    expect(Object.fromEntries(form)).toEqual({
      To: '+34644555666',
      MessagingServiceSid: 'MG0123',
      Body: '123456 es tu código',
    });
  });

  it('an unreachable Twilio is worth trying again later (503), not the visitor’s number', async () => {
    const sender = createTwilioSmsSender({
      accountSid: 'AC1',
      authToken: 'secret',
      from: '+15005550006',
      apiUrl: 'http://127.0.0.1:1',
    });
    const failure = await sender.send('34644555666', 'x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SmsSendError);
    expect(failure).toMatchObject({ badNumber: false, status: 503 });
  });
});
