import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, type ModelMessage, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import type { AssistantEngine, AssistantKnowledge, Turn } from './assistant-engine.ts';
import { HANDOFF_MESSAGE } from './handoff.ts';
import { detectLanguage, fold } from './language.ts';

export type LlmSettings = { baseUrl: string; model: string; apiKey?: string; timeoutMs: number };

function instructions(knowledge: AssistantKnowledge) {
  const directory = knowledge.employees
    .map(
      (e) =>
        `- ${e.name} (username ${e.username}): ${[e.title, e.role].filter(Boolean).join(', ')}; locations: ${
          e.locations.join(', ') || 'not set'
        }; booking: ${e.bookingUrl}; premium content: ${e.subscriptionUrl}`,
    )
    .join('\n');
  return [
    knowledge.systemPrompt || `You are the customer assistant of ${knowledge.companyName || 'the company'}.`,
    'You chat with customers on WhatsApp. Answer briefly, in the language the customer writes in.',
    'Use the tools: find professionals by city or specialty, list an employee’s open slots, share booking and subscription links.',
    'Never invent prices, times or people: use only the company information, the directory and tool results.',
    'Call handoff_to_human at once when the customer asks for a person, and whenever you cannot help; give the reason.',
    '',
    `Company: ${knowledge.companyName}`,
    `Company information:\n${knowledge.information}`,
    '',
    `Professionals:\n${directory || '(none yet)'}`,
  ].join('\n');
}

/** Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, llama.cpp) through the AI SDK, with tools. */
export function createLlmAssistant(settings: LlmSettings): AssistantEngine {
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: settings.baseUrl,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
  });
  const model = provider.chatModel(settings.model);

  return {
    name: 'llm',
    async respond(history: Turn[], knowledge: AssistantKnowledge) {
      let handoff: { reason: string } | null = null;
      const byUsername = (username: string) =>
        knowledge.employees.find((e) => fold(e.username) === fold(username.replace(/^@/, '')));
      const tools = {
        find_professionals: tool({
          description:
            'Find professionals by city and/or specialty (title or role words). Returns names, places and links.',
          inputSchema: z.object({ city: z.string().optional(), specialty: z.string().optional() }),
          execute: async ({ city, specialty }) =>
            knowledge.employees.filter(
              (e) =>
                (!city || e.locations.some((l) => fold(l).includes(fold(city)))) &&
                (!specialty || fold(`${e.title ?? ''} ${e.role ?? ''}`).includes(fold(specialty))),
            ),
        }),
        list_open_slots: tool({
          description:
            "List an employee's next open 30-minute slots (local date and time, with the time zone).",
          inputSchema: z.object({ username: z.string(), limit: z.number().int().min(1).max(20).optional() }),
          execute: async ({ username, limit }) => {
            const employee = byUsername(username);
            if (!employee) return { error: `No professional with username ${username}` };
            return knowledge.openSlots(employee.username, limit ?? 6);
          },
        }),
        share_links: tool({
          description: 'The booking and premium-subscription links of an employee, to send to the customer.',
          inputSchema: z.object({ username: z.string() }),
          execute: async ({ username }) => {
            const employee = byUsername(username);
            if (!employee) return { error: `No professional with username ${username}` };
            return { booking: employee.bookingUrl, subscription: employee.subscriptionUrl };
          },
        }),
        handoff_to_human: tool({
          description:
            'Give this chat to a person on the team. Use when asked for a person or when you cannot help.',
          inputSchema: z.object({ reason: z.string().min(1) }),
          execute: async ({ reason }) => {
            handoff = { reason };
            return { handedOver: true };
          },
        }),
      };
      const messages: ModelMessage[] = history.map((turn) => ({
        role: turn.role === 'customer' ? 'user' : 'assistant',
        content: turn.text,
      }));
      const result = await generateText({
        model,
        system: instructions(knowledge),
        messages,
        tools,
        stopWhen: [stepCountIs(5), () => handoff !== null],
        abortSignal: AbortSignal.timeout(settings.timeoutMs),
        maxRetries: 1,
      });
      const text = result.text.trim();
      if (handoff) {
        const language = detectLanguage(history.filter((t) => t.role === 'customer').map((t) => t.text));
        return { replies: [text || HANDOFF_MESSAGE[language]], handoff };
      }
      if (!text) throw new Error('The model answered with no text');
      return { replies: [text], handoff: null };
    },
  };
}
