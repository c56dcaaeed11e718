import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { AssistantDirectoryEntry, AssistantKnowledge } from '../assistant-engine.ts';
import * as vocabulary from './vocabulary.ts';
import { BUILT_IN_VOCABULARY_DIR, loadVocabulary, VocabularyError, vocabularyFolders } from './vocabulary.ts';

const folders: string[] = [];
/** A vocabulary folder with these files (path inside it → content; objects are written as JSON). */
function folderWith(files: Record<string, unknown>) {
  const folder = mkdtempSync(path.join(tmpdir(), 'chatdesk-vocabulary-'));
  folders.push(folder);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(
      path.join(folder, name),
      typeof content === 'string' ? content : JSON.stringify(content, null, 2),
    );
  }
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('the built-in vocabulary', () => {
  it('holds every word of the lists it replaced (distinct words per group, when it moved to data)', () => {
    const sizes = (record: Record<string, string[]>) =>
      Object.fromEntries(Object.entries(record).map(([key, words]) => [key, words.length]));
    // Words are added as customers teach us; none of those the lists held when they moved may go.
    const now = {
      ACKNOWLEDGEMENTS: vocabulary.ACKNOWLEDGEMENTS.length,
      ASKS_FOR_PERSON: vocabulary.ASKS_FOR_PERSON.length,
      AVAILABILITY_WORDS: vocabulary.AVAILABILITY_WORDS.length,
      BOOKING_REQUEST: vocabulary.BOOKING_REQUEST.length,
      BOOKING_WORDS: vocabulary.BOOKING_WORDS.length,
      COMPLAINS: vocabulary.COMPLAINS.length,
      GOODBYES: vocabulary.GOODBYES.length,
      GREETINGS: vocabulary.GREETINGS.length,
      INJECTION: vocabulary.INJECTION.length,
      OFF_TOPIC: vocabulary.OFF_TOPIC.length,
      OWN_BOOKING: vocabulary.OWN_BOOKING.length,
      PRICE_WORDS: vocabulary.PRICE_WORDS.length,
      PRIVATE_DATA: vocabulary.PRIVATE_DATA.length,
      STOPWORDS: vocabulary.STOPWORDS.size,
      SUBSCRIPTION_WORDS: vocabulary.SUBSCRIPTION_WORDS.length,
      THANKS: vocabulary.THANKS.length,
      CITIES_QUESTION: vocabulary.CITIES_QUESTION.length,
      WHAT_WE_DO: vocabulary.WHAT_WE_DO.length,
      HOURS: vocabulary.HOURS.length,
      DURATION: vocabulary.DURATION.length,
      WHICH_DAYS: vocabulary.WHICH_DAYS.length,
      SERVICE_SYNONYMS: vocabulary.SERVICE_SYNONYMS.size,
      TOPICS: sizes(vocabulary.TOPICS),
    };
    const moved = {
      ACKNOWLEDGEMENTS: 23,
      ASKS_FOR_PERSON: 31,
      AVAILABILITY_WORDS: 28,
      BOOKING_REQUEST: 10,
      BOOKING_WORDS: 15,
      COMPLAINS: 65,
      GOODBYES: 11,
      GREETINGS: 24,
      INJECTION: 22,
      OFF_TOPIC: 41,
      OWN_BOOKING: 26,
      PRICE_WORDS: 27,
      PRIVATE_DATA: 26,
      STOPWORDS: 108,
      SUBSCRIPTION_WORDS: 8,
      THANKS: 12,
      CITIES_QUESTION: 13,
      WHAT_WE_DO: 14,
      HOURS: 11,
      DURATION: 5,
      WHICH_DAYS: 7,
      SERVICE_SYNONYMS: 40,
      TOPICS: {
        address: 11,
        hours: 14,
        parking: 5,
        payment: 14,
        cancellation: 12,
        // "atendemos" left: it is the verb of serving ("¿Rocío me puede atender?"), not a language.
        languages: 10,
        gifts: 6,
        products: 8,
        premium: 7,
        fee: 11,
      },
    };
    const atLeast = (actual: unknown, floor: unknown, path: string): void => {
      if (typeof floor === 'number') expect(actual, path).toBeGreaterThanOrEqual(floor);
      else
        for (const [key, value] of Object.entries(floor as Record<string, unknown>))
          atLeast((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
    };
    atLeast(now, moved, 'vocabulary');
    atLeast(
      sizes(vocabulary.KINDS),
      {
        trainer: 20,
        physio: 22,
        nutrition: 12,
        yoga: 3,
        pilates: 1,
        running: 7,
        hair: 21,
        colour: 15,
        barber: 13,
        nails: 10,
        brows: 6,
        beauty: 5,
        makeup: 4,
        psychology: 6,
        tattoo: 6,
        dentist: 3,
        lawyer: 5,
        massage: 6,
      },
      'kinds',
    );
    expect(Object.keys(vocabulary.PLACES)).toHaveLength(51);
    expect(Object.values(vocabulary.PLACES).flat()).toHaveLength(99);
  });

  it('merges each language and trade into the groups the engine reads', () => {
    expect(vocabulary.GREETINGS).toEqual(
      expect.arrayContaining([
        'hola',
        'buenos dias',
        'hi there',
        'bonjour',
        'ciao',
        'ola',
        'guten tag',
        'bon dia',
      ]),
    );
    expect(vocabulary.THANKS).toEqual(expect.arrayContaining(['gracias', 'thank you', 'merci', 'obrigada']));
    expect(vocabulary.COMPLAINS).toEqual(expect.arrayContaining(['cobrado dos veces', 'charged me twice']));
    expect(vocabulary.ASKS_FOR_PERSON).toEqual(expect.arrayContaining(['pasame con', 'real person']));
    expect(vocabulary.OWN_BOOKING).toEqual(expect.arrayContaining(['mi cita', 'reschedule']));
    expect(vocabulary.PRICE_WORDS).toEqual(
      expect.arrayContaining(['cuanto', 'how much', 'combien', 'preis']),
    );
    expect(vocabulary.INJECTION).toEqual(expect.arrayContaining(['ignora', 'system prompt', '/system']));
    expect(vocabulary.WHICH_DAYS).toEqual(expect.arrayContaining(['q dias', 'which days']));
    expect([...vocabulary.STOPWORDS]).toEqual(expect.arrayContaining(['salon', 'porfa', 'guys', 'the']));
    // Kinds from several trades and languages; physio's words come from fitness and from the clinic.
    expect(vocabulary.KINDS.physio).toEqual(
      expect.arrayContaining(['fisio', 'physiotherapist', 'kinesitherapeute', 'lesion', 'knee']),
    );
    expect(vocabulary.KINDS.nutrition).toEqual(expect.arrayContaining(['nutrizionista', 'lose weight']));
    expect(vocabulary.KINDS.hair).toEqual(expect.arrayContaining(['peluquera', 'friseur', 'cabeleireiro']));
    expect(vocabulary.KINDS.barber).toEqual(expect.arrayContaining(['barbero', 'barbeiro', 'barbiere']));
    expect(vocabulary.KINDS.lawyer).toEqual(expect.arrayContaining(['abogada', 'solicitor']));
    expect(vocabulary.PLACES.Sevilla).toEqual(['sevilla', 'seville', 'sevila']);
    expect(vocabulary.PLACES.Online).toContain('videollamada');
    expect(vocabulary.SERVICE_SYNONYMS.get('taglio')).toEqual(['corte']);
    expect(vocabulary.SERVICE_SYNONYMS.get('ladies')).toEqual(['senora']);
    expect(vocabulary.SERVICE_SYNONYMS.get('eyelashes')).toEqual(['pestanas']);
    expect(vocabulary.KIND_NAMES.trainer).toEqual({ es: 'entrenamiento personal', en: 'personal training' });
    expect(vocabulary.KIND_NAMES.brows).toEqual({ es: 'cejas y pestañas', en: 'brows and lashes' });
  });

  it('keeps the order that reaches customers: named kinds as before, topics and places as listed', () => {
    // "What we offer" lists a business's kinds in this order; kinds without a name are never listed.
    expect(Object.keys(vocabulary.KINDS).filter((kind) => vocabulary.KIND_NAMES[kind])).toEqual([
      'trainer',
      'physio',
      'nutrition',
      'yoga',
      'pilates',
      'running',
      'hair',
      'colour',
      'barber',
      'nails',
      'brows',
      'beauty',
    ]);
    expect(Object.keys(vocabulary.TOPICS)).toEqual([
      'address',
      'hours',
      'parking',
      'payment',
      'cancellation',
      'languages',
      'gifts',
      'products',
      'home',
      'amenities',
      'premium',
      'fee',
    ]);
    expect(Object.keys(vocabulary.PLACES).slice(0, 3)).toEqual(['Madrid', 'Barcelona', 'Valencia']);
    expect(Object.keys(vocabulary.PLACES).at(-1)).toBe('Online');
    // Spanish before English before the rest.
    const thanks = vocabulary.THANKS;
    expect(thanks.indexOf('mil gracias')).toBeLessThan(thanks.indexOf('thanks'));
    expect(thanks.indexOf('thanks')).toBeGreaterThan(-1);
  });
});

describe('loading vocabulary files', () => {
  it('fails naming the file when one is not JSON', () => {
    const folder = folderWith({ 'languages/es.json': '{ "greetings": ["hola",] ' });
    expect(() => loadVocabulary([folder])).toThrow(VocabularyError);
    expect(() => loadVocabulary([folder])).toThrow(
      `${path.join(folder, 'languages/es.json')} is not valid JSON`,
    );
  });

  it('fails naming the file and the field when one is malformed', () => {
    const unknownGroup = folderWith({ 'languages/en.json': { greeting: ['hi'] } });
    expect(() => loadVocabulary([unknownGroup])).toThrow(/languages\/en\.json is malformed[\s\S]*greeting/);
    const notAList = folderWith({ 'languages/pt.json': { thanks: 'obrigado' } });
    expect(() => loadVocabulary([notAList])).toThrow(/languages\/pt\.json is malformed[\s\S]*thanks/);
    const emptyWord = folderWith({ 'trades/vet.json': { kinds: { vet: { words: { es: ['vet', ' '] } } } } });
    expect(() => loadVocabulary([emptyWord])).toThrow(/trades\/vet\.json is malformed[\s\S]*empty word/);
    const halfNamed = folderWith({ 'trades/vet.json': { kinds: { vet: { names: { es: 'veterinaria' } } } } });
    expect(() => loadVocabulary([halfNamed])).toThrow(/trades\/vet\.json is malformed[\s\S]*names\.en/);
    const badPlaces = folderWith({ 'places.json': { Bilbao: ['bilbo'] } });
    expect(() => loadVocabulary([badPlaces])).toThrow(/places\.json is malformed/);
  });

  it('folds words as the engine matches them: lowercase, no accents, single spaces', () => {
    const folder = folderWith({
      'languages/es.json': { greetings: ['  Buenos   Días '] },
      'trades/hair.json': { 'service-synonyms': { Señora: ['Señorita'] } },
    });
    const loaded = loadVocabulary([folder]);
    expect(loaded.GREETINGS).toEqual(['buenos dias']);
    expect(loaded.SERVICE_SYNONYMS.get('senorita')).toEqual(['senora']);
  });

  it('adds an extra folder on top: new words, kinds and places after the built-in ones, names replaced', () => {
    const extra = folderWith({
      'languages/en.json': {
        greetings: ['ahoy', 'hello'],
        topics: { parking: ['car park'], pets: ['dogs'] },
      },
      'languages/br.json': { greetings: ['demat'] },
      'trades/veterinary.json': {
        kinds: {
          vet: {
            names: { es: 'veterinaria', en: 'veterinary care' },
            words: { en: ['vet'], es: ['veterinaria'] },
          },
          hair: { names: { es: 'peluquería y peinados', en: 'hairdressing' }, words: { en: ['blow-dry'] } },
        },
        'service-synonyms': { vacuna: ['jab', 'vaccine'] },
      },
      'places.json': { places: { Bilbao: ['bilbau'], Getxo: ['getxo', 'guecho'] } },
    });
    const loaded = loadVocabulary(vocabularyFolders(extra));
    expect(loaded.GREETINGS.slice(-2)).toEqual(['ahoy', 'demat']);
    expect(loaded.GREETINGS.filter((word) => word === 'hello')).toHaveLength(1);
    expect(loaded.TOPICS.parking?.at(-1)).toBe('car park');
    expect(Object.keys(loaded.TOPICS).at(-1)).toBe('pets');
    expect(Object.keys(loaded.KINDS).at(-1)).toBe('vet');
    expect(loaded.KINDS.hair?.at(-1)).toBe('blow-dry');
    expect(loaded.KIND_NAMES.hair).toEqual({ es: 'peluquería y peinados', en: 'hairdressing' });
    expect(loaded.SERVICE_SYNONYMS.get('jab')).toEqual(['vacuna']);
    expect(loaded.PLACES.Bilbao).toEqual(['bilbao', 'bilbo', 'bilbon', 'bilbora', 'bilbau']);
    expect(Object.keys(loaded.PLACES).at(-1)).toBe('Getxo');
  });

  it('refuses an ASSISTANT_VOCABULARY_DIR that is missing or holds no vocabulary', () => {
    expect(() => vocabularyFolders(path.join(tmpdir(), 'no-such-vocabulary-folder'))).toThrow(
      /ASSISTANT_VOCABULARY_DIR: .*no-such-vocabulary-folder is not a folder/,
    );
    expect(() => vocabularyFolders(folderWith({ 'greetings.json': ['hi'] }))).toThrow(
      /has none of languages\/, trades\/ or places\.json/,
    );
    expect(vocabularyFolders(undefined)).toEqual([BUILT_IN_VOCABULARY_DIR]);
  });
});

describe('ASSISTANT_VOCABULARY_DIR changes what the built-in assistant understands', () => {
  const NOW = new Date('2026-11-23T09:00:00Z');
  const vet: AssistantDirectoryEntry = {
    name: 'Leire Garmendia',
    username: 'leire',
    title: 'Veterinaria',
    role: 'Perros y gatos',
    locations: ['Bilbao'],
    availability: { monday: [['09:00', '14:00']] },
    bookingUrl: 'https://book.example/schedule/leire',
    subscriptionUrl: 'https://book.example/subscription/leire',
  };
  const knowledge = {
    now: NOW,
    timeZone: 'Europe/Madrid',
    businessLanguage: 'es',
    companyName: 'Clínica Txakur',
    website: null,
    information: 'Clínica veterinaria en Bilbao.',
    systemPrompt: null,
    appointmentFee: { amount: 1000, currency: 'eur' },
    services: [],
    premiumPrice: null,
    employees: [vet],
    openSlots: async () => [{ date: '2026-11-30', times: ['09:00', '09:30'] }],
    customer: null,
    pendingChange: null,
    freeCancellationHours: 24,
  } as AssistantKnowledge;
  /** The rules' modules loaded afresh, with ASSISTANT_VOCABULARY_DIR as given. */
  async function rulesWith(extra: string | undefined) {
    vi.stubEnv('ASSISTANT_VOCABULARY_DIR', extra ?? '');
    vi.resetModules();
    const { understand } = await import('../rules/understand.ts');
    const { buildDirectory, professionalsOfKind } = await import('../rules/directory.ts');
    const { createRuleBasedAssistant } = await import('../rule-based-assistant.ts');
    const directory = buildDirectory(knowledge);
    return {
      understand: (text: string) => understand(text, directory, knowledge),
      found: (text: string) => {
        const m = understand(text, directory, knowledge);
        return professionalsOfKind(m.kinds, m.roleStems, directory).map((p) => p.name);
      },
      reply: async (text: string) =>
        (await createRuleBasedAssistant().respond([{ role: 'customer', text }], knowledge)).replies.join(
          '\n',
        ),
    };
  }
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  const extra = folderWith({
    'languages/br.json': { greetings: ['demat'] },
    'trades/veterinary.json': {
      kinds: {
        vet: {
          names: { es: 'veterinaria', en: 'veterinary care' },
          words: { es: ['veterinaria', 'veterinario'], en: ['vet', 'veterinarian'] },
        },
      },
    },
  });

  it('a greeting and a kind word from the extra folder are recognised, and only with it', async () => {
    const without = await rulesWith(undefined);
    expect(without.understand('demat').greeting).toBe(false);
    expect(without.found('is there a vet?')).toEqual([]);

    const withExtra = await rulesWith(extra);
    expect(withExtra.understand('demat').greeting).toBe(true);
    expect(withExtra.understand('is there a vet?').kinds).toEqual(new Set(['vet']));
    expect(withExtra.found('is there a vet?')).toEqual(['Leire Garmendia']);
    // The engine tells what the business offers with the new kind's name.
    expect(await withExtra.reply('a que os dedicais?')).toContain('veterinaria');
    expect(await without.reply('a que os dedicais?')).not.toContain('nos dedicamos a veterinaria');
  });

  it('a malformed extra file stops the engine from loading, naming the file', async () => {
    const broken = folderWith({ 'languages/br.json': '{ "greetings": "demat" }' });
    await expect(rulesWith(broken)).rejects.toThrow(/languages\/br\.json is malformed/);
  });
});
