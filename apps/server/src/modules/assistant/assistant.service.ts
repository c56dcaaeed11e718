import { NEW_CONVERSATION_COMMAND } from '@chatdesk/contract/chats';
import type { JobQueue } from '../../jobs/queue.ts';
import type { ChatsRepository } from '../chats/chats.repository.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { EmployeesService } from '../employees/employees.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { AssistantEngine, AssistantKnowledge, Turn } from './assistant-engine.ts';
import { HANDOFF_MESSAGE } from './handoff.ts';
import { detectLanguage } from './language.ts';

export const ASSISTANT_REPLY_JOB = 'assistant.reply';

type Deps = {
  engine: AssistantEngine;
  chats: () => ChatsService;
  repository: ChatsRepository;
  company: CompanyService;
  employees: EmployeesService;
  schedule: ScheduleService;
  notify: Notify;
  publicUrl: string;
  clock: () => Date;
  queue: () => JobQueue | undefined;
  log?: { error: (o: object, m: string) => void };
};

export function createAssistantService(deps: Deps) {
  const { repository, clock } = deps;

  async function knowledge(): Promise<AssistantKnowledge> {
    const company = await deps.company.get();
    const employees = (await deps.employees.list()).filter((e) => e.isActive);
    return {
      companyName: company.name,
      information: company.information,
      systemPrompt: company.systemPrompt,
      employees: employees.map((e) => ({
        name: e.name,
        username: e.username,
        title: e.title,
        role: e.role,
        locations: e.locations,
        bookingUrl: `${deps.publicUrl}/schedule/${encodeURIComponent(e.username)}`,
        subscriptionUrl: `${deps.publicUrl}/subscription/${encodeURIComponent(e.username)}`,
      })),
      async openSlots(username, limit) {
        const schedule = await deps.schedule.getPublicSchedule(username);
        const slots = schedule.slots
          .flatMap((day) => day.times.map((time) => ({ date: day.date, time })))
          .slice(0, limit);
        return { timeZone: schedule.timeZone, slots };
      },
    };
  }

  /** Gives the chat to a person: tells the customer, switches it to human, and tells staff why. */
  async function handOver(
    chatId: string,
    reason: string,
    customerMessage: string | null,
    type: 'warning' | 'error',
  ) {
    const chat = await repository.findChat(chatId);
    if (chat?.assignedTo !== 'ai') return;
    if (customerMessage) await deps.chats().postOutgoing(chatId, customerMessage, 'assistant');
    await repository.setAssignment(chatId, 'human', clock());
    await deps.notify({
      type,
      title: type === 'error' ? 'Assistant error: chat needs a person' : 'Chat needs a person',
      message: `${chat.name}: ${reason}`,
      link: `/chat/${chatId}`,
    });
  }

  /**
   * Answers the customer's latest message on a chat the assistant has. Returns the replies it sent.
   * Safe to run twice for one message: it answers only while the customer spoke last.
   */
  async function replyTo(
    { chatId, messageId }: { chatId: string; messageId: string },
    attempt = 1,
  ): Promise<string[]> {
    const chat = await repository.findChatRecord(chatId);
    if (chat?.assignedTo !== 'ai') return [];
    const history = await repository.messagesSince(chatId, chat.contextStartsAt);
    const last = history.at(-1);
    if (last?.sender !== 'customer' || !history.some((m) => m.id === messageId)) return [];
    const turns: Turn[] = history
      .filter((m) => m.sender === 'customer' || m.sender === 'assistant')
      .map((m) => ({ role: m.sender === 'customer' ? 'customer' : 'assistant', text: m.text }));
    const language = detectLanguage(
      turns.filter((t) => t.role === 'customer' && t.text !== NEW_CONVERSATION_COMMAND).map((t) => t.text),
    );

    let answer: Awaited<ReturnType<AssistantEngine['respond']>>;
    try {
      answer = await deps.engine.respond(turns, await knowledge());
    } catch (error) {
      // The customer's message is already stored: a person takes over instead of losing it.
      const reason = error instanceof Error ? error.message : String(error);
      deps.log?.error({ err: error, chatId }, 'assistant failed; handing the chat to a person');
      await handOver(chatId, `The assistant failed (${reason}).`, HANDOFF_MESSAGE[language], 'error');
      return [HANDOFF_MESSAGE[language]];
    }

    // A person may have taken the chat while the assistant was thinking.
    const current = await repository.findChatRecord(chatId);
    if (current?.assignedTo !== 'ai') return [];
    // The customer may have written again meanwhile. Stored now, this answer would come after a
    // message it never saw, and that message would look answered: answer everything instead (a
    // few times at most), or leave it to the run that has already answered it.
    const newest = (await repository.messagesSince(chatId, current.contextStartsAt)).at(-1);
    if (newest && newest.id !== last.id) {
      if (newest.sender !== 'customer') return [];
      if (attempt < 3) return replyTo({ chatId, messageId: newest.id }, attempt + 1);
    }
    if (answer.handoff) {
      const [message] = answer.replies;
      await handOver(chatId, answer.handoff.reason, message ?? HANDOFF_MESSAGE[language], 'warning');
      return [message ?? HANDOFF_MESSAGE[language]];
    }
    for (const reply of answer.replies) await deps.chats().postOutgoing(chatId, reply, 'assistant');
    return answer.replies;
  }

  return {
    engineName: deps.engine.name,
    replyTo,

    /** Queued as a durable job, so a crash delays a reply instead of losing it. */
    async schedule(chatId: string, messageId: string) {
      const queue = deps.queue();
      if (queue) await queue.send(ASSISTANT_REPLY_JOB, { chatId, messageId }, { singletonKey: messageId });
      else await replyTo({ chatId, messageId });
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
