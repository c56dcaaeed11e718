import { NEW_CONVERSATION_COMMAND } from '@chatdesk/contract/chats';
import type { ChatsService } from '../chats/chats.service.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { EmployeesService } from '../employees/employees.service.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import type { AssistantEngine, AssistantKnowledge, Turn } from './assistant-engine.ts';
import { HANDOFF_MESSAGE } from './handoff.ts';
import { detectLanguage } from './language.ts';

type Deps = {
  engine: AssistantEngine;
  chats: ChatsService;
  company: CompanyService;
  employees: EmployeesService;
  schedule: ScheduleService;
  publicUrl: string;
  clock: () => Date;
  log?: { error: (o: object, m: string) => void };
};

export function createAssistantService(deps: Deps) {
  const { chats } = deps;

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

  /**
   * Answers the customer's latest message on a chat the assistant has. Returns the replies it sent.
   * Safe to run twice for one message: it answers only while the customer spoke last.
   */
  async function replyTo(
    { chatId, messageId }: { chatId: string; messageId: string },
    attempt = 1,
  ): Promise<string[]> {
    const conversation = await chats.conversation(chatId);
    if (conversation?.chat.assignedTo !== 'ai') return [];
    const { history } = conversation;
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
      const handed = await chats.handOver(chatId, {
        reason: `The assistant failed (${reason}).`,
        customerMessage: HANDOFF_MESSAGE[language],
        type: 'error',
      });
      return handed ? [HANDOFF_MESSAGE[language]] : [];
    }

    // A person may have taken the chat while the assistant was thinking (the store below checks
    // that again, atomically). The customer may also have written again meanwhile. Stored now,
    // this answer would come after a message it never saw, and that message would look answered:
    // answer everything instead (a few times at most), or leave it to the run that answered it.
    const current = await chats.conversation(chatId);
    if (current?.chat.assignedTo !== 'ai') return [];
    const newest = current.history.at(-1);
    if (newest && newest.id !== last.id) {
      if (newest.sender !== 'customer') return [];
      if (attempt < 3) return replyTo({ chatId, messageId: newest.id }, attempt + 1);
    }
    if (answer.handoff) {
      const message = answer.replies[0] ?? HANDOFF_MESSAGE[language];
      const handed = await chats.handOver(chatId, {
        reason: answer.handoff.reason,
        customerMessage: message,
        type: 'warning',
      });
      return handed ? [message] : [];
    }
    const sent: string[] = [];
    for (const reply of answer.replies) {
      if (!(await chats.postAssistantReply(chatId, reply))) break;
      sent.push(reply);
    }
    return sent;
  }

  return {
    engineName: deps.engine.name,
    replyTo,
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
