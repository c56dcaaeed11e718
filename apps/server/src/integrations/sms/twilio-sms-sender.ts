import { SmsSendError, type SmsSender } from './sms-sender.ts';

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164 (+…) or a Messaging Service SID (MG…). */
  from: string;
  /** Twilio's API; another address only for tests. */
  apiUrl: string;
};

/**
 * Twilio's error codes for a number it cannot text: 21211 invalid 'To', 21614 not a mobile,
 * 21408 a region not enabled for the account, 21610 the recipient unsubscribed (STOP).
 */
const BAD_NUMBER = new Set([21211, 21614, 21408, 21610]);

/** Twilio's Messages API: POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth. */
export function createTwilioSmsSender(settings: TwilioSettings): SmsSender {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const sender = settings.from.startsWith('MG') ? 'MessagingServiceSid' : 'From';
  return {
    name: 'twilio',
    async send(to, text) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: `+${to}`, [sender]: settings.from, Body: text }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new SmsSendError(`Twilio could not be reached: ${(error as Error).message}`, false);
      }
      if (response.ok) return;
      const body = (await response.json().catch(() => ({}))) as { code?: number; message?: string };
      throw new SmsSendError(
        body.message ?? `Twilio answered ${response.status}`,
        body.code !== undefined && BAD_NUMBER.has(body.code),
      );
    },
  };
}
