import { describe, expect, it } from 'vitest';
import type { AssistantKnowledge, Turn } from './assistant-engine.ts';
import { HANDOFF_MESSAGE } from './handoff.ts';
import { detectLanguage } from './language.ts';
import { createRuleBasedAssistant } from './rule-based-assistant.ts';

const url = 'https://book.example';
const entry = (name: string, username: string, title: string, role: string, locations: string[]) => ({
  name,
  username,
  title,
  role,
  locations,
  bookingUrl: `${url}/schedule/${username}`,
  subscriptionUrl: `${url}/subscription/${username}`,
});

const knowledge: AssistantKnowledge = {
  companyName: 'Entrena Studio',
  information:
    'Trainers in Madrid and Barcelona.\nA first 30-minute consultation costs 10 EUR.\nPremium subscriptions give monthly plans.',
  systemPrompt: null,
  employees: [
    entry('Carlos Ruiz', 'carlos', 'Personal Trainer', 'Strength and conditioning', ['Madrid', 'Alcobendas']),
    entry('Lucía Fernández', 'lucia', 'Nutritionist', 'Sports nutritionist', ['Barcelona', 'Online']),
    entry('Marta Navarro', 'marta', 'Yoga Instructor', 'Yoga and pilates', ['Sevilla', 'Málaga']),
  ],
  async openSlots(username) {
    return username === 'carlos'
      ? { timeZone: 'Europe/Madrid', slots: [{ date: '2026-11-23', time: '09:00' }] }
      : { timeZone: 'Europe/Madrid', slots: [] };
  },
};

const assistant = createRuleBasedAssistant();
const ask = (...texts: string[]) => {
  const history: Turn[] = texts.map((text, i) => ({ role: i % 2 === 0 ? 'customer' : 'assistant', text }));
  return assistant.respond(history, knowledge);
};

describe('language', () => {
  it('tells Spanish from English', () => {
    expect(detectLanguage(['Hola, busco un entrenador personal en Madrid'])).toBe('es');
    expect(detectLanguage(['Hi, I am looking for a trainer in Madrid'])).toBe('en');
  });
});

describe('the built-in assistant', () => {
  it('greets on a new conversation, in the customer language once known', async () => {
    const answer = await ask('/new');
    expect(answer.replies[0]).toContain('Entrena Studio');
    expect(answer.handoff).toBeNull();
    expect((await ask('hola')).replies[0]).toMatch(/^¡Hola!/);
  });

  it('finds a professional by city and specialty, with booking and subscription links', async () => {
    const answer = await ask('Hola, busco un entrenador personal en Madrid');
    expect(answer.replies[0]).toContain('Estos profesionales');
    expect(answer.replies[0]).toContain('Carlos Ruiz');
    expect(answer.replies[0]).toContain(`${url}/schedule/carlos`);
    expect(answer.replies[0]).toContain(`${url}/subscription/carlos`);
    expect(answer.replies[0]).not.toContain('Lucía');
  });

  it('matches cities without accents and answers in English', async () => {
    const answer = await ask('Do you have yoga classes in Malaga?');
    expect(answer.replies[0]).toContain('These professionals');
    expect(answer.replies[0]).toContain('Marta Navarro');
  });

  it('offers the same specialty elsewhere when the city has none', async () => {
    const answer = await ask('I need a nutritionist in Madrid');
    expect(answer.replies[0]).toContain("don't have that kind of professional in Madrid");
    expect(answer.replies[0]).toContain('Lucía Fernández');
  });

  it("lists an employee's open slots when asked about them by name", async () => {
    const answer = await ask('When is Carlos free?');
    expect(answer.replies[0]).toContain('Next open slots with Carlos Ruiz (Europe/Madrid time)');
    expect(answer.replies[0]).toContain('Monday, November 23, 09:00');
  });

  it('answers simple questions from the company information', async () => {
    const answer = await ask('¿Cuánto cuesta la primera sesión?');
    expect(answer.replies[0]).toContain('costs 10 EUR');
  });

  it('hands over at once when the customer asks for a person', async () => {
    const es = await ask('Quiero hablar con una persona');
    expect(es.handoff).toEqual({ reason: 'The customer asked to talk to a person.' });
    expect(es.replies).toEqual([HANDOFF_MESSAGE.es]);
    expect((await ask('Can I talk to a real person?')).replies).toEqual([HANDOFF_MESSAGE.en]);
  });

  it('hands over when it cannot help twice in a row', async () => {
    const first = await ask('Can you fix my car?');
    expect(first.handoff).toBeNull();
    const second = await ask(
      'Can you fix my car?',
      first.replies[0]!,
      'It is a red car, the engine makes noise',
    );
    expect(second.handoff).toEqual({ reason: 'The assistant could not help twice in a row.' });
  });
});
