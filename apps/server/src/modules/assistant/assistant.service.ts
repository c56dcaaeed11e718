import { NEW_CONVERSATION_COMMAND } from '@chatdesk/contract/chats';
import { APPOINTMENT_FEE } from '@chatdesk/contract/constants';
import { PREMIUM_PRICE_ALIAS } from '@chatdesk/contract/subscriptions';
import type { BusinessReads } from '../../events/business-reads.ts';
import type { JobAttempt } from '../../jobs/queue.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { ClientsService } from '../clients/clients.service.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { EmployeesService } from '../employees/employees.service.ts';
import type { ManageBookingService } from '../manage-booking/manage-booking.service.ts';
import type { PacksService } from '../packs/packs.service.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { WaitlistService } from '../waitlist/waitlist.service.ts';
import {
  type AssistantAnswer,
  type AssistantEngine,
  type AssistantKnowledge,
  type CancelTerms,
  type ChangeProposal,
  directoryEntry,
  type MoveTerms,
  type Turn,
  type WaitlistJoin,
} from './assistant-engine.ts';
import { AssistantUnavailable } from './assistant-unavailable.ts';
import { withConversationRef } from './booking-links.ts';
import { detectLanguage, type Language, messageLanguage, replyLanguage } from './language.ts';
import { matchLesson, meaningText, type TaughtLesson } from './lessons.ts';
import { REPLIES } from './replies.ts';
import { eachChange, joinWaitlist, makeChange } from './self-service.ts';

type Deps = {
  engine: AssistantEngine;
  chats: ChatsService;
  company: CompanyService;
  employees: EmployeesService;
  schedule: ScheduleService;
  subscriptions: SubscriptionsService;
  manageBooking: Pick<ManageBookingService, 'customerByPhone' | 'cancelById' | 'rescheduleById'>;
  /** Where a client's language is kept, for the emails and reminders they are sent. */
  clients: Pick<ClientsService, 'noteLanguage' | 'contactByPhone'>;
  /**
   * A class's full times and a one-to-one service's taken times, whose waitlists the booking page
   * offers and a client in chat can join.
   */
  waitlist: Pick<WaitlistService, 'fullTimes' | 'join'>;
  /** The packs of sessions on sale, which the assistant tells of when asked for a pack or a deal. */
  packs?: Pick<PacksService, 'list'>;
  /** What staff taught (teaching.service.ts), read again once the business changed. */
  lessons: () => Promise<TaughtLesson[]>;
  publicUrl: string;
  /** How many of the latest turns the engine reads. */
  historyTurns: number;
  clock: () => Date;
  /** The business's facts and lessons, kept until they change. */
  business: BusinessReads;
  log?: { error: (o: object, m: string) => void; warn: (o: object, m: string) => void };
};

/** How long one read of the premium price (the payment provider's) serves the replies. */
const PREMIUM_PRICE_TTL_MS = 60_000;

type BusinessFacts = [
  Awaited<ReturnType<CompanyService['get']>>,
  Awaited<ReturnType<EmployeesService['list']>>,
  Awaited<ReturnType<CompanyService['bookingSettings']>>,
  Awaited<ReturnType<ScheduleService['publicServices']>>,
  Awaited<ReturnType<PacksService['list']>>,
];

const isNewConversationCommand = (text: string) => text.trim().toLowerCase() === NEW_CONVERSATION_COMMAND;

/** A proposal the customer leaves unanswered this long is asked again rather than taken as agreed. */
const PENDING_CHANGE_TTL_MS = 30 * 60_000;
/** Fewer digits than this are no phone number: no client to find. */
const MIN_PHONE_DIGITS = 8;

type StoredChange = ChangeProposal & { at: string };

/** The assistant's replies at the end of the conversation still waiting to be sent. */
function unsentReplies(history: Array<{ id: string; sender: string; status: string }>) {
  const unsent: string[] = [];
  for (const message of history.toReversed()) {
    if (message.sender !== 'assistant') break;
    if (message.status === 'sending') unsent.unshift(message.id);
  }
  return unsent;
}

/** One cancellation's terms as stored, if they are whole. */
function termsOf(stored: unknown): CancelTerms | null {
  const terms = stored as Partial<CancelTerms> | null;
  if (!terms || typeof terms.appointmentId !== 'string') return null;
  return {
    appointmentId: terms.appointmentId,
    refund: terms.refund ?? null,
    ...(typeof terms.sessionBack === 'boolean' ? { sessionBack: terms.sessionBack } : {}),
  };
}

/** One move of several as stored, if it is whole. */
function moveOf(stored: unknown): MoveTerms | null {
  const move = stored as Partial<MoveTerms> | null;
  return move && [move.appointmentId, move.date, move.time].every((value) => typeof value === 'string')
    ? { appointmentId: move.appointmentId!, date: move.date!, time: move.time! }
    : null;
}

/** The proposal stored on the chat, if it is one and still fresh. */
function pendingOf(stored: unknown, now: Date): ChangeProposal | null {
  const change = stored as (Partial<StoredChange> & Record<string, unknown>) | null;
  if (!change || typeof change.at !== 'string') return null;
  if (now.getTime() - Date.parse(change.at) > PENDING_CHANGE_TTL_MS) return null;
  if (change.kind === 'waitlist') {
    const { username, serviceId, date, time } = change;
    return [serviceId, date, time].every((value) => typeof value === 'string') &&
      (username === null || typeof username === 'string')
      ? { kind: 'waitlist', username, serviceId: serviceId!, date: date!, time: time! }
      : null;
  }
  if (typeof change.appointmentId !== 'string') return null;
  if (change.kind === 'cancel') {
    const also = Array.isArray(change.also) ? change.also.map(termsOf) : [];
    if (also.includes(null)) return null;
    const first = termsOf(change);
    return first && { kind: 'cancel', ...first, ...(also.length ? { also: also as CancelTerms[] } : {}) };
  }
  if (change.kind === 'reschedule') {
    const also = Array.isArray(change.also) ? change.also.map(moveOf) : [];
    if (also.includes(null)) return null;
    return {
      kind: 'reschedule',
      appointmentId: change.appointmentId,
      date: change.date ?? null,
      time: change.time ?? null,
      ...(also.length ? { also: also as MoveTerms[] } : {}),
    };
  }
  return null;
}

export function createAssistantService(deps: Deps) {
  const { chats } = deps;
  // The business's own booking page: 'anyone available' in answers, and its line for a join from chat.
  const anyoneBookingUrl = `${deps.publicUrl}/book`;

  async function premiumPrice(): Promise<AssistantKnowledge['premiumPrice']> {
    try {
      const price = await deps.subscriptions.price(PREMIUM_PRICE_ALIAS);
      return { amount: price.unit_amount, currency: price.currency, interval: price.interval };
    } catch {
      // No premium price configured (or the provider is unreachable): the assistant says nothing of it.
      return null;
    }
  }

  /**
   * The company, its team, its catalogue and the lessons are read for every reply and change
   * rarely: one read serves every reply until they change (`business-reads.ts`: the services that
   * change them forget it on this instance, the `business.changed` event on the others), never a
   * stale answer after an edit.
   */
  const businessFacts = (): Promise<BusinessFacts> =>
    deps.business.read('assistant:facts', () =>
      Promise.all([
        deps.company.get(),
        deps.employees.list(),
        deps.company.bookingSettings(),
        deps.schedule.publicServices(),
        deps.packs ? deps.packs.list(false) : Promise.resolve([]),
      ]),
    );
  /** What staff taught, read like the business (the teaching service says when it changes). */
  const taught = () => deps.business.read('assistant:lessons', deps.lessons);

  let premium: { at: number; value: Promise<AssistantKnowledge['premiumPrice']> } | null = null;
  function premiumPriceSoon() {
    const now = Date.now();
    if (premium && now - premium.at < PREMIUM_PRICE_TTL_MS) return premium.value;
    premium = { at: now, value: premiumPrice() };
    return premium.value;
  }

  async function knowledge(
    customer: AssistantKnowledge['customer'],
    pendingChange: ChangeProposal | null,
  ): Promise<AssistantKnowledge> {
    const [[company, employees, bookingSettings, catalogue, packs], premium] = await Promise.all([
      businessFacts(),
      premiumPriceSoon(),
    ]);
    /** An active employee who takes bookings, by username as customers' links name them. */
    const bookable = (username: string) =>
      employees.find(
        (e) => e.isActive && e.takesBookings && e.username.toLowerCase() === username.toLowerCase(),
      );
    return {
      customer,
      pendingChange,
      now: deps.clock(),
      timeZone: company.timeZone,
      businessLanguage: company.language,
      companyName: company.name,
      website: company.website,
      information: company.information,
      systemPrompt: company.systemPrompt,
      // The default service's price: what "an appointment" costs where no service is named.
      appointmentFee: catalogue.services[0] ? { ...catalogue.services[0].price } : { ...APPOINTMENT_FEE },
      services: catalogue.services.map((service) => ({
        id: service.id,
        name: service.name,
        description: service.description,
        durationMinutes: service.durationMinutes,
        price: { ...service.price },
        professionals: service.professionals.map((professional) => professional.username),
      })),
      packs: packs.map((pack) => ({
        name: pack.name,
        serviceId: pack.serviceId,
        serviceName: pack.serviceName,
        sessions: pack.sessions,
        price: { amount: pack.priceAmount, currency: pack.currency },
        validityDays: pack.validityDays,
      })),
      freeCancellationHours: bookingSettings.freeCancellationHours,
      premiumPrice: premium,
      employees: employees
        .filter((e) => e.isActive && e.takesBookings)
        .map((e) => directoryEntry(e, deps.publicUrl)),
      otherStaff: employees.filter((e) => e.isActive && !e.takesBookings).map((e) => e.name),
      anyoneBookingUrl,
      async openSlots(username, query) {
        const employee = bookable(username);
        // Not in the directory read a moment ago: the public schedule answers (usually: not found).
        const days = employee
          ? await deps.schedule.openTimes(employee, company.timeZone, query, {
              ...(query.service ? { serviceId: query.service } : {}),
            })
          : (await deps.schedule.getPublicSchedule(username)).slots.filter(
              (day) => day.date >= query.from && day.date <= query.to,
            );
        return days
          .map((day) => ({
            ...day,
            times: day.times.filter(
              (time) => (!query.after || time >= query.after) && (!query.before || time < query.before),
            ),
          }))
          .filter((day) => day.times.length > 0);
      },
      async fullClassTimes(username, query) {
        const employee = bookable(username);
        const service = catalogue.services.find((s) => s.id === query.service);
        if (!employee || !service?.seats) return [];
        const { times } = await deps.waitlist.fullTimes(employee.id, service.id);
        return times
          .filter(
            ({ date, timeSlot }) =>
              date >= query.from &&
              date <= query.to &&
              (!query.after || timeSlot >= query.after) &&
              (!query.before || timeSlot < query.before),
          )
          .map(({ date, timeSlot }) => ({ date, time: timeSlot }));
      },
      async takenTimes(username, query) {
        const employee = username === null ? null : bookable(username);
        const service = catalogue.services.find((s) => s.id === query.service);
        if (employee === undefined || !service || service.seats) return [];
        // The booking page's list of taken times, so chat and page offer the same lines.
        const { times } = await deps.waitlist.fullTimes(employee?.id, service.id);
        return times
          .filter(({ date }) => date >= query.from && date <= query.to)
          .map(({ date, timeSlot }) => ({ date, time: timeSlot }));
      },
    };
  }

  /**
   * The engine's answer, with what staff taught: a lesson for the customer's words or words very
   * close to them comes first (the business's own answer, or the words read as the meaning
   * taught); one only loosely close answers when the engine did not understand or had no answer.
   * Not while a change waits for the customer's yes: their message answers that question.
   */
  async function respond(turns: Turn[], known: AssistantKnowledge): Promise<AssistantAnswer> {
    const latest = turns.findLastIndex((turn) => turn.role === 'customer');
    const lessons = latest >= 0 && !known.pendingChange ? await taught() : [];
    const text = turns[latest]?.text ?? '';
    const apply = (lesson: TaughtLesson): Promise<AssistantAnswer> => {
      if (lesson.kind === 'answer' && lesson.answer)
        return Promise.resolve({ replies: [lesson.answer], handoff: null });
      const language = detectLanguage(turns.filter((t) => t.role === 'customer').map((t) => t.text));
      const meant = turns.with(latest, { role: 'customer', text: meaningText(lesson, language) });
      return deps.engine.respond(meant, known);
    };
    const close = matchLesson(text, lessons, 'strict');
    if (close) return apply(close);
    const answer = await deps.engine.respond(turns, known);
    const loose = answer.unsure ? matchLesson(text, lessons, 'lenient') : null;
    return loose ? apply(loose) : answer;
  }

  /**
   * A conversation with nobody's number, for the business's test set: each line answered as a new
   * customer's would be, lessons included, nothing stored or sent. After a handover the rest of
   * the lines are a person's to answer, so they get no reply.
   */
  async function tryOut(
    lines: string[],
  ): Promise<Array<{ customer: string; replies: string[]; handedOver: boolean }>> {
    const history: Turn[] = [];
    const answered: Array<{ customer: string; replies: string[]; handedOver: boolean }> = [];
    for (const line of lines) {
      if (answered.at(-1)?.handedOver) {
        answered.push({ customer: line, replies: [], handedOver: true });
        continue;
      }
      history.push({ role: 'customer', text: line });
      const reply = await respond(history.slice(-deps.historyTurns), await knowledge(null, null));
      const language = detectLanguage(history.filter((t) => t.role === 'customer').map((t) => t.text));
      const replies = reply.handoff
        ? [reply.replies[0] ?? REPLIES[language].handover.general]
        : reply.replies;
      history.push(...replies.map((text): Turn => ({ role: 'assistant', text })));
      answered.push({ customer: line, replies, handedOver: reply.handoff !== null });
    }
    return answered;
  }

  /** The turns the engine reads: since the last '/new' or handoff, without the command, the latest N. */
  function turnsOf(history: Array<{ sender: string; text: string }>): Turn[] {
    return history
      .filter((m) => m.sender === 'customer' || m.sender === 'assistant')
      .filter((m) => !isNewConversationCommand(m.text))
      .map((m): Turn => ({ role: m.sender === 'customer' ? 'customer' : 'assistant', text: m.text }))
      .slice(-deps.historyTurns);
  }

  /**
   * Answers the customer's latest message on a chat the assistant has. Returns the replies it sent.
   * Safe to run twice for one message: it answers only while the customer spoke last.
   *
   * `attempt.isLast` comes from the durable job: a failure a later try may not meet throws, so the
   * job tries again; the last try (or a failure that would only repeat) gives the chat to a person.
   * Called without it, the first failure is final (the simulator passes its own tries).
   */
  async function replyTo(
    job: { chatId: string; messageId: string },
    attempt: JobAttempt = { isLast: true },
  ): Promise<string[]> {
    return answer(job, attempt, 1);
  }

  async function answer(
    { chatId }: { chatId: string; messageId: string },
    attempt: JobAttempt,
    round: number,
  ): Promise<string[]> {
    // Enough messages for the turns kept and a '/new' just before them.
    const conversation = await chats.conversation(chatId, Math.max(40, deps.historyTurns + 1));
    if (conversation?.chat.assignedTo !== 'ai') return [];
    const { history } = conversation;
    const last = history.at(-1);
    // Only while the customer spoke last: a run for a message already answered (a burst answered
    // by one run, a retry after a crash) has nothing to do, but for one case: a retry whose first
    // attempt died between storing its reply and sending it. That reply is still 'sending' with
    // no send under way (a failed send would have queued its own), so the durable send takes it.
    if (last?.sender !== 'customer') {
      if (attempt.retried) await chats.handOverUnsent(unsentReplies(history));
      return [];
    }
    const turns = turnsOf(history);
    const customerTexts = turns.filter((t) => t.role === 'customer').map((t) => t.text);
    // Until the business is read: what a failure to read it says to the customer.
    let language = detectLanguage(customerTexts);
    const { clientPhoneDigits } = conversation.chat;
    // The customer's own appointments, when a verified number is a client's: what self-service acts
    // on, and what either engine (the built-in one or a model) is told of the customer.
    const customer =
      clientPhoneDigits.length >= MIN_PHONE_DIGITS
        ? await deps.manageBooking.customerByPhone(clientPhoneDigits)
        : null;
    const pending = pendingOf(conversation.chat.pendingChange, deps.clock());
    // A client writing in Spanish or English gets their emails and reminders in it from now on.
    // Only a verified number's client (`customer`): a visitor's typed words never change anyone's.
    const spoken = customer ? messageLanguage(last.text) : null;
    if (spoken === 'es' || spoken === 'en') await deps.clients.noteLanguage(clientPhoneDigits, spoken);

    let reply: AssistantAnswer;
    try {
      const known = await knowledge(customer, pending);
      // What the service itself says (a confirmed change, a handover) is in the language the
      // engine answers in: the customer's latest message that tells, else the business's. "sim"
      // after a question in Portuguese is answered in the business's Spanish, not in English.
      language = replyLanguage(customerTexts, known.businessLanguage).language;
      reply = await respond(turns, known);
    } catch (error) {
      const failure =
        error instanceof AssistantUnavailable
          ? error
          : new AssistantUnavailable('internal', error instanceof Error ? error.message : String(error), {
              cause: error,
            });
      if (failure.retryable && !attempt.isLast) {
        deps.log?.warn(
          { err: failure, chatId, kind: failure.kind },
          'assistant failed; the job will try again',
        );
        throw failure;
      }
      // The customer's message is already stored: a person takes over instead of losing it.
      deps.log?.error(
        { err: failure, chatId, kind: failure.kind },
        'assistant failed; handing the chat to a person',
      );
      const handed = await chats.handOver(chatId, {
        reason: `The assistant failed: ${failure.message}`,
        kind: 'model_error',
        customerMessage: REPLIES[language].handover.general,
        type: 'error',
      });
      return handed ? [REPLIES[language].handover.general] : [];
    }

    // A person may have taken the chat while the assistant was thinking, or the customer written
    // again: stored now, this answer would come after a message it never saw, and that message
    // would look answered. The store refuses it in one statement (postAssistantReply); only an
    // answer that acts first (a confirmed change, a handover) reads the chat before acting.
    const again = () => rerun(chatId, last.id, attempt, round);
    if (reply.confirm || reply.handoff) {
      const moved = await again();
      if (moved !== null) return moved;
    }
    const ownAppointment = (id: string | undefined) => customer?.appointments.find((a) => a.id === id);
    // Only the customer's own appointment, or a line for a client of a verified number.
    const theirs = (change: ChangeProposal) =>
      change.kind === 'waitlist'
        ? customer !== null
        : eachChange(change).every((one) => Boolean(ownAppointment(one.appointmentId)));
    const confirmed = reply.confirm && pending && theirs(pending) ? pending : null;
    // A yes to a change of an appointment that is no longer theirs (staff cancelled or moved it away
    // since the question): nothing is done to it, and they are told so rather than left unanswered.
    // Of several changes, the others are still made: they said yes to each.
    const changes =
      confirmed?.kind === 'waitlist'
        ? []
        : confirmed
          ? eachChange(confirmed)
          : reply.confirm && pending && pending.kind !== 'waitlist'
            ? eachChange(pending).filter((one) => ownAppointment(one.appointmentId))
            : [];
    const gone = Boolean(reply.confirm && pending && pending.kind !== 'waitlist' && !confirmed);
    if (confirmed?.kind === 'waitlist') {
      await remember(chatId, null);
      reply = { replies: [await joinLine(confirmed, clientPhoneDigits, language)], handoff: null };
    } else if (changes.length || gone) {
      // Only the change they were asked about, only now; "cancela las dos" cancels each of them in turn.
      const texts: string[] = [];
      let repropose: ChangeProposal | null = null;
      for (const change of changes) {
        const outcome = await makeChange(
          change,
          ownAppointment(change.appointmentId)!,
          deps.manageBooking,
          language,
        );
        texts.push(outcome.text);
        repropose ??= outcome.repropose;
      }
      if (gone)
        texts.push(
          REPLIES[language].own.noLongerBooked(
            Boolean(pending?.kind !== 'waitlist' && pending?.also?.length),
          ),
        );
      await remember(chatId, repropose);
      reply = { replies: [texts.join('\n')], handoff: null };
    } else if (reply.propose && theirs(reply.propose)) {
      await remember(chatId, reply.propose);
    } else if (conversation.chat.pendingChange) {
      await remember(chatId, null);
    }

    if (reply.handoff) {
      const message = reply.replies[0] ?? REPLIES[language].handover.general;
      const handed = await chats.handOver(chatId, {
        reason: reply.handoff.reason,
        kind: reply.handoff.kind,
        customerMessage: message,
        type: 'warning',
      });
      return handed ? [message] : [];
    }
    const sent: string[] = [];
    // Each message on a chat is stamped after the one before it (insertCustomerMessage): any the
    // customer wrote since this run read the chat is later than `follows`, and refuses the reply.
    let follows = last.createdAt;
    for (const written of reply.replies) {
      const text = withConversationRef(written, deps.publicUrl, conversation.chat.conversationRef);
      const stored = await chats.postAssistantReply(chatId, text, follows);
      if (!stored) {
        // Refused: a person has the chat, or something was written since, and then all of it is answered.
        return sent.length ? sent : ((await again()) ?? []);
      }
      sent.push(text);
      follows = new Date(stored.timestamp);
    }
    // Told once the reply is stored: a refused reply is answered again, and tells them then.
    if (reply.tellStaff) await chats.tellStaff(chatId, reply.tellStaff);
    return sent;
  }

  /**
   * After the conversation moved on from `lastId`: null while it has not (go on), [] when there
   * is nothing for this run to do, or the answer to everything, a few rounds at most.
   */
  async function rerun(
    chatId: string,
    lastId: string,
    attempt: JobAttempt,
    round: number,
  ): Promise<string[] | null> {
    const newest = await chats.latest(chatId);
    if (newest?.assignedTo !== 'ai') return [];
    if (!newest.id || newest.id === lastId) return null;
    if (newest.sender !== 'customer' || round >= 3) return [];
    return answer({ chatId, messageId: newest.id }, attempt, round + 1);
  }

  /**
   * A verified client joins the line of the full class time or taken one-to-one time they said yes
   * to: the professional's, or with no professional, 'anyone available''s (the business's page's).
   */
  async function joinLine(change: WaitlistJoin, phoneDigits: string, language: Language) {
    const [[, employees, , catalogue], who] = await Promise.all([
      businessFacts(),
      deps.clients.contactByPhone(phoneDigits),
    ]);
    const { username } = change;
    const isClass = Boolean(catalogue.services.find((s) => s.id === change.serviceId)?.seats);
    const service = `service=${encodeURIComponent(change.serviceId)}`;
    if (username === null)
      return joinWaitlist(
        change,
        isClass,
        who,
        null,
        deps.waitlist,
        `${anyoneBookingUrl}?${service}`,
        language,
      );
    const employee = employees.find((e) => e.username.toLowerCase() === username.toLowerCase());
    const page = `${deps.publicUrl}/schedule/${encodeURIComponent(username)}?${service}`;
    return joinWaitlist(change, isClass, who, employee?.id, deps.waitlist, page, language);
  }

  function remember(chatId: string, change: ChangeProposal | null) {
    return chats.setPendingChange(chatId, change ? { ...change, at: deps.clock().toISOString() } : null);
  }

  return {
    engineName: deps.engine.name,
    replyTo,
    tryOut,
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
