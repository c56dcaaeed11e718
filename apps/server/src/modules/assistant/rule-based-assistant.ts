import { NEW_CONVERSATION_COMMAND } from '@chatdesk/contract/chats';
import type {
  AssistantAnswer,
  AssistantDirectoryEntry,
  AssistantEngine,
  AssistantKnowledge,
  Turn,
} from './assistant-engine.ts';
import { HANDOFF_MESSAGE } from './handoff.ts';
import { detectLanguage, fold, type Language } from './language.ts';

/** Kinds of professional customers ask for, with the words they use and the words in titles and roles. */
const SPECIALTIES = [
  {
    asked: [
      'entrenador',
      'entrenadora',
      'entrenamiento',
      'personal trainer',
      'trainer',
      'training',
      'gym',
      'fuerza',
      'strength',
      'coach',
    ],
    matches: ['trainer', 'coach', 'entrenador', 'strength'],
  },
  {
    asked: ['nutricion', 'nutricionista', 'dieta', 'nutrition', 'nutritionist', 'diet', 'nutricionista'],
    matches: ['nutrition'],
  },
  {
    asked: [
      'fisio',
      'fisioterapeuta',
      'fisioterapia',
      'lesion',
      'rodilla',
      'physio',
      'physiotherapist',
      'injury',
      'knee',
      'back pain',
    ],
    matches: ['physio'],
  },
  { asked: ['yoga'], matches: ['yoga'] },
  { asked: ['pilates'], matches: ['pilates'] },
  { asked: ['running', 'correr', 'maraton', 'marathon', 'runner'], matches: ['running'] },
];

const ASKS_FOR_PERSON = [
  'persona',
  'humano',
  'agente',
  'hablar con alguien',
  'un empleado',
  'atencion al cliente',
  'human',
  'real person',
  'a person',
  'someone',
  'agent',
  'representative',
  'speak to staff',
  'talk to staff',
];

const GREETINGS = [
  'hola',
  'buenas',
  'buenos dias',
  'buenas tardes',
  'hello',
  'hi',
  'hey',
  'good morning',
  'good afternoon',
];

/** Questions answered from the company information: what customers ask → words to find in it. */
const TOPICS = [
  {
    asked: ['precio', 'cuesta', 'cuanto', 'coste', 'tarifa', 'price', 'cost', 'fee', 'how much'],
    find: ['cost', 'price', 'eur', '€', 'fee', 'precio'],
  },
  {
    asked: ['horario', 'horas', 'abierto', 'abris', 'hours', 'open', 'opening'],
    find: ['hour', 'horario', 'open'],
  },
  { asked: ['online', 'en linea', 'virtual', 'videollamada', 'remote'], find: ['online'] },
  {
    asked: ['suscripcion', 'premium', 'contenido', 'subscription', 'subscribe', 'videos'],
    find: ['subscription', 'premium', 'suscrip'],
  },
  {
    asked: ['donde', 'ubicacion', 'direccion', 'ciudades', 'where', 'location', 'address', 'cities'],
    find: ['network', 'located', 'address', 'cities'],
  },
];

const TEXT = {
  greeting: {
    es: (company: string) =>
      `¡Hola! Soy el asistente de ${company}. ¿En qué ciudad estás y qué tipo de profesional buscas?`,
    en: (company: string) =>
      `Hello! I'm the assistant of ${company}. Which city are you in, and what kind of professional are you looking for?`,
  },
  matches: {
    es: 'Estos profesionales encajan con lo que buscas:',
    en: 'These professionals match what you are looking for:',
  },
  noMatchInCity: {
    es: (city: string) =>
      `Ahora mismo no tenemos ese tipo de profesional en ${city}. Estas son otras opciones:`,
    en: (city: string) =>
      `We don't have that kind of professional in ${city} right now. Here are other options:`,
  },
  book: { es: 'Reservar cita', en: 'Book an appointment' },
  subscribe: { es: 'Contenido premium', en: 'Premium content' },
  slots: {
    es: (name: string, zone: string) => `Próximos huecos libres de ${name} (hora de ${zone}):`,
    en: (name: string, zone: string) => `Next open slots with ${name} (${zone} time):`,
  },
  noSlots: {
    es: (name: string) => `${name} no tiene huecos libres en los próximos días.`,
    en: (name: string) => `${name} has no open slots in the coming days.`,
  },
  info: { es: 'Esto es lo que puedo contarte:', en: "Here's what I can tell you:" },
  fallback: {
    es: 'No estoy seguro de poder ayudarte con eso. ¿Me dices en qué ciudad estás y qué tipo de profesional buscas?',
    en: "I'm not sure I can help with that. Could you tell me which city you're in and what kind of professional you're looking for?",
  },
};

const FALLBACKS = new Set(Object.values(TEXT.fallback));

const includesAny = (text: string, words: string[]) =>
  words.some((word) => new RegExp(`(^|[^a-z])${fold(word)}([^a-z]|$)`).test(text));

function describe(entry: AssistantDirectoryEntry, lang: Language) {
  const label = [entry.title, entry.locations.join(', ')].filter(Boolean).join(' · ');
  return `• ${entry.name}${label ? ` (${label})` : ''}\n  ${TEXT.book[lang]}: ${entry.bookingUrl}\n  ${TEXT.subscribe[lang]}: ${entry.subscriptionUrl}`;
}

function mentionedEmployee(text: string, employees: AssistantDirectoryEntry[]) {
  return employees.find((e) => {
    const first = fold(e.name.split(' ')[0] ?? '');
    return (
      includesAny(text, [fold(e.name)]) ||
      (first.length > 2 && includesAny(text, [first])) ||
      includesAny(text, [e.username])
    );
  });
}

const formatSlot = (date: string, time: string, lang: Language) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-US', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
  return `${day}, ${time}`;
};

/**
 * The assistant used when no LLM is configured: it greets, finds professionals by city and
 * specialty with their links, lists open slots, answers simple questions from the company
 * information, and hands over at once when asked for a person, or after failing twice in a row.
 */
export function createRuleBasedAssistant(): AssistantEngine {
  return {
    name: 'rules',
    async respond(history: Turn[], knowledge: AssistantKnowledge): Promise<AssistantAnswer> {
      const customerTexts = history.filter((t) => t.role === 'customer').map((t) => t.text);
      const lastCustomer = customerTexts.at(-1) ?? '';
      const text = fold(lastCustomer);
      const lang = detectLanguage(customerTexts.filter((t) => t.trim() !== NEW_CONVERSATION_COMMAND));
      const reply = (...replies: string[]): AssistantAnswer => ({ replies, handoff: null });

      if (lastCustomer.trim().toLowerCase() === NEW_CONVERSATION_COMMAND) {
        return reply(TEXT.greeting[lang](knowledge.companyName || 'our team'));
      }
      if (includesAny(text, ASKS_FOR_PERSON)) {
        return {
          replies: [HANDOFF_MESSAGE[lang]],
          handoff: { reason: 'The customer asked to talk to a person.' },
        };
      }

      const specialty = SPECIALTIES.find((s) => includesAny(text, s.asked));
      const cities = [...new Set(knowledge.employees.flatMap((e) => e.locations))];
      const city = cities.find((c) => includesAny(text, [c]));
      const employee = mentionedEmployee(text, knowledge.employees);

      if (employee && !specialty && !city) {
        const { timeZone, slots } = await knowledge.openSlots(employee.username, 5);
        const slotLines = slots.map((s) => `• ${formatSlot(s.date, s.time, lang)}`);
        return reply(
          [
            slots.length ? TEXT.slots[lang](employee.name, timeZone) : TEXT.noSlots[lang](employee.name),
            ...slotLines,
            '',
            describe(employee, lang),
          ].join('\n'),
        );
      }

      if (specialty || city) {
        const bySpecialty = (e: AssistantDirectoryEntry) =>
          !specialty ||
          specialty.matches.some((word) => fold(`${e.title ?? ''} ${e.role ?? ''}`).includes(word));
        const inCity = (e: AssistantDirectoryEntry) =>
          !city || e.locations.some((l) => fold(l) === fold(city));
        const matches = knowledge.employees.filter((e) => bySpecialty(e) && inCity(e));
        if (matches.length > 0) {
          return reply([TEXT.matches[lang], ...matches.map((e) => describe(e, lang))].join('\n'));
        }
        const alternatives = knowledge.employees.filter(bySpecialty);
        if (city && alternatives.length > 0) {
          return reply(
            [TEXT.noMatchInCity[lang](city), ...alternatives.map((e) => describe(e, lang))].join('\n'),
          );
        }
      }

      const topic = TOPICS.find((t) => includesAny(text, t.asked));
      const line = topic
        ? knowledge.information
            .split('\n')
            .map((l) => l.trim())
            .find((l) => l && topic.find.some((word) => fold(l).includes(fold(word))))
        : undefined;
      if (line) return reply(`${TEXT.info[lang]} ${line}`);

      if (includesAny(text, GREETINGS) && text.split(/\s+/).length <= 4) {
        return reply(TEXT.greeting[lang](knowledge.companyName || 'our team'));
      }

      const previousReply = history.filter((t) => t.role === 'assistant').at(-1)?.text;
      if (previousReply && FALLBACKS.has(previousReply)) {
        return {
          replies: [HANDOFF_MESSAGE[lang]],
          handoff: { reason: 'The assistant could not help twice in a row.' },
        };
      }
      return reply(TEXT.fallback[lang]);
    },
  };
}
