import { type Api, expect } from './fixtures';

/** The newest email to `to` in the local mailbox (no SMTP in the e2e servers), once its subject matches. */
export async function latestMail(api: Api, to: string, subject: RegExp) {
  let mail: { subject: string; text: string } | null = null;
  await expect
    .poll(async () => {
      const response = await api.raw.get(`/api/mail/local/latest?to=${encodeURIComponent(to)}`);
      if (!response.ok()) return '';
      mail = await response.json();
      return mail!.subject;
    })
    .toMatch(subject);
  return mail!;
}
