import type { InsightsFigures, InsightsReport } from '@chatdesk/contract/insights';

/**
 * A month of a small studio, as the API answers it: for the page's tests, and for the e2e spec
 * until a case needs the server's own figures.
 */

/** Every local date from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let time = Date.parse(`${from}T00:00:00Z`);
    time <= Date.parse(`${to}T00:00:00Z`);
    time += 86_400_000
  ) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

const current: InsightsFigures = {
  conversations: {
    total: 412,
    resolved: 251,
    handedOver: 58,
    handedOverBy: { person: 21, complaint: 9, not_understood: 17, model_error: 3, policy: 8 },
    handledByStaff: 34,
    unanswered: 12,
    inProgress: 19,
    reopened: 23,
    firstReplyAssistant: { count: 398, median: 4, p90: 11 },
    firstReplyStaff: { count: 92, median: 380, p90: 3900 },
    waitingForPerson: { count: 55, median: 610, p90: 5400 },
  },
  bookings: {
    total: 186,
    byChannel: { page: 94, chat: 61, staff: 31 },
    cancellations: {
      total: 27,
      byCustomer: 15,
      byStaff: 6,
      byAssistant: 5,
      bySystem: 1,
      under24h: 7,
      under7d: 12,
      earlier: 8,
    },
    reschedules: 14,
    attended: 152,
    noShows: 11,
    noShowRate: 11 / 163,
    reminders: { sent: 171, thenCancelled: 6, thenMoved: 9, thenAttended: 140, thenNoShow: 8 },
    money: [{ currency: 'eur', revenue: 462_000, refunds: 31_500, net: 430_500 }],
  },
  assistant: {
    bookingsFromChat: 61,
    cancelled: 5,
    moved: 9,
    refunded: [{ currency: 'eur', amount: 12_500 }],
  },
};

const previous: InsightsFigures = {
  conversations: {
    total: 365,
    resolved: 201,
    handedOver: 61,
    handedOverBy: { person: 24, complaint: 7, not_understood: 22, model_error: 1, policy: 7 },
    handledByStaff: 40,
    unanswered: 15,
    inProgress: 0,
    reopened: 28,
    firstReplyAssistant: { count: 350, median: 5, p90: 14 },
    firstReplyStaff: { count: 101, median: 540, p90: 7200 },
    waitingForPerson: { count: 58, median: 900, p90: 6600 },
  },
  bookings: {
    total: 160,
    byChannel: { page: 88, chat: 40, staff: 32 },
    cancellations: {
      total: 31,
      byCustomer: 18,
      byStaff: 9,
      byAssistant: 3,
      bySystem: 1,
      under24h: 10,
      under7d: 13,
      earlier: 8,
    },
    reschedules: 11,
    attended: 130,
    noShows: 14,
    noShowRate: 14 / 144,
    reminders: { sent: 150, thenCancelled: 8, thenMoved: 7, thenAttended: 121, thenNoShow: 11 },
    money: [{ currency: 'eur', revenue: 398_000, refunds: 42_000, net: 356_000 }],
  },
  assistant: { bookingsFromChat: 40, cancelled: 3, moved: 7, refunded: [{ currency: 'eur', amount: 8_000 }] },
};

const period = {
  from: '2026-10-23',
  to: '2026-11-21',
  previousFrom: '2026-09-23',
  previousTo: '2026-10-22',
  timeZone: 'Europe/Madrid',
};

export const insightsReport: InsightsReport = {
  period,
  current,
  previous,
  packs: {
    money: [{ currency: 'eur', sales: 70000, refunds: 0, net: 70000 }],
    previousMoney: [{ currency: 'eur', sales: 35000, refunds: 0, net: 35000 }],
    outstandingSessions: 14,
    packsWithSessions: 2,
  },
  daily: daysBetween(period.from, period.to).map((date, index) => {
    // Quieter on Sundays (every seventh day from a Friday), a little busier towards the end.
    const weekday = index % 7;
    const conversations = weekday === 2 ? 4 : 11 + ((index * 5) % 7) + Math.floor(index / 10);
    return {
      date,
      conversations,
      resolved: Math.round(conversations * 0.6),
      handedOver: (index * 3) % 4,
      bookings: weekday === 2 ? 1 : 5 + ((index * 3) % 5),
    };
  }),
  byProfessional: [
    {
      id: 'e-carlos',
      name: 'Carlos Ruiz',
      bookings: 71,
      cancellations: 9,
      attended: 60,
      noShows: 3,
      noShowRate: 3 / 63,
    },
    {
      id: 'e-lucia',
      name: 'Lucía Fernández',
      bookings: 64,
      cancellations: 11,
      attended: 49,
      noShows: 6,
      noShowRate: 6 / 55,
    },
    {
      id: 'e-marta',
      name: 'Marta Gómez',
      bookings: 51,
      cancellations: 7,
      attended: 43,
      noShows: 2,
      noShowRate: 2 / 45,
    },
  ],
  byService: [
    { id: 's-training', name: 'Personal training (60 min)', bookings: 92, value: 460_000, currency: 'eur' },
    { id: 's-massage', name: 'Sports massage (45 min)', bookings: 40, value: 180_000, currency: 'eur' },
    { id: 's-assessment', name: 'Assessment (30 min)', bookings: 54, value: 108_000, currency: 'eur' },
  ],
};

const none: InsightsFigures = {
  conversations: {
    total: 0,
    resolved: 0,
    handedOver: 0,
    handedOverBy: { person: 0, complaint: 0, not_understood: 0, model_error: 0, policy: 0 },
    handledByStaff: 0,
    unanswered: 0,
    inProgress: 0,
    reopened: 0,
    firstReplyAssistant: { count: 0, median: null, p90: null },
    firstReplyStaff: { count: 0, median: null, p90: null },
    waitingForPerson: { count: 0, median: null, p90: null },
  },
  bookings: {
    total: 0,
    byChannel: { page: 0, chat: 0, staff: 0 },
    cancellations: {
      total: 0,
      byCustomer: 0,
      byStaff: 0,
      byAssistant: 0,
      bySystem: 0,
      under24h: 0,
      under7d: 0,
      earlier: 0,
    },
    reschedules: 0,
    attended: 0,
    noShows: 0,
    noShowRate: null,
    reminders: { sent: 0, thenCancelled: 0, thenMoved: 0, thenAttended: 0, thenNoShow: 0 },
    money: [],
  },
  assistant: { bookingsFromChat: 0, cancelled: 0, moved: 0, refunded: [] },
};

/** A quiet week: nothing happened in it, and nothing in the week before. */
export const emptyInsightsReport: InsightsReport = {
  period: {
    from: '2026-11-16',
    to: '2026-11-22',
    previousFrom: '2026-11-09',
    previousTo: '2026-11-15',
    timeZone: 'Europe/Madrid',
  },
  current: none,
  previous: none,
  packs: { money: [], previousMoney: [], outstandingSessions: 0, packsWithSessions: 0 },
  daily: daysBetween('2026-11-16', '2026-11-22').map((date) => ({
    date,
    conversations: 0,
    resolved: 0,
    handedOver: 0,
    bookings: 0,
  })),
  byProfessional: [],
  byService: [],
};
