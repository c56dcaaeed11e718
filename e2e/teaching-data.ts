import type { AssistantTest, AssistantTestForm, Lesson } from '@chatdesk/contract/teaching';
import { newSessionId } from './chat-data';
import { type Api, expect } from './fixtures';

/** Helpers that make what a teaching spec needs: a conversation for the review queue, lessons and tests. */

type SimulatorAnswer = { chatId: string; assignedTo: 'ai' | 'human'; replies: string[] };

/**
 * A customer writes words the built-in assistant does not understand, twice: it hands the
 * conversation over for not understanding, and it joins the review queue.
 */
export async function notUnderstoodChat(api: Api, text: string): Promise<{ chatId: string }> {
  const sessionId = newSessionId();
  const say = async () => {
    const response = await api.raw.post('/api/chats/simulator', {
      data: { text, sessionId },
      headers: api.headers,
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as SimulatorAnswer;
  };
  expect((await say()).assignedTo).toBe('ai');
  const handedOver = await say();
  expect(handedOver.assignedTo, `"${text}" was understood`).toBe('human');
  return { chatId: handedOver.chatId };
}

/** Forgets any lesson on these words, so a spec that teaches them can run again on the same server. */
export async function forgetLessons(api: Api, example: string): Promise<void> {
  const { lessons } = await api.get<{ lessons: Lesson[] }>('/assistant/lessons');
  for (const lesson of lessons.filter((candidate) => candidate.example === example)) {
    await api.delete(`/assistant/lessons/${lesson.id}`);
  }
}

export function createAssistantTest(api: Api, test: AssistantTestForm): Promise<AssistantTest> {
  return api.post<AssistantTest>('/assistant/tests', test);
}
