import type { ClientExport } from '@chatdesk/contract/privacy';
import escapeHtml from 'escape-html';
import { formatMoney } from '../../lib/money.ts';

/** Every value that reaches the page goes through here: the export is the customer's own words. */
const e = (value: unknown): string => escapeHtml(value === null || value === undefined ? '' : String(value));

const when = (iso: string | null) => (iso ? e(iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')) : '');

const CHANNEL_TITLES: Record<string, string> = {
  whatsapp: 'WhatsApp chat',
  web: 'Website chat',
  simulator: 'Simulator chat',
};

/** `caption` names a table inside a section (a chat's messages); a section's own table has its heading. */
function table(name: string, headers: string[], rows: string[][], caption = true): string {
  if (rows.length === 0) return `<p class="none">${e(name)}: none.</p>`;
  return `<table${caption ? '' : ` aria-label="${e(name)}"`}>${caption ? `<caption>${e(name)}</caption>` : ''}<thead><tr>${headers
    .map((h) => `<th scope="col">${e(h)}</th>`)
    .join('')}</tr></thead><tbody>${rows
    .map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

function details(pairs: Array<[string, unknown]>): string {
  return `<dl>${pairs
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([label, value]) => `<dt>${e(label)}</dt><dd>${e(value)}</dd>`)
    .join('')}</dl>`;
}

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; color: #1a1b1e; background: #fff; max-width: 960px; margin: 2rem auto; padding: 0 1rem; }
  h1 { font-size: 1.6rem; margin-bottom: .25rem; }
  h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ccc; padding-bottom: .25rem; }
  h3 { font-size: 1rem; margin-top: 1.25rem; }
  .meta, .none { color: #495057; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: break-word; }
  table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
  caption { text-align: left; font-weight: 600; padding: .25rem 0; }
  th, td { border: 1px solid #ccc; padding: .3rem .5rem; text-align: left; vertical-align: top; overflow-wrap: break-word; }
  th { background: #f1f3f5; }
  .message { white-space: pre-wrap; }
  @media print { body { margin: 0; } h2 { break-after: avoid; } tr { break-inside: avoid; } }
`;

/**
 * The export as a page a person can read, print or send: one self-contained HTML file (no
 * scripts, no external styles or images), every value escaped.
 */
export function renderClientExportHtml(data: ClientExport): string {
  const { client } = data;
  const address = Object.values(client.address).filter(Boolean).join(', ');
  const sections = [
    `<h2>Details</h2>${details([
      ['Name', client.name],
      ['Phone', client.phone],
      ['Email', client.email],
      ['Address', address],
      ['Status', client.status],
      ['Source', client.source],
      ['Assigned professional', client.assignedEmployee],
      ['Notes', client.notes],
      ['Client since', when(client.createdAt)],
    ])}`,
    `<h2>Contacts</h2>${table(
      'Contacts',
      ['Name', 'Phone', 'Email', 'Notes', 'Since'],
      data.contacts.map((c) => [e(c.name), e(c.phone), e(c.email), e(c.notes), when(c.createdAt)]),
      false,
    )}`,
    `<h2>Chats</h2>${
      data.chats.length === 0
        ? '<p class="none">Chats: none.</p>'
        : data.chats
            .map(
              (chat) =>
                `<h3>${e(CHANNEL_TITLES[chat.channel] ?? 'Chat')} since ${when(chat.createdAt)}</h3>${table(
                  'Messages',
                  ['When', 'From', 'Message', 'Status'],
                  chat.messages.map((m) => [
                    when(m.at),
                    e(m.sender),
                    `<span class="message">${e(m.text)}</span>`,
                    e(m.status),
                  ]),
                )}${table(
                  'Conversations',
                  ['Started', 'Last message', 'Customer messages', 'Handed to a person'],
                  chat.conversations.map((c) => [
                    when(c.startedAt),
                    when(c.lastMessageAt),
                    e(c.customerMessages),
                    c.handedOverAt ? `${when(c.handedOverAt)} ${e(c.handoffReason ?? '')}` : '',
                  ]),
                )}`,
            )
            .join('')
    }`,
    `<h2>Appointments</h2>${
      data.appointments.length === 0
        ? '<p class="none">Appointments: none.</p>'
        : data.appointments
            .map(
              (a) =>
                `<h3>${e(a.date)} ${e(a.startTime)}–${e(a.endTime)}: ${e(a.service)} with ${e(a.professional)}</h3>${details(
                  [
                    ['Status', a.status],
                    ['Price', formatMoney(a.price.amount, a.price.currency)],
                    [
                      'Booked as',
                      [a.bookedAs.name, a.bookedAs.email, a.bookedAs.phone].filter(Boolean).join(', '),
                    ],
                    ['Booked through', a.channel],
                    ['Notes', a.notes],
                  ],
                )}${table(
                  'History',
                  ['When', 'What', 'By', 'Details'],
                  a.history.map((h) => [when(h.at), e(h.kind), e(h.actor), e(JSON.stringify(h.data))]),
                )}${table(
                  'Reminders',
                  ['Due', 'Channel', 'Status', 'Sent'],
                  a.reminders.map((r) => [when(r.dueAt), e(r.channel), e(r.status), when(r.sentAt)]),
                )}`,
            )
            .join('')
    }`,
    `<h2>Payments</h2>${table(
      'Payments',
      ['Date', 'Amount', 'Status', 'Method', 'Description', 'Reference'],
      data.payments.map((p) => [
        when(p.paidAt),
        e(formatMoney(p.amount, p.currency)),
        e(p.status),
        e(p.paymentMethod),
        e(p.description),
        e(p.providerPaymentId),
      ]),
      false,
    )}`,
    `<h2>Subscriptions</h2>${table(
      'Subscriptions',
      ['Plan', 'Price', 'Status', 'Current period', 'Ended'],
      data.subscriptions.map((s) => [
        e(s.plan),
        `${e(formatMoney(s.amount, s.currency))} / ${e(s.interval)}`,
        e(s.status),
        s.currentPeriodStart ? `${when(s.currentPeriodStart)} – ${when(s.currentPeriodEnd)}` : '',
        when(s.endedAt),
      ]),
      false,
    )}`,
    `<h2>Emails sent</h2>${table(
      'Emails',
      ['When', 'To', 'Subject', 'Message', 'Status'],
      data.emails.map((m) => [
        when(m.createdAt),
        e(m.to),
        e(m.subject),
        `<span class="message">${e(m.text)}</span>`,
        e(m.status),
      ]),
      false,
    )}`,
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(`Personal data of ${client.name}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${e(`Personal data of ${client.name}`)}</h1>
<p class="meta">Everything ${e(data.business.name || 'the business')} holds about this client, exported ${when(data.exportedAt)}.</p>
${sections.join('\n')}
</main>
</body>
</html>
`;
}
