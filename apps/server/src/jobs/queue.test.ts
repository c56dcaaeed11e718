import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import { DEFAULT_RETRY, retryPolicyOf } from './queue.ts';

/** A mail server that is down for the first attempt. */
const delivered: string[] = [];
let attempts = 0;
const flakyMailer: Mailer = {
  name: 'smtp',
  async send(message) {
    attempts++;
    if (attempts === 1) throw new Error('SMTP connection refused');
    delivered.push(message.to);
    return 'sent';
  },
};

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ integrations: { mailer: flakyMailer }, withQueue: true });
}, 60_000);
afterAll(() => t.close());

describe('durable mail', () => {
  it('an email queued while the mail server is down is delivered by a retry', async () => {
    const id = await t.app.services.mail.enqueue({
      to: 'visitor@example.com',
      subject: 'Booked',
      text: 'See you',
    });
    const status = async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
    await expect.poll(async () => (await status()).status, { timeout: 30_000, interval: 250 }).toBe('sent');
    expect(attempts).toBe(2);
    expect(delivered).toEqual(['visitor@example.com']);
    expect((await status()).error).toBeNull();
  }, 40_000);
});

describe('retry policies', () => {
  it("the assistant's replies have their own: six tries within about a minute, unless configured otherwise", () => {
    expect(retryPolicyOf('assistantReply')).toEqual({
      ...DEFAULT_RETRY,
      retryLimit: 5,
      retryDelaySeconds: 1,
      retryBackoff: true,
      expireInSeconds: 90,
    });
    expect(retryPolicyOf('mailDeliver')).toEqual(DEFAULT_RETRY);
    const configured = { jobs: { assistantReply: { retryLimit: 1, retryDelaySeconds: 7 } } };
    expect(retryPolicyOf('assistantReply', configured)).toMatchObject({
      retryLimit: 1,
      retryDelaySeconds: 7,
    });
    expect(retryPolicyOf('mailDeliver', configured)).toEqual(DEFAULT_RETRY);
  });
});
