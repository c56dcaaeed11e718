import { NEW_CONVERSATION_COMMAND } from '@chatdesk/contract/chats';
import { MEETING_MINUTES, SLOT_STEP_MINUTES } from '@chatdesk/contract/constants';
import { formatDuration } from '@chatdesk/contract/schedule-rules';
import { toMinutes, toTime } from '../../lib/slots.ts';
import { addDays, WEEKDAYS, zonedDate } from '../../lib/time-zone.ts';
import type {
  AssistantAnswer,
  AssistantEngine,
  AssistantKnowledge,
  AssistantService,
  ChangeProposal,
  HandoffKind,
  OpenDay,
  Turn,
} from './assistant-engine.ts';
import type { IntentScore } from './classifier/intent-classifier.ts';
import { intentClassifier, whileAnswering } from './classifier/trained.ts';
import { type Language, replyLanguage } from './language.ts';
import { type Cues, clarifyingOptions, type Route, routes, THRESHOLDS } from './policy.ts';
import { REPLIES, type Replies } from './replies.ts';
import { withTimeAfter } from './rules/back-to-back.ts';
import {
  addressOf,
  type CompanyInfo,
  findAnswer,
  findAnswerOn,
  findPrice,
  findPrices,
  namesWholly,
  readCompanyInfo,
  topicsOf,
} from './rules/company-info.ts';
import {
  asksToTalkToStaff,
  buildDirectory,
  type Directory,
  kindsOfText,
  type Professional,
  personNotListed,
  professionalsOfKind,
} from './rules/directory.ts';
import {
  aboutOwnAppointment,
  actionAsked,
  answerOf,
  asksIfLate,
  asksOfLateness,
  asksOfOwnService,
  asksToCancel,
  isPolicyQuestion,
  isRunningLate,
  ownBookingAnswer,
  theirsElsewhere,
} from './rules/own-booking.ts';
import { asksPackBalance, packBalanceReply } from './rules/packs.ts';
import { KIND_NAMES, list, longDate, money, writtenPrice } from './rules/phrases.ts';
import { clausesOf, questionAfterStory, requestsOf } from './rules/requests.ts';
import { spelled } from './rules/spelling.ts';
import { fold, hasAny, hasPhrase, words } from './rules/text.ts';
import { ANOTHER_PROFESSIONAL, type Understanding, understand } from './rules/understand.ts';
import {
  clockOf,
  dayOf,
  fitsDay,
  inHalfOfDay,
  ourWeekdayNames,
  PART_OF_DAY,
  pointsBack,
  resolveReference,
  resolveWhen,
  timesSaid,
  type When,
  weekdayIndex,
  wordsBesidesTime,
} from './rules/when.ts';
import {
  BOOKING_REQUEST,
  BOOKING_WORDS,
  DEAL_WORDS,
  HOURS,
  PRICE_WORDS,
  SERVICE_SYNONYMS,
  TOPICS,
} from './vocabulary/vocabulary.ts';

/**
 * The built-in assistant: no model, no network. It understands a message from the business's own
 * data (its professionals' names, titles, roles and cities; its company information and prices)
 * widened by a small multilingual lexicon, reads days and times in the business's zone, answers
 * in the customer's language, and hands the chat to a person for what it must not do alone:
 * complaints, a customer's own booking, or a request for a person.
 */
export function createRuleBasedAssistant(): AssistantEngine {
  return {
    name: 'rules',
    respond: (history, knowledge) =>
      whileAnswering(() => new Conversation(history, knowledge).answerMarked()),
  };
}

type Context = {
  /** The professionals the assistant's last reply offered. */
  offered: Professional[];
  /** What earlier customer messages asked for, most recent first wins. */
  kinds: Set<string>;
  roleStems: Set<string>;
  places: string[];
  /** The previous message named only a place ("vivo en a coruña"). */
  placeStatement: boolean;
  named: Professional[];
  /** The day the previous message asked about, if it named no one. */
  when: When | undefined;
  /** The day the latest earlier message that named one asked about, however many messages ago. */
  lastDay: When | undefined;
  /** The previous message asked which days someone works ("¿qué días trabaja carmen?" → "¿y sergio?"). */
  whichDays: boolean;
  premium: boolean;
  /** The previous message asked a price ("¿cuánto cuesta con Ane?" → "¿y con Iker?"). */
  priced: boolean;
  /** One of the two messages before asked a price ("tinte cuánto" … "¿es sin amoníaco?" … "¿y mechas?"). */
  pricedLately: boolean;
  /** The assistant's last reply did not understand either. */
  lastNotUnderstood: boolean;
};

/** An appointment, said as a session, a class or a consultation. */
const SESSION_NOUN =
  /\b(?:sesion|sesiones|cita|citas|consulta|consultas|clase|clases|session|sessions|appointment|appointments|class|classes)\b/;
/** "también", "too": a service added to one said before. */
const ALSO = /\b(?:tb|tambien|too|also|ademas|as well|junto|juntos|together)\b/;
/** "¿cuánto sería todo?": the sum of the services asked. */
const ALTOGETHER = /\b(todo|total|juntos|juntas|together|altogether|in all)\b/;
/** "allí", "ahí", "there": the place the conversation is about. */
/** "¿y cerca?", "algo por aquí cerca", "anything nearby?": near where they said, which we cannot measure. */
const NEARBY =
  /^(?:y\s+|and\s+|pues\s+|vale\s+)?(?:algo\s+|alguien\s+|alguno\s+|alguna\s+|nadie\s+|anything\s+|anyone\s+|someone\s+|somewhere\s+)?(?:mas\s+|por\s+aqui\s+|por\s+ahi\s+)?(?:cerca|cercano|cercana|cerquita|near|nearby|close|closer|close by|near me|around here)(?:\s+de\s+(?:aqui|alli|ahi|mi casa|casa))?(?:\s+(?:hay|teneis|tienes|no))?$/;
const THERE = /\b(?:alli|ahi|alla|aqui mismo|en esa ciudad|there|over there|in that city)\b/;
/** "4 al mes", "dos veces por semana", "10 sessions": how many appointments they mean. */
const SESSIONS_COUNT =
  /\b(\d{1,2}|dos|tres|cuatro|cinco|seis|ocho|diez|doce|two|three|four|five|six|eight|ten|twelve)\s*(?:sesiones|clases|veces|citas|al mes|a la semana|por semana|por mes|x semana|x mes|sessions|classes|times|a month|a week|per month|per week)\b/;
const NUMBER_WORDS: Record<string, number> = {
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  ocho: 8,
  diez: 10,
  doce: 12,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  eight: 8,
  ten: 10,
  twelve: 12,
};
/** "y sergio?", "and Carlos?": a follow-up that asks the same of someone else. */
const FOLLOW_UP_START = /^(?:y|e|and|et|und|vale y|ok y|pues y)\s/;
/** How many professionals a list of everyone shows before saying how many more there are. */
const SHOWN_PEOPLE = 6;
/** Packs told at once, and booking pages given for each. */
const SHOWN_PACKS = 5;
const SHOWN_PACK_PAGES = 3;
/** Up to how many professionals a question of a place or kind and a day gets each one's times. */
const SEVERAL_TIMES = 3;
/** "¿y la normal?", "and the regular one?": the plain version of what was just priced. */
const PLAIN =
  /^\W*(?:y\s+)?(?:la|el|los|las|the|una|un|a)?\s*(?:(?:sesion|sesiones|cita|citas|clase|clases|consulta|session|sessions|appointment|appointments|class|classes)\s+)?(?:normal|normales|suelta|sueltas|individual|individuales|basic[oa]s?|simple|sencill[oa]|clasic[oa]|estandar|de siempre|regular|standard|basic|plain)(?:\s+(?:one|de toda la vida))?\W*$/;
/** "¿y hace sesiones online?", "does he work in Madrid?": a question about the one just talked of. */
const ABOUT_THEM =
  /^(?:y |and |pero |but |vale y |ok y )?(?:tambien |also )?(?:hace|hacen|da|dan|atiende|atienden|trabaja|trabajan|pasa consulta|tiene (?:consulta|sesiones)|does (?:he|she|they)|do(?:es)? (?:he|she|they)|is (?:he|she)|are they|can (?:he|she|they)|works?)\b/;

/** "what does she do?", "¿a qué se dedica?": a professional's work asked. */
const WHAT_THEY_DO =
  /\b(?:what does (?:she|he) do|what do(?:es)? (?:they|she|he) do|what is (?:her|his) (?:job|role|speciality|specialty)|(?:que|q) hace(?! falta| frio| calor| tiempo| buen| mal)|a (?:que|q) se dedica|(?:que|q) (?:es|hace) (?:ella|el)|de (?:que|q) (?:es|trabaja))\b/;

/** "…que el de caballero", "…than the men's one": a service compared with, its noun left out. */
const COMPARED_WITH = /\b(?:que|than|o|or)\s+(?:el|la|los|las|the)\s+de\s+([a-z]+)/;

/** "y ella…", "does she…": the professional just spoken of ("and a haircut too?" adds a service). */
const SHE_OR_HE = /\b(?:ella|she|he|they)\b/;

/** How a subscription is paid and left: "¿se puede cancelar?", "is it per month?", "¿hay permanencia?". */
const SUBSCRIPTION_TERMS =
  /\b(?:cancel\w*|dar(?:me|se)? de baja|baja|permanencia|commitment|contract|contrato)\b|\b(?:is it|es|se paga|se cobra|is that|billed|charged)\s+(?:per month|a month|monthly|every month|al mes|cada mes|mensual\w*|por mes)\b/;
const APPOINTMENT_NOUN =
  /\b(?:cita|citas|reserva|reservas|sesion|sesiones|clase|clases|appointment|appointments|booking|bookings|session|sessions|class)\b/;

/** What is left of "y en alcobendas tb trabaja?" once its places are taken out: a follow-up about where. */
const PLACE_FOLLOW_UP =
  /^(?:y|and|e|et|und|pero|but|vale y|ok y|pues y)(?:\s+(?:en|in|at|a|es|is|it|esta|tambien|tb|tmb|also|too|trabaja|atiende|works|work|does|do|he|she|they|there|alli|ahi|hay|algo|se puede|puede|can|hace|sesiones|sessions|consulta))*\s*$/;
const withoutPlaces = (folded: string, places: string[]) =>
  places
    .reduce((text, place) => text.replace(new RegExp(`\\b${fold(place)}\\b`, 'g'), ' '), folded)
    .replace(/\b(?:en linea|on line|online|videollamada)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** "y con el mismo se puede online?", "with the same one": the professional just spoken of. */
const THE_SAME_ONE =
  /\b(?:con (?:el|la) mism[oa]|(?:el|la) mism[oa] (?:profesional|persona)|with the same (?:one|person))\b/;

/** "¿con quién?", "¿quién es?", "who?": asking who, and nothing else. */
const WHO =
  /^\W*(?:(?:y|pues|vale|entonces|so|then)\s+)*(?:con\s+)?(?:quien|quienes|quien es|quien seria|who|with who|with whom|who is it)(?:\s+(?:entonces|then|puedo|can i|reservo|book|alli|ahi|alla|there))*\W*$/;
/** "¿de quién?", "who has it?": whose (premium content) is asked. */
const WHOSE = /\b(?:de quien|de quienes|quien|quienes|who|whose|with whom)\b/;
/** "el siguiente sábado", "el sábado siguiente", "el otro sábado", "the following Saturday". */
const FOLLOWING = /\b(?:siguiente|proximo|otro|following|after that|next one)\b/;
/** "el que viene", "el q viene": nothing but the coming one of the weekday just asked. */
const THE_COMING_ONE = /^(?:y\s+|no\s+)?(?:el|la)\s+(?:que|q|k)\s+viene$/;
/** "¿y el segundo?", "la tercera", "the second one": a place among the times just listed. */
const NTH_LISTED: Array<[RegExp, number]> = [
  [/\b(?:el|la) segund[oa]\b(?! (?:semana|dia|vez|mes))|\bthe second(?: one)?\b/, 1],
  [/\b(?:el|la) tercer[oa]?\b(?! (?:semana|dia|vez|mes))|\bthe third(?: one)?\b/, 2],
];
/** "¿el siguiente?", "la siguiente", "the next one": the one after, when the first was asked for. */
const NEXT_TIME = /\b(?:el|la|the) (?:siguiente|proximo|proxima|next(?: one)?)\b/;
const FIRST_ASKED =
  /\b(?:primer hueco|primera hora|lo antes posible|lo mas pronto|cuanto antes|el primero|la primera|earliest|first (?:slot|opening|available|free)|soonest|asap)\b/;
/** "¿y el siguiente?", "and the next one?": nothing but the next of what was just asked. */
const NEXT_ALONE =
  /^(?:y|and|vale y|ok y)?\s*(?:el|la|the)?\s*(?:siguiente|proximo|next(?: one)?|following(?: one)?)$/;
/** Whether a reply carries this professional's booking link. */
const linksTo = (text: string, username: string) =>
  new RegExp(`/schedule/${username.replace(/[^a-z0-9_-]/gi, '')}(?![a-z0-9_-])`, 'i').test(text);
/** "la siguiente libre", "the next free one": a time, not a day. */
const NEXT_FREE = /\b(?:libre|hueco|disponible|free|available|slot)\b/;
/** Asking what the assistant is for: "¿en qué me puedes ayudar?", "¿qué puedes hacer?", "what can you do?". */
const WHAT_CAN_YOU_DO =
  /\b(?:(?:en |con )?que (?:me |nos )?(?:puedes|podeis|sabes) (?:hacer|ayudar\w*)|para que sirves|what can you (?:do|help)|how can you help|what do you do)\b/;
/** Whether a bot or a person answers: "¿eres un bot o una persona?", "is this automated?". */
const BOT_QUESTION =
  /\b(?:eres|sois|es esto|esto es|estoy hablando con|hablo con|habla|contesta|responde|are you|is this|am i (?:talking|speaking|chatting) (?:to|with)|who am i (?:talking|speaking) to)\b(?: (?:un|una|a|an|the|con|with))? (?:bot|robot|chatbot|maquina|ia|inteligencia artificial|ai|automatic[oa]|automated|programa|asistente virtual|virtual assistant)\b(?: (?:o|or) (?:una |un |a )?(?:persona(?: real)?|humano|human|real person|person))?/;

/**
 * What WhatsApp (or a chat export) writes in place of a voice note, sticker, picture or file:
 * "<audio omitido>", "<Multimedia omitido>", "sticker omitted", "image omitted".
 */
const MEDIA_ONLY =
  /^\W*(?:audio|sticker|imagen|image|foto|photo|video|vídeo|gif|documento|document|archivo|file|multimedia|media|nota de voz|voice (?:note|message))\s+(?:omitid[oa]|omitted|adjunt[oa]|attached)\W*$/i;
/** A message that only picks a place in a list: "3", "la 2", "el segundo", "vale la primera", "the second one". */
const ONLY_A_PICK =
  /^(?:(?:vale|ok|okay|pues|si|venga|bueno)\s+)*(?:(?:la|el|the|opcion|option|numero|number)\s+){0,2}(?:\d|primer[oa]?|segund[oa]|tercer[oa]?|cuart[oa]|quint[oa]|first|second|third|fourth|fifth)(?:\s+(?:one|opcion|option|hora|porfa|por favor|please))?$/;
/** "lo de los 10 euros q es", "y los 10 € de qué son?", "what's the 10 EUR for?": an amount of money asked about. */
const AMOUNT_ASKED = /\b(\d{1,4})(?:[.,]\d{1,2})?\s*(?:€|eur|euros?|eurillos|pavos)(?!\w)/;
/** What an amount is, or how it counts ("¿los 10 € se suman al corte o cómo va?"). */
const WHAT_IS_IT =
  /\b(?:(?:que|q|k)\s+(?:es|son|seria|serian|significa|significan|incluye|incluyen)|de\s+(?:que|q)|para\s+(?:que|q)|por\s*(?:que|q)|what\s+(?:is|are|s)|whats|what\s+for|what\s+does|se\s+(?:suma|suman|descuenta|descuentan|resta|restan)|aparte|como\s+va|on\s+top|deducted|taken\s+off|included|incluid\w*)\b/;
/** "la de las 10", "vale, la de las 6 y media": one of the times just listed, by its hour, at the start of a message. */
// (Also Catalan's "la de les 10" and Portuguese's "a das 11"; "7:30" is folded to "7 30".)
const THE_ONE_AT =
  /^(?:(?:vale|ok|okay|pues|si|venga|bueno|perfecto|perfecte|perfeito|genial|entonces|llavors|entao)\s+)*(?:(?:la|el|esa|ese|the one)\s+(?:de\s+)?(?:las|la|les|at)|a\s+das)\s+((?:\d{1,2}|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce)(?:[: ]\d{2}| y media| y cuarto)?)\b/;
/** "vale pues 18:30, ¿dónde reservo?": a time written with its minutes, first thing, picks it too. */
const A_LISTED_CLOCK =
  /^(?:(?:vale|ok|okay|pues|si|venga|bueno|perfecto|genial|entonces|cool|great|fine|yes|so|then)\s+)*(\d{1,2}[: ]\d{2})\b(?!\s*(?:€|eur|euros?|personas?|people))/;
/** "cool, the 10:30 one then", "the 11 o'clock one": a listed time, named in English. */
const THE_HOUR_ONE =
  /^(?:(?:ok|okay|cool|great|perfect|fine|yes|yeah|so|then)\s+)*the\s+(\d{1,2}(?: \d{2})?(?:\s*(?:am|pm))?)(?:\s*(?:o\s*clock|oclock))?\s+one\b/;
/** "la de después", "la siguiente", "the next one": of the times offered, the one after the one asked. */
const THE_ONE_AFTER =
  /\b(?:la|el) (?:de despues|siguiente)\b(?! (?:semana|cita|dia|week))|\bthe (?:next|following) one\b/;

/** "donde vivo", "where I live": the customer's own place, said in passing. */
const CUSTOMERS_PLACE =
  /\b(?:donde|adonde|where) (?:yo )?(?:vivo|vivimos|estoy|estamos|trabajo|trabajamos|resido|i live|we live|i work|i am|i'?m staying)\b/;
/** "estoy en Madrid", "vivo en Sevilla", "I'm in Madrid": where the customer is. */
/** "prefiero una chica", "mejor un chico", "I'd prefer a female trainer": a gender, which we do not choose by. */
const PREFERS_GENDER =
  /\b(?:prefiero|preferiria|preferible|mejor|quiero|busco|prefer|rather|would like|want)\b[a-z ]{0,14}?\b(?:una chica|un chico|una mujer|un hombre|una entrenadora|un entrenador hombre|chica|chico|mujer|hombre|a woman|a man|a female|a male|female|male|a girl|a guy|a lady)\b/;

/** "lo más barato", "lo + económico", "the cheapest": the lowest price asked for. */
const CHEAPEST =
  /\b(?:lo|el|la|los|las)\s+(?:mas|\+)\s+(?:barat\w*|economic\w*)\b|\b(?:cheapest|least expensive|lowest price)\b/;

const WHERE_I_AM =
  /\b(?:estoy|estamos|vivo|vivimos|trabajo|soy|somos|i'?m|i am|i live|we live|we'?re)\s+(?:\w+\s+)?(?:en|de|in|from)\b/;
/** Asking where the business is in so many words. */
const ASKS_ADDRESS = /\b(?:direccion|address|ubicacion|location|como (?:llego|llegar)|how do i get)\b/;
/** An age said of someone: "tiene 14 años", "de 9 años", "¿y si tiene 14?", "she's 10". */
const AGE =
  /\b(\d{1,2})\s*(?:anos|anitos|years?(?: old)?|yo)\b|\b(?:tiene|tienen|cumple|cumplio|is|hes|shes|he s|she s)\s+(\d{1,2})\b(?!\s*(?::|h\b|euros|eur\b|€|am\b|pm\b|de la))/;
/** "¿la primera es gratis?", "is the first session free?": the price of a first visit. */
const FIRST_FREE =
  /\b(?:primer[ao]?|first)\b(?: \w+){0,3} (?:es |is |sale |will be )?(?:gratis|gratuit[ao]|free)\b|\b(?:gratis|gratuit[ao]|free)\b(?: \w+){0,2} (?:la |el |the )?(?:primer[ao]?|first)\b|\b(?:segund[ao]|second|siguientes?|next ones?|las demas|the rest)\b(?: \w+){0,3} (?:tambien|igual|also|too|the same)\b.*\b(?:solo|only|just)\b(?: \w+){0,2} (?:la |el |the )?(?:primer[ao]?|first)\b/;
const FACT_TOPICS = ['address', 'parking', 'payment', 'gifts', 'products', 'languages', 'home', 'amenities'];
export const COMPANY_TOPICS = [
  'address',
  'hours',
  'parking',
  'payment',
  'cancellation',
  'languages',
  'gifts',
  'products',
  // "¿venís a domicilio?": visits at the customer's home.
  'home',
  // "¿tenéis wifi?", "are there showers?": what the place has.
  'amenities',
];

/** The facts a clause of a message may ask besides the main question: each is answered too. */
const OTHER_FACT_TOPICS = [...FACT_TOPICS, 'hours', 'fee'];
/** Words that name the booking or its price: on their own they ask the fee, not a detail of it. */
const FEE_PLAIN_WORDS = new Set(
  [...PRICE_WORDS, ...BOOKING_WORDS, ...BOOKING_REQUEST].flatMap((phrase) => words(phrase)),
);
/** "¿se descuenta?", "is the fee deducted?", "¿se paga aparte?": a detail of the fee, beyond its price. */
const feeDetail = (clause: string) =>
  words(clause).some(
    (word) =>
      !FEE_PLAIN_WORDS.has(word) &&
      (TOPICS.fee ?? []).some((entry) => !entry.includes(' ') && words(entry)[0] === word),
  );

/** "¿qué tenéis aquí?", "what do you have there?": what there is in the place said before. */
/** Notice given late: "el mismo día", "a última hora", "con menos de…", "on the day". */
const LATE_NOTICE =
  /\b(?:mismo dia|ese dia|ese mismo dia|el dia antes|la noche antes|ultima hora|ultimo momento|con menos|unas horas antes|pocas horas|same day|on the day|last minute|less than|the night before|a few hours)\b/;

/** "con 10 horas", "2 days' notice": how long before the appointment they would tell us. */
const NOTICE = /\b(\d{1,3})\s*(h|hs|hr|hrs|horas?|hours?|dias?|days?|semanas?|weeks?)\b/;

/** "¿qué profesionales tenéis?", "who works there?": the team, asked about as a whole. */
const TEAM =
  /\b(?:(?:que|q|cuales|cuantos|which|what|how many)\s+(?:(?:tipos?|clases?|kinds?|types?|sorts?)\s+(?:de|of)\s+)?(?:profesionales|professionals|especialistas|specialists|trabajadores|empleados|staff)|quien(?:es)?\s+(?:mas\s+)?(?:trabaja|trabajan|sois|atiende|atienden|hay)|who\s+else\s+(?:works|is)|who\s+(?:works|work|is there|are your|do you have)|(?:teneis|tienen|hay|have you got|do you have)\s+(?:profesionales|professionals|staff|equipo)|(?:vuestro|your)\s+(?:equipo|team|staff))\b/;

const WHAT_IS_HERE =
  /\b(?:que|q|what|quien|quienes|who)\b.*\b(?:teneis|tienen|tenes|hay|have|atiende|atienden)\b.*\b(?:aqui|aca|alli|ahi|alla|here|there)\b/;
/** "la dirección exacta", "what's the address?": a street asked for, not a city. */
const ADDRESS_ASKED = /\b(?:direccion|direcciones|calle|ubicacion exacta|address|street)\b/;
/** A street and its number in a sentence: "Gran Vía 10", "Fuencarral 45" (not "30 min" or "10 €"). */
const STREET_NUMBER = /\p{Lu}[\p{L}.]*\s\d{1,4}\b(?!\s*(?:€|eur|euros|min|h\b|:|horas|hours))/u;
/** A weekday named, as the start every form of it shares ("sábados", "saturday"). */
const DAY_STEM =
  /\b(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday)/;
/** "¿hasta qué edad?", "what age is it for?": the age limit of a service, asked with no age said. */
const AGE_LIMIT_ASKED =
  /\b(?:hasta (?:que|cuantos) (?:edad|anos)|que edad|(?:de|para) que edades?|edad (?:maxima|limite)|what age|up to what age|how old|age limit)\b/;
/** "¿con quién puedo hablarlo?", "who can I talk to about it?": someone to talk to, nobody named. */
const WHO_TO_TALK_TO =
  /\bcon quien (?:puedo|podria|tengo que|hay que|debo) (?:hablar\w*|tratar\w*|comentar\w*)\b|\bwho (?:can|should|do) i (?:talk|speak) to\b/;
/** "¿y la semana siguiente el mismo día y hora?", "same time next week?": the day asked, a week on, at its time. */
const SAME_TIME_A_WEEK_ON =
  /\b(?:la semana (?:siguiente|que viene|proxima)|a la semana|next week|the week after)\b.*\b(?:mism[oa]s? (?:dia|hora)|same (?:day|time))\b|\bsame (?:day and )?time (?:the )?(?:next week|week after)\b/;
/** The first or last of the times just listed: "la última", "la primera que tenga", "the last one". */
const EDGE_TIME =
  // "la última sesión fue…" is a past one, not a time of the list.
  /\b(?:la|el|lo) (?:ultima|ultimo|primera|primero|mas tarde|mas temprano|mas pronto)\b(?! (?:vez|sesion|clase|cita|visita|consulta|semana|dia))|\bthe (?:last|first|latest|earliest)(?: one| slot| time)?\b(?! time i)/;
/** "¿es presencial?", "in person?": where someone sees people, asked of them. */
/** "¿qué número?", "la dirección", "what street": an address asked for. */
const ADDRESS_WORDS = /\b(?:que numero|numero|direccion|calle|address|street|postcode|codigo postal)\b/;
const IN_PERSON = /\b(?:presencial|presenciales|en persona|in person|face to face)\b/;
/** "cómo reservo", "pásame el enlace": asking how to book, never a goodbye ("ya reservo yo" is one). */
const HOW_TO_BOOK =
  /\b(?:como|donde|por donde) (?:reservo|reservar|la reservo|lo reservo|lo hago|hago|pago)\b|\bcomo funciona (?:lo de |el tema de |esto de )?(?:reservar|la reserva|las reservas)\b|\bhow (?:do i|can i|to) book\b|\bcome (?:prenoto|posso prenotare)\b|\b(?:pasame|mandame|enviame|dame|send me|give me) (?:el |the )?(?:link|enlace)\b/;
/** "una hora antes", "media hora más tarde", "an hour earlier": a time said from the one before. */
const SHIFT_BY =
  /\b(una hora|1 hora|media hora|hora y media|dos horas|2 horas|an hour|one hour|half an hour|two hours)\s+(antes|mas temprano|mas pronto|despues|mas tarde|earlier|before|later|after)\b/;
const SHIFT_MINUTES: Record<string, number> = {
  'una hora': 60,
  '1 hora': 60,
  'media hora': 30,
  'hora y media': 90,
  'dos horas': 120,
  '2 horas': 120,
  'an hour': 60,
  'one hour': 60,
  'half an hour': 30,
  'two hours': 120,
};

/** The time `at` moved as the message says ("una hora antes" of 11:00 is 10:00), if it says so and it stays that day. */
function shiftedTime(folded: string, at: string): string | undefined {
  const shift = SHIFT_BY.exec(folded);
  if (!shift) return undefined;
  const sign = /antes|temprano|pronto|earlier|before/.test(shift[2]!) ? -1 : 1;
  const [hours, minutes] = at.split(':').map(Number) as [number, number];
  const total = hours * 60 + minutes + sign * SHIFT_MINUTES[shift[1]!]!;
  if (total < 0 || total >= 24 * 60) return undefined;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Words beside a bare hour that leave it a time picked: "vale pues 11", "ace, 11 then". */
const BARE_HOUR_FILLER =
  /^(?:vale|ok|okay|pues|entonces|perfecto|genial|guay|bien|si|la|las|a|de|ace|great|cool|fine|sure|then|at|yes|yeah|perfect|works|suits|me|va|viene)$/;
/** "¿a qué hora empieza?", "¿hasta qué hora?": when someone's day starts or ends. */
const STARTS_OR_ENDS =
  /\b(?:a|desde|hasta) (?:q|que|k) hora (?:empieza|comienza|entra|abre|termina|acaba|sale|cierra)\b|\b(?:desde|hasta) (?:q|que|k) hora\b|\b(?:what time does (?:he|she|they) (?:start|finish)|from what time|until what time|till what time)\b/;
/** "¿dónde trabaja?", "where is she?": a place asked, not a time. */
const WHERE_ASKED =
  /\b(?:donde|where|en que (?:ciudad|ciudades|sitio|sitios|centro|centros|sede|sedes|zona|zonas|lugar|lugares))\b/;
/** "¿es en Bilbao?", "is that in Madrid?", "¿o es online?": where the one talked about is, asked. */
const IS_IT_THERE =
  /^(?:(?:y|and|pero|but|vale|ok|o|or)\s+)*(?:es|seria|sera|esta|is (?:it|that|she|he)|it s|that s|would it be)\s+(?:en|in|online|on line)\b/;
/** "¿con quién?", "who does it?": a person asked for. */
const WHO_ASKED = /\b(?:quien|quienes|who|whom)\b/;
/** Where the business is, asked as a whole: "¿dónde estáis?", "where are you?". */
const WHERE_ARE_YOU = /\b(?:donde (?:estais|estan|os encuentro|os encontramos|quedais)|where are you)\b/;
/** Of a professional: "trabaja", "atiende", "está", "does she work". */
const THEY_WORK = /\b(?:trabaja|atiende|esta|pasa consulta|works|is (?:she|he)|does (?:she|he) work)\b/;

/** A question of where, when or who: never a price's follow-up, whatever noun it says. */
const ASKS_WHERE_WHEN_WHO = /\b(?:donde|cuando|quien|quienes|where|when|who)\b/;

/** The step between the times of a run: `timeRuns` joins only these, `listedTimesOfOneDay` spells them out. */
const RUN_STEP = SLOT_STEP_MINUTES;

/** Start times as runs of consecutive half hours: ["07:00", "07:30", "08:00", "17:00"] → ["07:00–08:00", "17:00"]. */
export function timeRuns(times: string[]): string[] {
  const runs: string[][] = [];
  for (const time of times) {
    const run = runs.at(-1);
    if (run && toMinutes(time) - toMinutes(run.at(-1)!) === RUN_STEP) run.push(time);
    else runs.push([time]);
  }
  return runs.map((run) => (run.length === 1 ? run[0]! : `${run[0]}–${run.at(-1)}`));
}

/** A reply's lines that list a day's times ("• Jueves 26: 09:00–10:30"). */
const dayTimeLines = (reply: string) =>
  reply.split('\n').filter((line) => /^\s*•/.test(line) && /\d{2}:\d{2}/.test(line));

/**
 * The times a reply listed for a single day, in order, its runs ("09:00–10:30", as `timeRuns`
 * wrote them) spelt out; null when it listed none or several days.
 */
function listedTimesOfOneDay(reply: string): string[] | null {
  const dayLines = dayTimeLines(reply);
  if (dayLines.length !== 1) return null;
  const [, times = ''] = dayLines[0]!.split(/:\s(.+)/);
  const listed: string[] = [];
  for (const [, from, to] of times.matchAll(/(\d{2}:\d{2})(?:–(\d{2}:\d{2}))?/g)) {
    for (let at = toMinutes(from!); at <= toMinutes(to ?? from!); at += RUN_STEP) listed.push(toTime(at));
  }
  return listed.length ? listed : null;
}

/**
 * The catalogue's services a message names: every word of four letters or more of the service's
 * name is in the message (its first five letters, so plurals and typos of the ending pass). Only
 * when the business has a catalogue of its own: the default service alone ("Appointment") is no
 * name customers use.
 */
export function servicesNamed(folded: string, services: AssistantService[]): AssistantService[] {
  if (services.length <= 1) return [];
  const words = folded.split(/[^a-z0-9ñ]+/).filter(Boolean);
  return services.filter((service) => {
    const stems = fold(service.name)
      .split(/[^a-z0-9ñ]+/)
      .filter((word) => word.length >= 4)
      .map((word) => word.slice(0, 5));
    return stems.length > 0 && stems.every((stem) => words.some((word) => word.startsWith(stem)));
  });
}

const ORDINALS: Array<[number, RegExp]> = [
  [1, /\b(?:primer[oa]?|first|uno|una|one)\b/],
  [2, /\b(?:segund[oa]|second|dos|two)\b/],
  [3, /\b(?:tercer[oa]?|third|tres|three)\b/],
  [4, /\b(?:cuart[oa]|fourth|cuatro|four)\b/],
  [5, /\b(?:quint[oa]|fifth|cinco|five)\b/],
];

/** "2", "la 2", "opción 3", "la segunda", "the first one": the number a short answer picks. */
export function pickedNumber(folded: string): number | null {
  const text = folded.replace(/[^a-z0-9ñ ]+/g, ' ').trim();
  if (text.split(/\s+/).length > 4) return null;
  const digit = /^(?:(?:la|el|opcion|option|numero|number|n)\s+){0,2}(\d)\b/.exec(text);
  if (digit) return Number(digit[1]);
  return ORDINALS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/** The business's own words (its people's names, titles and places, its services): never read as slips. */
const ownWordsOf = new WeakMap<AssistantKnowledge, Set<string>>();
function ownWords(knowledge: AssistantKnowledge): Set<string> {
  let words = ownWordsOf.get(knowledge);
  if (!words) {
    const texts = [
      knowledge.companyName,
      ...knowledge.employees.flatMap((e) => [
        e.name,
        e.username,
        e.title ?? '',
        e.role ?? '',
        ...e.locations,
      ]),
      ...knowledge.services.map((service) => service.name),
    ];
    words = new Set(texts.flatMap((text) => fold(text).split(/[^a-z]+/)).filter(Boolean));
    ownWordsOf.set(knowledge, words);
  }
  return words;
}
class Conversation {
  readonly knowledge: AssistantKnowledge;
  readonly directory: Directory;
  readonly info: CompanyInfo;
  readonly language: Language;
  readonly foreign: boolean;
  readonly message: Understanding;
  readonly context: Context;
  /** The assistant's previous reply, if any. */
  readonly lastReply: string | undefined;
  /** The catalogue's services the latest message names (none when the business has no catalogue). */
  readonly named: AssistantService[];

  readonly history: Turn[];
  /** A place in line the open times offered to join (a full class time): proposed with the answer. */
  private proposed: ChangeProposal | undefined;

  constructor(typed: Turn[], knowledge: AssistantKnowledge) {
    // Slips in the words the rules read ("presio", "cancelr") read as the words meant, in every
    // customer message, so what is recalled from earlier turns is read the same way.
    const own = ownWords(knowledge);
    // A long story that then says its question ("…total, que mi pregunta es: ¿cuánto cuesta?") is
    // read as that question.
    const last = typed.findLastIndex((turn) => turn.role === 'customer');
    const answered = typed.slice(0, Math.max(last, 0)).findLast((turn) => turn.role === 'assistant')?.text;
    // "…y justo después el color": read with the second time written in.
    const read = (text: string) => withTimeAfter(questionAfterStory(text) || text, answered);
    const history = typed.map((turn, index) =>
      turn.role === 'customer'
        ? { ...turn, text: spelled(index === last ? read(turn.text) : turn.text, own) }
        : turn,
    );
    this.history = history;
    this.knowledge = knowledge;
    this.directory = buildDirectory(knowledge);
    this.info = readCompanyInfo(knowledge.information);
    const customer = history
      .filter(
        (turn) => turn.role === 'customer' && turn.text.trim().toLowerCase() !== NEW_CONVERSATION_COMMAND,
      )
      .map((turn) => turn.text);
    ({ language: this.language, foreign: this.foreign } = replyLanguage(
      customer,
      knowledge.businessLanguage,
    ));
    this.message = understand(customer.at(-1) ?? '', this.directory, knowledge);
    this.lastReply = withoutLanguageNotice(history.findLast((turn) => turn.role === 'assistant')?.text);
    this.named = servicesNamed(this.message.folded, knowledge.services);
    this.context = this.recall(
      history.slice(
        0,
        history.findLastIndex((turn) => turn.role === 'customer'),
      ),
    );
  }

  /** The same conversation, with the latest message read as this one (one request of several). */
  private sub(text: string) {
    const last = this.history.findLastIndex((turn) => turn.role === 'customer');
    return new Conversation([...this.history.slice(0, last), { role: 'customer', text }], this.knowledge);
  }

  /** What the assistant says, in the language it answers in. */
  private get say() {
    return REPLIES[this.language];
  }

  /** What the conversation so far tells about the current message. */
  private recall(earlier: Turn[]): Context {
    const context: Context = {
      offered: [],
      kinds: new Set(),
      roleStems: new Set(),
      places: [],
      placeStatement: false,
      whichDays: false,
      named: [],
      when: undefined,
      lastDay: undefined,
      premium: false,
      priced: false,
      pricedLately: false,
      lastNotUnderstood: false,
    };
    const lastReply = earlier.findLast((turn) => turn.role === 'assistant');
    if (lastReply) context.lastNotUnderstood = lastReply.text.startsWith(this.say.notUnderstood);
    // The professionals of the latest reply that offered any ("ok" and "thanks" in between do not count).
    for (const turn of [...earlier].reverse()) {
      if (turn.role !== 'assistant') continue;
      const text = fold(turn.text);
      // By full name, or by their booking link: "Carmen tiene hueco…" names her by her first name.
      const offered = this.directory.professionals.filter(
        (p) => hasPhrase(text, p.fullName) || linksTo(turn.text, p.username),
      );
      if (offered.length) {
        context.offered = offered;
        break;
      }
    }
    const customerTurns = earlier.filter(
      (turn) => turn.role === 'customer' && turn.text.trim().toLowerCase() !== NEW_CONVERSATION_COMMAND,
    );
    // The day asked about, kept through messages that only change the time ("¿y sobre las 6?",
    // then "¿y a eso de las 7 y media?") or ask when it starts or ends, dropped by any other message.
    let when: When | undefined;
    // "¿qué días trabaja marta?" … "¿y lucía?" … "¿y javier?": which days, kept through follow-ups
    // that only name another professional.
    let whichDays = false;
    for (const [index, turn] of customerTurns.entries()) {
      const seen = understand(turn.text, this.directory, this.knowledge);
      const last = index === customerTurns.length - 1;
      whichDays =
        seen.whichDays ||
        (whichDays &&
          seen.named.length > 0 &&
          !seen.when &&
          !seen.price &&
          !seen.premium &&
          FOLLOW_UP_START.test(seen.folded) &&
          words(seen.text).length <= 4);
      if (seen.when) when = context.lastDay = seen.when;
      else {
        const clock = clockOf(turn.text);
        const timeOnly =
          (Boolean(clock.at || clock.after || clock.before || clock.partOfDay) &&
            wordsBesidesTime(turn.text) <= 5) ||
          STARTS_OR_ENDS.test(fold(turn.text));
        // "¿es online o tengo que ir a Barcelona?", "¿cuánto dura?": a detail of the times just
        // given keeps their day for the next message ("¿y una hora más tarde?").
        const detail =
          !seen.named.length &&
          !seen.kinds.size &&
          words(seen.text).length <= 10 &&
          (WHERE_ASKED.test(seen.folded) ||
            IN_PERSON.test(seen.folded) ||
            IS_IT_THERE.test(seen.folded) ||
            seen.duration ||
            seen.price);
        if (detail && !clock.at) {
          // (kept as it was)
        } else if (!timeOnly || !when) when = undefined;
        else {
          const day = dayOf(when);
          when = { ...day, ...clock };
        }
      }
      // "¿sois un gimnasio?" guesses what we are; it asks for no trainer later ("¿y en Málaga?").
      if ((seen.kinds.size || seen.roleStems.size) && !seen.asksWhatWeAre) {
        context.kinds = seen.kinds;
        context.roleStems = seen.roleStems;
      }
      if (seen.places.length) context.places = seen.places;
      if (index >= customerTurns.length - 2 && seen.price) context.pricedLately = true;
      if (seen.named.length) context.named = seen.named;
      if (last) {
        context.placeStatement = seen.places.length > 0 && !seen.kinds.size && !seen.roleStems.size;
        // "q es lo de premium?" … "cuanto cuesta?" (answered with premium's price) … "y de quién?":
        // still premium while the reply was premium's.
        context.premium =
          seen.premium ||
          Object.values(REPLIES).some((say) =>
            (lastReply?.text ?? '').startsWith(
              say.subscriptionCosts('', '', '').split(' ').slice(0, 3).join(' '),
            ),
          );
        context.priced = seen.price;
        // The day asked about carries over to the next message ("¿javier el viernes?" → "¿y carlos?").
        context.when = when;
        context.whichDays = whichDays;
      }
    }
    return context;
  }

  /** The answer, marked unsure when it is that it did not understand, or knows no answer. */
  async answerMarked(): Promise<AssistantAnswer> {
    const joining = this.waitlistAnswer();
    if (joining) return joining;
    let answer = await this.answer();
    // "¿Quieres que te apunte a la lista de espera?" asked with the open times: their yes joins it.
    if (this.proposed && !answer.propose && !answer.handoff) answer = { ...answer, propose: this.proposed };
    // "muévela al jueves a las 5" (not free there) … "¿qué días trabaja entonces?" … "pues el
    // miércoles a las 5": a question about days or times keeps the move still being chosen (never
    // one already put to them whole, which a later "sí" would then make).
    const pending = this.knowledge.pendingChange;
    if (
      pending?.kind === 'reschedule' &&
      (pending.date === null || pending.time === null) &&
      !answer.propose &&
      !answer.confirm &&
      !answer.handoff &&
      (this.message.whichDays || this.message.availability)
    )
      answer = { ...answer, propose: pending };
    const said = answer.replies.join('\n');
    const unsure =
      answer.handoff?.kind === 'not_understood' ||
      said.includes(this.say.notUnderstood) ||
      said.includes(this.unknownFact());
    return unsure ? { ...answer, unsure: true } : answer;
  }

  /**
   * The answer to "¿te apunto a la lista de espera?": a plain yes joins (the service does it), a no
   * leaves it; anything else is read as a message of its own, and the offer lapses.
   */
  private waitlistAnswer(): AssistantAnswer | null {
    if (this.knowledge.pendingChange?.kind !== 'waitlist') return null;
    const said = answerOf(this.message.folded);
    if (said === 'yes' && !this.message.text.includes('?') && words(this.message.text).length <= 6)
      return { replies: [], handoff: null, confirm: true };
    if (said === 'no' && words(this.message.text).length <= 4) return this.reply(this.say.notOnWaitlist);
    return null;
  }

  /** What the engine read of the message and the conversation, as the policy weighs it. */
  private cues(): Cues {
    const m = this.message;
    return {
      empty: !m.text.trim(),
      mediaOnly: MEDIA_ONLY.test(m.text),
      // "…te paso con una persona?" → "sí, por favor". A change waiting for their yes comes first:
      // its question is the one a bare "sí" answers.
      // "vale y toallas dais?" starts with a yes but asks something else: that question is answered.
      acceptsOfferedPerson:
        this.offeredPerson() &&
        answerOf(m.folded) === 'yes' &&
        !this.knowledge.pendingChange &&
        !(m.text.includes('?') && words(m.text).length > 3) &&
        // "vale, y en q ciudades estais" (no question mark): the yes takes them on to another question.
        !(words(m.text).length > 3 && /^\W*\w+[\s,.]+(?:y|and)\s+\w+\s+\w+/.test(m.folded)) &&
        // "vale gracias", "ok thanks": thanks for the answer, the conversation closing; "sí, gracias" accepts.
        !(m.thanks && !/\b(?:si|yes|yeah|yep|please|por favor|porfa|claro|dale|venga)\b/.test(m.folded)),
      // "Voy 10 min tarde": the people who will see them need to know; no booking, no complaint.
      runningLate: isRunningLate(m.text),
      // ("cool, what about weekends?" right after a professional was offered: their days, our work too.)
      namesOurWork:
        m.kinds.size > 0 ||
        m.roleStems.size > 0 ||
        m.named.length > 0 ||
        (m.when !== undefined && this.context.offered.length > 0),
      // ("if I'm 10 minutes late will I lose my slot?" asks what would happen: no complaint.)
      complaint: m.complaint && !asksIfLate(m.text),
      // "cancélala pero quiero que me devolváis el dinero": a client cancelling their own appointment
      // and asking for the money asks what the cancellation refunds; the proposal says it, by the policy.
      refundWithCancellation:
        m.refundRequestOnly && Boolean(this.knowledge.customer?.appointments.length) && asksToCancel(m.text),
      // "¿eres un bot o una persona?" asks what answers, not for a person; "eres un bot? pásame con
      // una persona" asks for one.
      asksForPerson: this.asksIfBot()
        ? this.sub(this.withoutBotQuestion()).message.asksForPerson
        : m.asksForPerson ||
          asksToTalkToStaff(m.text, this.directory) ||
          // "¿con quién puedo hablarlo?" of something we cannot answer: a person, not a professional.
          (WHO_TO_TALK_TO.test(m.folded) && !m.named.length && !m.kinds.size && !m.roleStems.size),
      // "mi amiga tiene cita con Sergio, ¿a qué hora?": someone else's appointment is theirs to tell.
      someoneElsesBooking: m.thirdPartyBooking,
      // "Tengo cita el jueves, ¿puedo llevar a un amigo?": listing the appointment would not answer it.
      ownBookingAside: m.ownBookingAside,
      pendingChange: Boolean(this.knowledge.pendingChange),
      ownBooking:
        (m.ownBooking ||
          aboutOwnAppointment(m.text) ||
          this.changesOwnService() ||
          asksOfOwnService(m.text, this.knowledge.customer?.appointments ?? []) ||
          theirsElsewhere(m.text, this.knowledge) ||
          asksPackBalance(m.text, this.lastReply)) &&
        // "how much is premium?" … "and is it per month? can I cancel?": the subscription, no appointment.
        !(this.context.premium && !APPOINTMENT_NOUN.test(m.folded)),
      // "¿con cuánta antelación hay que avisar si no puedo ir?": the rule asked for, answered with the
      // business, though its words ("no puedo ir") are those of a customer cancelling.
      // "si me retraso 10 min, ¿pierdo la cita?": what would happen, asked of the business (no
      // appointment to look up), as the rule about cancelling is.
      policyQuestion: isPolicyQuestion(m.text) || asksIfLate(m.text),
      injection: m.injection,
      privateData: m.privateData && !this.isCompanyQuestion(),
      // "Hello, is this the hair salon?", "perdona, ¿es la peluquería Brisa?": who we are.
      asksWhoWeAre:
        (m.greeting &&
          /\b(is this|es esto|es aqui|sois|are you)\b/.test(m.folded) &&
          !m.named.length &&
          // "buenas, ¿sois un gimnasio?": what we do answers it, not the greeting.
          !m.asksWhatWeAre) ||
        this.asksIfThisIsUs() ||
        // "¿en qué me puedes ayudar?", "what can you do?": what the greeting says we do.
        (WHAT_CAN_YOU_DO.test(m.folded) && words(m.text).length <= 8),
      asksIfBot: this.asksIfBot(),
      // "genial, ya reservo yo por el enlace, gracias": thanks that ask nothing more close the conversation.
      // ("a las 5 perfecto", "perfecto, ¿cómo reservo?" pick a time or ask for the link.)
      closingThanks:
        m.thanks &&
        !m.isQuestion &&
        !m.when &&
        !HOW_TO_BOOK.test(m.folded) &&
        !clockOf(m.text).at &&
        !m.price &&
        !m.named.length &&
        !m.kinds.size &&
        !m.places.length &&
        m.text.split(/\s+/).length <= THRESHOLDS.closingThanksWords,
      offTopic: m.offTopic,
      closing: m.closing,
      greeting: m.greeting || m.announcesQuestion,
      wordCount: words(m.text).length,
      question: m.isQuestion || HOW_TO_BOOK.test(m.folded) || Boolean(clockOf(m.text).at),
      lastUnsure: this.context.lastNotUnderstood,
      asksMeaning:
        (m.asksMeaning || m.asksIfSure) && Boolean(this.lastReply) && !this.context.lastNotUnderstood,
      classified: this.classified(),
      picksOption: this.chosenOption() !== null,
    };
  }

  async answer(): Promise<AssistantAnswer> {
    const cues = this.cues();
    for (const route of routes(cues)) {
      const answer = await this.take(route, cues);
      if (answer) return answer;
    }
    return this.reply(this.notUnderstood());
  }

  private reply(text: string): AssistantAnswer {
    return { replies: [this.withNote(text)], handoff: null };
  }

  private handOver(text: string, reason: string, kind: HandoffKind): AssistantAnswer {
    return { replies: [this.withNote(text)], handoff: { reason, kind } };
  }

  /** The answer a route gives, or null when it has nothing to say and the next route is tried. */
  private async take(route: Route, cues: Cues): Promise<AssistantAnswer | null> {
    const m = this.message;
    switch (route) {
      case 'chosen-option':
        return this.answerChosen();
      case 'greeting':
        return this.reply(m.announcesQuestion ? this.say.askAway(m.greeting) : this.greeting());
      case 'media':
        return this.reply(this.say.mediaOnly);
      case 'bot': {
        // "am I talking to a bot? and does the staff speak English?": what answers, then the rest.
        const rest = this.withoutBotQuestion();
        const more = words(rest).length >= 2 ? await this.sub(rest).businessAnswer() : null;
        const answer = more && more !== this.unknownFact() ? more : null;
        return this.reply(
          [this.say.iAmAnAssistant(this.knowledge.companyName), answer].filter(Boolean).join('\n\n'),
        );
      }
      case 'explain':
        return this.explainLastReply();
      case 'person':
        return this.handOver(
          this.say.handover.person,
          cues.acceptsOfferedPerson
            ? 'The customer accepted the offer of a person.'
            : 'The customer asked for a person.',
          'person',
        );
      case 'running-late':
        // Asked something of it ("¿pasa algo?", "¿me la retrasáis?"): a person answers.
        if (asksOfLateness(m.text))
          return this.handOver(
            this.say.runningLateAsks,
            `The customer is running late: "${m.text}"`,
            'policy',
          );
        // Only said: the team needs to know and nobody needs to answer; staff are told, the chat stays here.
        return { ...this.reply(this.say.runningLate), tellStaff: `running late: "${m.text}"` };
      case 'complaint':
        return this.handOver(this.say.handover.complaint, `Complaint: "${m.text}"`, 'complaint');
      case 'someone-else':
        // "cancela la cita de mi mujer", "mi madre no tiene móvil y la quiere cambiar": nothing is
        // proposed, their own appointments stay as they are. A client goes on with their own; from a
        // number that is nobody's, a person (who can check who is who) answers, as for any booking.
        if (!actionAsked(m.text)) return this.reply(this.refusal());
        return this.knowledge.customer
          ? this.reply(this.say.othersAppointmentClient)
          : this.handOver(this.say.othersAppointment, `Someone else's appointment: "${m.text}"`, 'policy');
      case 'own-booking-aside':
        return this.handOver(
          this.say.handover.ownBookingAside,
          `The customer asks about their appointment: "${m.text}"`,
          'policy',
        );
      case 'own-booking':
        return this.ownBookingAnswer();
      case 'own-booking-handover':
        return this.handOver(
          this.say.handover.ownBooking,
          `The customer asks about their own booking (to see, move or cancel it): "${m.text}"`,
          'policy',
        );
      case 'refusal':
        return this.reply([this.refusal(), ...(await this.besidesRefused())].join('\n\n'));
      case 'goodbye':
        return this.reply(this.goodbye());
      case 'website': {
        const site = this.website();
        return site ? this.reply(site) : null;
      }
      case 'plain-variant': {
        const plain = await this.plainVariant();
        return plain ? this.reply(plain) : null;
      }
      case 'business': {
        const business = await this.businessAnswer();
        return business ? this.reply(await this.withTimesAsked(this.withOtherQuestions(business))) : null;
      }
      case 'off-topic':
        return this.reply(this.offTopic());
      case 'closing':
        return this.reply(m.thanks ? this.goodbye() : this.acknowledge());
      case 'clarify': {
        const options = clarifyingOptions(cues);
        return options.length ? this.reply(this.clarifyingQuestion(options)) : null;
      }
      case 'hand-over-unclear':
        return this.handOver(
          this.say.handover.notUnderstood,
          `The assistant could not understand: "${m.text}"`,
          'not_understood',
        );
      case 'not-understood':
        return this.reply(this.notUnderstood());
    }
  }

  /** A client writing from their number: their appointments, here, with their confirmation. */
  private async ownBookingAnswer(): Promise<AssistantAnswer | null> {
    const m = this.message;
    // "¿cuántas sesiones me quedan?": their packs, read from their number like their appointments
    // (nobody else's: a number that is no client's goes to a person). Not while a change waits for a yes.
    const customer = this.knowledge.customer;
    if (customer && !this.knowledge.pendingChange && asksPackBalance(m.text, this.lastReply))
      return this.reply(packBalanceReply(customer.packs, this.language));
    const input = {
      text: m.text,
      language: this.language,
      knowledge: this.knowledge,
      named: m.named,
      ownBooking: m.ownBooking,
      lastReply: this.lastReply,
      ofKind: this.ofOneKind(),
      earlier: this.history.filter((turn) => turn.role === 'customer').at(-2)?.text,
    };
    // "…pásamela a las 6, y otra cosa, ¿cuánto cuesta la premium?": the change, and the question too.
    const split = this.ownAndOthers();
    let own = split ? await ownBookingAnswer({ ...input, text: split.own }) : null;
    const others: string[] = [];
    if (own && split && !own.confirm)
      for (const other of split.others) {
        const answer = await this.sub(other).businessAnswer();
        if (answer) others.push(answer);
      }
    own ??= await ownBookingAnswer(input);
    if (!own) return null;
    return {
      replies: [...own.replies, ...others].map((text) => this.withNote(text)),
      handoff: null,
      ...(own.propose ? { propose: own.propose } : {}),
      ...(own.confirm ? { confirm: true } : {}),
    };
  }

  /**
   * "Manicura semipermanente: 22 €" … "¿y la normal?": the plain service the one just priced is a
   * kind of (its name without the words that qualify it), priced in turn.
   */
  private async plainVariant(): Promise<string | null> {
    if (!PLAIN.test(this.message.folded)) return null;
    // "el premium cuesta 9,99 € al mes" … "¿y la sesión normal?": a plain appointment, not the subscription.
    if (this.context.premium) return this.sub(this.say.ask.appointmentPrice).businessAnswer();
    const quoted = /^([^:\n«»]{3,60}):\s*(?:desde\s+|from\s+)?\d/.exec(this.lastReply ?? '')?.[1]?.trim();
    const base = quoted?.split(/\s+/);
    if (!base || base.length < 2) return null;
    return this.sub(this.say.ask.priceOf(base[0]!)).businessAnswer();
  }

  /** "¿eres un bot?", "¿hablo con una persona real?", "am I talking to a bot?". */
  private asksIfBot(): boolean {
    return BOT_QUESTION.test(this.message.folded);
  }

  /** The message without its question about what answers. */
  /**
   * "¿qué quieres decir?", "¿depende de qué?", "¿seguro?": the last answer said again after a sentence that
   * says what it was. Times listed with their booking link are free times to book there; anything
   * else is what it said. (A last answer that did not understand either is never explained: the
   * policy asks or hands over instead.)
   */
  private explainLastReply(): AssistantAnswer | null {
    const last = this.lastReply?.trim();
    if (!last) return null;
    // "¿seguro?": it holds, said again (what the assistant says comes from the business's data).
    if (this.message.asksIfSure) return this.reply(`${this.say.meant.sure}\n\n${last}`);
    const listsTimes = /https?:\/\/\S+/.test(last) && /\b\d{1,2}:\d{2}\b/.test(last);
    return this.reply(`${listsTimes ? this.say.meant.times : this.say.meant.other}\n\n${last}`);
  }

  private withoutBotQuestion(): string {
    return this.message.folded
      .replace(BOT_QUESTION, ' ')
      .replace(/^(?:[\s,.;?!]|\b(?:y|and|also|tambien)\b)+|\s+(?:o|or)\s*$/g, '')
      .trim();
  }

  /** The message names the business by its own name ("entrena studio", "brisa"). */
  private namesUs(): boolean {
    const names = words(this.knowledge.companyName).filter((word) => word.length >= 4);
    const said = new Set(words(this.message.text));
    return names.length > 0 && names.every((word) => said.has(word));
  }

  /** A short question naming the business itself: "¿es la peluquería Brisa?", "is this Entrena Studio?". */
  private asksIfThisIsUs(): boolean {
    const m = this.message;
    if (m.named.length || m.text.split(/\s+/).length > 8 || !m.isQuestion) return false;
    if (m.price || m.when || m.availability || m.hours || m.places.length) return false;
    // "¿qué es Entrena Studio exactamente?" asks what we are, not whether it is us.
    if (/\b(?:que|q|what|whats)\s+(?:es|is)\b/.test(m.folded)) return false;
    const names = words(this.knowledge.companyName).filter((word) => word.length >= 4);
    if (!names.length) return false;
    const name = names.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    return new RegExp(
      `(?:^|[^a-z])(?:es|sois|estoy hablando con|hablo con|is this|are you|am i talking to)\\b(?: \\S+){0,3} (?:${name})\\b`,
    ).test(m.folded);
  }

  /**
   * The professionals of the one kind the message names, through the kind lexicon, one role word,
   * or both pointing at the same people ("la de la nutricionista"): never a guess between two
   * ("solo el tinte, el corte lo mantengo").
   */
  private ofOneKind(): Professional[] {
    const { kinds, roleStems } = this.message;
    if (kinds.size > 1 || roleStems.size > 1 || kinds.size + roleStems.size === 0) return [];
    const byKind = kinds.size ? professionalsOfKind(kinds, new Set(), this.directory) : null;
    const byRole = roleStems.size ? professionalsOfKind(new Set(), roleStems, this.directory) : null;
    if (byKind && byRole) {
      const same = byKind.length === byRole.length && byKind.every((p) => byRole.includes(p));
      return same ? byKind : [];
    }
    return byKind ?? byRole ?? [];
  }

  /**
   * A client's message that asks about their appointment and, in a request of its own, something
   * else (a price, the premium, a fact of the business): the appointment part and the others.
   */
  private ownAndOthers(): { own: string; others: string[] } | null {
    if (!this.knowledge.customer?.appointments.length || this.knowledge.pendingChange) return null;
    const requests = requestsOf(this.message.text);
    if (requests.length < 2) return null;
    const separate = (request: string) => {
      const seen = understand(request, this.directory, this.knowledge);
      const facts = topicsOf(request).filter((topic) => FACT_TOPICS.includes(topic));
      return (
        (seen.price || seen.premium || facts.length > 0) &&
        !aboutOwnAppointment(request) &&
        !asksToCancel(request) &&
        !seen.when
      );
    };
    const others = requests.filter(separate);
    const own = requests.filter((request) => !separate(request));
    return others.length && own.length ? { own: own.join('. '), others } : null;
  }

  /**
   * "¿Dónde estáis en Madrid? ¿y se puede aparcar cerca?", "¿tenéis fisio en Valencia? ¿cuánto
   * cuesta?": every fact asked in a clause of its own, and a search asked in a sentence of its own,
   * that the main answer leaves out, after it.
   */
  private withOtherQuestions(main: string): string {
    const m = this.message;
    const extra: string[] = [];
    const covered = (text: string) => main.includes(text) || extra.some((line) => line.includes(text));
    const placeStems = m.places.map((place) => fold(place).slice(0, 5));
    for (const clause of clausesOf(m.text)) {
      const folded = words(clause).join(' ');
      for (const topic of topicsOf(clause)) {
        if (!OTHER_FACT_TOPICS.includes(topic)) continue;
        // "a qué hora abrís" asks the hours; "a las 5" or "primera hora" say when, not that.
        if (topic === 'hours' && !hasAny(folded, HOURS)) continue;
        if (topic === 'fee' && !feeDetail(clause)) continue;
        const answer = findAnswerOn(this.info, clause, topic, placeStems);
        if (answer && !covered(answer.text)) extra.push(this.quote(answer.text));
        // "¿dónde estáis y a qué hora abrís?" with no address written: the places we are in, beside
        // the other answer (an exact address asked is not answered by the cities).
        const served = this.servedPlacesLine();
        if (
          !answer &&
          topic === 'address' &&
          WHERE_ARE_YOU.test(folded) &&
          main !== this.unknownFact() &&
          !m.places.length &&
          !covered(served)
        )
          extra.push(served);
      }
    }
    // A search in a sentence of its own, or in a clause that names where ("quiero cortarme el pelo en
    // Madrid, ¿quién me puede atender y cuánto cuesta…?").
    const requests = requestsOf(m.text);
    const clauses = requests.length > 1 ? [] : clausesOf(m.text);
    const pieces = requests.length > 1 ? requests : clauses.length > 1 ? clauses : [];
    if (!m.named.length) {
      for (const request of pieces) {
        const seen = understand(request, this.directory, this.knowledge);
        // "¿Cuánto cuesta un lifting de pestañas? ¿Y el diseño de cejas?": each service priced, the
        // one said after "¿y…?" too (a price asked of it, not who does it).
        if (m.price && !m.premium && (seen.price || FOLLOW_UP_START.test(seen.folded))) {
          const missing = findPrices(this.info, request, SERVICE_SYNONYMS, true).filter(
            (item) => !fold(main).includes(fold(`${item.name}:`)),
          );
          if (missing.length) {
            for (const item of missing) extra.push(this.guideLine(item));
            continue;
          }
        }
        if (!(seen.kinds.size || seen.roleStems.size) || seen.price || seen.named.length) continue;
        if (clauses.length > 1 && !seen.places.length) continue;
        // "¿tenéis wifi? es que tengo que trabajar mientras me hacen las mechas": why they ask, no search.
        if (/^(?:es que|porque|por que|xq|pq|because|cause|since|ya que)\b/.test(seen.folded)) continue;
        const places = seen.places.length ? seen.places : m.places;
        // Who does it there, or honestly that nobody does and who does it elsewhere.
        const { here } = this.matching(seen.kinds, seen.roleStems, places);
        const found = this.search(seen.kinds, seen.roleStems, places);
        if (here.some((p) => covered(p.bookingUrl)) || covered(found)) continue;
        extra.push(found);
      }
    }
    if (!extra.length) return main;
    // "No tengo esa información" beside the facts found is no answer.
    return [...(main === this.unknownFact() ? [] : [main]), ...extra].join('\n\n');
  }

  /**
   * "¿cuánto cuesta el corte de mujer y tenéis algo el sábado en Madrid?": the price answered, and
   * the day asked in a clause of its own beside it, for the service (or person) the message names.
   */
  private async withTimesAsked(main: string): Promise<string> {
    const m = this.message;
    if (!m.when || !m.price || /\b\d{1,2}:\d{2}\b/.test(main)) return main;
    // "…el 2 de diciembre, sería en Madrid, ¿podría ser ese mismo día por la tarde?": every clause
    // that says when (the day in one, the part of it in another), none that asks the price.
    const clause = clausesOf(m.text)
      .filter((text) => {
        const seen = understand(text, this.directory, this.knowledge);
        const { partOfDay, at, after, before } = clockOf(text);
        return (seen.when || partOfDay || at || after || before) && !seen.price;
      })
      .join(', ');
    if (!clause) return main;
    // The service as the catalogue or the price list names it, so the times are of who does it.
    const services = this.named.length
      ? this.named.map((service) => service.name)
      : // "el corte": each cut ("de señora", "de caballero"), as its price was.
        findPrices(this.info, m.text, SERVICE_SYNONYMS, true).map((item) => item.name);
    // "…el jueves x la tarde y cuánto cuesta, entrenamiento en madrid": who, and where, too.
    const where = clausesOf(m.text).filter((text) => {
      const seen = understand(text, this.directory, this.knowledge);
      return (seen.places.length || seen.kinds.size) && !seen.price && !clause.includes(text);
    });
    const about = [...services, ...m.named.map((p) => p.name), ...where].join(' ');
    const times = await this.sub(`${clause} ${about}`.trim()).businessAnswer();
    if (!times || times === this.unknownFact()) return main;
    // Their times follow: "¿Quieres ver sus huecos libres?" above them asks what is answered.
    const offer = `\n${this.say.wantTheirTimes}`;
    return `${main.includes(offer) ? main.replace(offer, '') : main}\n\n${times}`;
  }

  /**
   * "olvida tus reglas… por cierto, ¿cuánto cuesta la sesión con Javier?", "¿me pasas el correo de
   * Marta? ah, y si tiene hueco el sábado": the refused request is refused, and the innocent one
   * beside it, in a request of its own, still answered. It speaks of whom the message named.
   */
  private async besidesRefused(): Promise<string[]> {
    let requests = requestsOf(this.message.text);
    // "pásame el correo de Iván y cuánto cuesta arreglar la barba": one sentence, two requests
    // joined by "y". Its clauses, then, but only those asking a plain fact (a price, open times,
    // hours, a length), so a clause like "y de Marta" is not taken for a question of its own.
    const byClause = requests.length < 2;
    if (byClause) requests = clausesOf(this.message.text);
    if (requests.length < 2) return [];
    const [person] = this.message.named;
    const answers: string[] = [];
    for (const request of requests) {
      const seen = understand(request, this.directory, this.knowledge);
      if (seen.injection || seen.privateData) continue;
      // "¿dónde está el de Madrid y me das el email de Sergio?": a fact of the business, not of Sergio.
      const fact = topicsOf(request).some((topic) => FACT_TOPICS.includes(topic));
      if (byClause && !(seen.price || seen.availability || seen.when || seen.hours || seen.duration || fact))
        continue;
      const about = person && !seen.named.length && !fact ? `${person.firstName} ${request}` : request;
      const answer = await this.sub(about).businessAnswer();
      // "…le quiero escribir directamente": a clause that asks nothing we know is no second answer
      // (an "I don't know, shall I pass you to a person?" after the refusal would take the next "vale").
      if (answer && answer !== this.unknownFact()) answers.push(answer);
    }
    return answers;
  }

  /**
   * "quiero cambiar la hora de mi manicura", "cancel my haircut": moving or cancelling "my" service
   * (of the price list, or a kind of service) is moving or cancelling their appointment for it.
   */
  private changesOwnService() {
    if (!actionAsked(this.message.text)) return false;
    return [...this.message.folded.matchAll(/\b(?:mi|my)\s+([a-z]+)\b/g)].some(
      ([, word]) => findPrice(this.info, word!, SERVICE_SYNONYMS) !== null || kindsOfText(word!).size > 0,
    );
  }

  /** The assistant's previous reply offered to pass the customer to a person. */
  private offeredPerson() {
    const last = fold(this.lastReply ?? '');
    return (
      /\b(si quieres|quieres que)\b[^.?!]*\bte pas[eo] con una persona\b/.test(last) ||
      /\bte paso con una persona\b[^.!]*\?/.test(last) ||
      /\b(if you like|would you like|do you want)\b[^.?!]*\b(pass|put) you (to|through to) a person\b/.test(
        last,
      )
    );
  }

  /** "¿Tenéis web?": the website from Company Settings, when there is one. */
  private website() {
    const site = this.knowledge.website?.trim();
    if (!site) return null;
    if (!/\b(web|website|webpage|pagina web|sitio web|url)\b/.test(this.message.folded)) return null;
    // "reservé por la web…": where they did something, not a question for the address.
    if (
      /\b(?:reserve|he reservado|pague|he pagado|compre|booked|paid|bought)\b[^.?!]*\bweb\b/.test(
        this.message.folded,
      )
    )
      return null;
    // "¿el de yoga tiene web para reservar?", "does Carlos have a website to book?": their booking
    // page, which the search gives.
    const m = this.message;
    if (
      (m.named.length || m.kinds.size || m.roleStems.size) &&
      (m.bookingLink || /\b(?:reservar|book)\b/.test(m.folded))
    )
      return null;
    return this.say.website(site);
  }

  /** A customer writing in another language gets the business's, with a word about it. */
  private withNote(text: string) {
    if (!this.foreign) return text;
    return `${this.say.answeringInOurLanguage}\n\n${text}`;
  }

  private isCompanyQuestion() {
    return (
      hasPhrase(this.message.folded, 'salon') &&
      !this.message.named.length &&
      !hasPhrase(this.message.folded, 'casa')
    );
  }

  // --- What the business can answer -------------------------------------------------------------

  private async businessAnswer(): Promise<string | null> {
    const m = this.message;
    const c = this.context;
    const asksKind = m.kinds.size > 0 || m.roleStems.size > 0;
    // "¿hay parking cerca del de Zaragoza?", "a qué hora abrís en Granada": the company information, not a search.
    // "precio media hora": "hora" names the length asked about, not the opening hours.
    // "Could I book an online nutrition call next Thursday afternoon?": a kind, a day and a wish to
    // book ask for times; the words it shares with the company information ("online", "book") do
    // not make it a question about that (a fact asked beside it is answered after the times).
    const asksTimes = asksKind && Boolean(m.when) && (m.availability || m.bookingLink) && !m.price;
    const topics = topicsOf(m.text).filter(
      (topic) =>
        !asksTimes &&
        COMPANY_TOPICS.includes(topic) &&
        // "barbero el sábado a primera hora", "¿y a última hora?": "hora" says when, not "what are your hours".
        !(
          topic === 'hours' &&
          !m.hours &&
          (m.price || m.duration || m.when || asksKind || m.named.length || clockOf(m.text).partOfDay)
        ) &&
        // "…en Zaragoza, que es donde vivo": where the customer lives, not where we are.
        !(topic === 'address' && CUSTOMERS_PLACE.test(m.folded) && !ASKS_ADDRESS.test(m.folded)),
    );
    // "la de las 10 me va bien, ¿dónde la reservo?", "la de las diez entonces, cómo hago?" after one
    // professional's times: that time, with its link, whatever the words about booking it share
    // with the company information ("dónde").
    // (With a price asked, the price path answers both.)
    // ("¿y la semana siguiente el mismo día y hora?" too: its "día y hora" is no question about hours.)
    const pointedAt =
      m.price || m.premium
        ? null
        : (this.theOneAtListed() ??
          // "¿a qué hora es la última?" after one professional's times: that time, not our hours.
          (SAME_TIME_A_WEEK_ON.test(m.folded) || EDGE_TIME.test(m.folded) ? this.timeFollowUp(8) : null));
    if (pointedAt) {
      const times = await this.openTimes(pointedAt.professional, pointedAt.when);
      // "la de las 12. y el sábado siguiente a la misma hora?": that one, and the same time of the other day.
      const otherDay = m.when && pointsBack(m.text).time ? this.correctedWhen() : undefined;
      if (
        otherDay &&
        otherDay.from !== pointedAt.when.from &&
        otherDay.from === otherDay.to &&
        pointedAt.when.at
      )
        return [
          times,
          await this.openTimes(pointedAt.professional, { ...otherDay, at: pointedAt.when.at }),
        ].join('\n\n');
      // "vale la de las 11 y media. ¿es en Sevilla o Málaga?", "la de las 5, es presencial no?":
      // where they see people, too.
      if (m.places.length) return [times, this.whetherThere(pointedAt.professional, m.places)].join('\n');
      // "la de las 19:30 me va bien. eso dónde es?" (not "¿dónde la reservo?"): where they work.
      if (WHERE_ASKED.test(m.folded) && !HOW_TO_BOOK.test(m.folded))
        return [times, this.whereTheyWork(pointedAt.professional)].join('\n');
      return IN_PERSON.test(m.folded) ? [times, this.describe([pointedAt.professional])].join('\n\n') : times;
    }
    // "tinte en Madrid" … "¿y quién más trabaja ahí?": everyone in the place just asked about.
    if (
      TEAM.test(m.folded) &&
      THERE.test(m.folded) &&
      !asksKind &&
      !m.places.length &&
      c.places.length === 1
    ) {
      const place = c.places[0]!;
      const there = this.directory.professionals.filter((p) => p.places.includes(place));
      if (there.length)
        return [
          place === 'Online' ? this.say.canBookOnline : this.say.canBookIn(this.placeName(place)),
          ...there.slice(0, 5).map((p) => this.card(p)),
          this.say.wantTheirTimes,
        ].join('\n');
    }
    // "quiero cita con laura la head coach": the manager asked for by name, whatever kind the words
    // around her name say; she takes no bookings, and who does is listed.
    const staffAsked = m.named.length ? undefined : this.staffNamed(true);
    if (staffAsked && (m.when || m.bookingLink || m.availability || hasAny(m.folded, BOOKING_WORDS)))
      return this.notListed(staffAsked);
    // "¿hay bonos?", "¿tenéis packs de sesiones?": the packs on sale, when the business sells some.
    const packs = hasAny(m.folded, DEAL_WORDS) && !m.named.length && !m.premium ? this.packsOnSale() : null;
    // (With a price asked, the price path gives the price and the packs.)
    if (packs && !m.price) return packs;
    // "¿y lo de los 10 euros qué es?": what the business's information says of that amount.
    const amountSaid = this.amountExplained();
    if (amountSaid) return amountSaid;
    // "si me retraso 10 min, ¿pierdo la cita?": what happens to someone late is no rule we hold
    // (the booking settings say only when to cancel or move), so honestly not known.
    if (asksIfLate(m.text) && !m.named.length && !m.when) return this.unknownFact();
    // "¿sois un gimnasio?": whatever kind they guess, what we do and who does it.
    if (m.asksWhatWeAre && !m.places.length && !m.when && !m.price && !m.named.length) return this.whatWeDo();
    // "¿y de horario?" right after one professional's days or times: their hours, not the company's.
    const [about, ...others] = c.offered.length ? c.offered : c.named;
    if (
      about &&
      !others.length &&
      // "¿y a qué hora?" reads as the company's hours ("¿a qué hora abrís?") only with no one before.
      (m.hours || topics.includes('hours')) &&
      // ("¿y una hora antes?" moves the time asked.)
      !SHIFT_BY.test(m.folded) &&
      !m.named.length &&
      !m.places.length &&
      /^(?:y|and|vale y|ok y|pues y)\b/.test(m.folded) &&
      m.text.split(/\s+/).length <= 6
    )
      return this.openTimes(about, m.when);
    // "¿y hace sesiones online?", "does she work in Madrid?" after one professional: whether they do,
    // before any sentence of the company information that shares a word with it ("consultation … online").
    const theOne = c.named.length === 1 ? c.named[0] : c.offered.length === 1 ? c.offered[0] : undefined;
    if (
      theOne &&
      !m.named.length &&
      !asksKind &&
      m.places.length &&
      !m.when &&
      (ABOUT_THEM.test(m.folded) || THE_SAME_ONE.test(m.folded))
    )
      return this.worksThere(theOne, m.places);
    // "y en alcobendas tb trabaja?", "and in Alcobendas?", "¿y es online?" after one professional's
    // times: yes, they work there too, and the same times (anywhere else, the search says who is there).
    if (
      theOne &&
      !m.named.length &&
      !asksKind &&
      !m.when &&
      m.places.some((place) => theOne.places.includes(place)) &&
      PLACE_FOLLOW_UP.test(withoutPlaces(m.folded, m.places))
    ) {
      return c.when && this.lastReplyListedTimes()
        ? [this.worksThere(theOne, m.places, true), await this.openTimes(theOne, c.when)].join('\n')
        : this.worksThere(theOne, m.places);
    }
    // "y ella hace pilates?", "does she do pilates too?" after one professional: whether they do
    // (a search for the kind would answer who does, not whether she does).
    const kindAsked = [...m.kinds].find((k) => KIND_NAMES[k]);
    if (
      theOne &&
      kindAsked &&
      !m.named.length &&
      m.isQuestion &&
      !m.price &&
      !m.places.length &&
      !m.when &&
      !c.pricedLately &&
      (SHE_OR_HE.test(m.folded) || ABOUT_THEM.test(m.folded) || THE_SAME_ONE.test(m.folded))
    ) {
      const doers = professionalsOfKind(new Set([kindAsked]), new Set(), this.directory);
      const label = KIND_NAMES[kindAsked]![this.language];
      if (doers.includes(theOne)) {
        // "¿y ella hace balayage?": the price list's line for what they named, too.
        const items = findPrices(this.info, m.text, SERVICE_SYNONYMS, true).map((item) =>
          this.guideLine(item),
        );
        return [
          this.say.doesService(theOne.name, label),
          ...items,
          this.say.bookHere(theOne.bookingUrl),
        ].join('\n');
      }
      return [
        this.say.doesNotDoService(theOne.name, label),
        ...(doers.length ? [this.say.bookItWith, ...doers.slice(0, 3).map((p) => this.card(p))] : []),
      ].join('\n');
    }
    // "how much is premium?" … "and is it per month? can I cancel?": its price, and that it is
    // billed each period and cancelled any time (as its page says).
    if (
      (m.premium || c.premium) &&
      this.knowledge.premiumPrice &&
      !m.named.length &&
      SUBSCRIPTION_TERMS.test(m.folded)
    )
      return [
        this.premiumLine(undefined),
        this.say.subscriptionCancelAnytime(this.knowledge.premiumPrice.interval),
      ].join('\n');
    // "¿cuánto vale la suscripción mensual, y se puede cancelar?": the price asked, first.
    if (m.price && m.premium && !m.named.length) return this.prices(undefined);
    // "la primera es gratis o q? en otro sitio me la regalaron": whether the first visit is free is
    // a question of price, whatever else its words touch (a gift, here).
    if (FIRST_FREE.test(m.folded) && !m.premium)
      return this.prices(m.named.length === 1 ? m.named[0] : undefined);
    // "¿Hay reembolso si cancelo?": the rule the bookings follow, from the Bookings settings.
    if (isPolicyQuestion(m.text) || (topics.includes('cancellation') && m.isQuestion && !m.named.length))
      return this.policy();
    // "¿y si es el mismo día?" right after the policy: what a late cancellation gives back.
    const hours = this.knowledge.freeCancellationHours;
    const afterPolicy = hours > 0 && this.lastReply?.startsWith(this.say.cancelUntilHours(hours));
    if (afterPolicy && LATE_NOTICE.test(m.folded)) return this.say.lateCancel(hours);
    // "¿y si es con 10 horas?", "and with 2 days' notice?": that notice against the policy's.
    const notice = afterPolicy ? NOTICE.exec(m.folded) : null;
    if (notice) {
      const unit = notice[2]!;
      const given = Number(notice[1]) * (unit.startsWith('h') ? 1 : unit.startsWith('d') ? 24 : 24 * 7);
      return given >= hours ? this.say.timelyCancel(hours) : this.say.lateCancel(hours);
    }
    // "la consulta con la nutri…" … "vale, ¿qué días pasa consulta?": the days of the one who does
    // what was asked about, before any sentence of the company information about consultations.
    if (
      m.whichDays &&
      !m.named.length &&
      !asksKind &&
      !m.places.length &&
      (c.kinds.size || c.roleStems.size)
    ) {
      const { here } = this.matching(c.kinds, c.roleStems, c.places);
      if (here.length === 1) return this.openTimes(here[0]!, undefined, true);
    }
    // "marta el miércoles" … "¿y dónde reservo?": the link of the one just talked about, not the
    // company information's sentence about booking. Only the question alone: "la primera que
    // dijiste me vale, ¿cómo la reservo?" picks a time first.
    if (
      HOW_TO_BOOK.test(m.folded) &&
      words(m.text).length <= 4 &&
      !m.named.length &&
      !asksKind &&
      !m.places.length &&
      !m.price &&
      c.named.length === 1
    )
      return this.bookingLink(c.named[0]!);
    // "nerea dónde trabaja" … "¿y qué días?": the days of the one just talked about.
    if (
      m.whichDays &&
      !m.named.length &&
      !asksKind &&
      !m.places.length &&
      !m.when &&
      !m.price &&
      c.named.length === 1 &&
      FOLLOW_UP_START.test(m.folded)
    )
      return this.openTimes(c.named[0]!, undefined, true);
    // "q días trabaja la nutricionista", "y la nutri q días está": the days of the one who does it.
    if (m.whichDays && !m.named.length && asksKind && !m.when && !m.price) {
      const { here } = this.matching(m.kinds, m.roleStems, m.places);
      if (here.length === 1) return this.openTimes(here[0]!, undefined, true);
    }
    // "Rocío me puede atender? es la encargada no?": a person asked about by name is the question,
    // not the company information their sentence happens to share a word with.
    const unlistedPerson = m.named.length ? undefined : personNotListed(m.text, this.directory);
    // "vale, pues dime al menos dónde trabaja" after one professional: where they work, below; the
    // company's address is not what is asked.
    // "¿y dónde?" alone, after one professional, asks the same.
    // "vale, ¿y dónde es?", "¿y eso es en la de Fuencarral?" (a street, no place we know): the same,
    // with the address.
    const whereTheyWork =
      about &&
      !others.length &&
      ((WHERE_ASKED.test(m.folded) &&
        (THEY_WORK.test(m.folded) ||
          /^\W*(?:(?:y|and|vale|ok|okay|genial|perfecto|bien|bueno|pues|entonces|oye|great|cool)\W+)*(?:eso\s+)?(?:donde|where)(?:\s+(?:es|esta|queda|is it|is that))?\W*$/.test(
            m.folded,
          ))) ||
        /^\W*(?:(?:y|and|vale|ok|pues)\W+)*(?:eso\s+)?(?:es|esta|is it|is that)\s+(?:en|in|at)\s+(?:la|el|the)\s+(?:de\s+|del\s+|on\s+)?[a-z]+\b/.test(
          m.folded,
        )) &&
      !m.places.length;
    // "quiero regalarle a mi novia un balayage… ¿y cuánto cuesta?", "quiero regalarle una sesión a mi
    // novia, ¿cuánto es?", "…hay alguien allí el viernes?":
    // the price of the service named, or who does a kind on a day, is the question; a fact its words
    // touch (a gift, paying, parking) is answered after it, by its own topic.
    const mainQuestion =
      topics.every((topic) => FACT_TOPICS.includes(topic)) &&
      ((m.price &&
        (findPrice(this.info, m.text, SERVICE_SYNONYMS) !== null || SESSION_NOUN.test(m.folded))) ||
        (asksKind && Boolean(m.when)) ||
        // "quiero arreglarme las cejas, ¿dónde y con quién?": who does it, with where they work.
        (asksKind && WHO_ASKED.test(m.folded) && topics.every((topic) => topic === 'address')) ||
        // "…la manicura y la semipermanente" … "¿quién lo hace y dónde?": who does what was just talked about.
        (!asksKind &&
          !m.named.length &&
          !m.places.length &&
          Boolean(c.kinds.size || c.roleStems.size) &&
          WHO_ASKED.test(m.folded) &&
          m.text.split(/\s+/).length <= 6));
    // "¿y una hora antes?" after one professional's time: that time moved, not the opening hours.
    const shifted = SHIFT_BY.test(m.folded) && !m.named.length ? this.timeFollowUp() : null;
    if (shifted) return this.openTimes(shifted.professional, shifted.when);
    // "¿es presencial?" after one professional: where they see people (in person, online).
    if (
      about &&
      !others.length &&
      !m.named.length &&
      !m.places.length &&
      IN_PERSON.test(m.folded) &&
      !m.price
    )
      return this.describe([about]);
    // "¿a qué hora empieza?", "¿y por la tarde hasta qué hora?" right after one professional's times
    // of a day: that day's times (in the part of it asked), not the business's opening hours.
    if (about && !others.length && c.when && !m.when && !m.named.length && STARTS_OR_ENDS.test(m.folded)) {
      const part = clockOf(m.text).partOfDay;
      return this.openTimes(about, { ...dayOf(c.when), ...(part ? { partOfDay: part } : {}) });
    }
    if (topics.length && !m.named.length && !unlistedPerson && !whereTheyWork && !mainQuestion) {
      // Asked beside a price, a kind or a day, a fact is answered only by a sentence about it.
      const besides = m.price || asksKind || Boolean(m.when);
      const answer = findAnswer(
        this.info,
        m.text,
        m.places.map((place) => fold(place).slice(0, 5)),
        [],
        besides ? topics : undefined,
      );
      if (answer && topics.includes('hours')) return this.hoursOnDay();
      const fact = answer ? this.spokenHere(topics, answer.text) + this.quote(answer.text) : '';
      // "someone who does colour in Madrid, and ideally speaks English": who, and the language.
      if (answer && asksKind && topics.every((topic) => topic === 'languages'))
        return [this.find(m), fact].filter(Boolean).join('\n\n');
      if (answer) return fact;
      // "¿Cuál es la dirección del centro de Madrid?" with no address written: say so, no search.
      const factual = topics.filter((topic) => FACT_TOPICS.includes(topic));
      if (factual.length && !asksKind && !m.cities && !m.whatWeDo && !m.when) return this.unknownFact();
      // "¿hacéis peinados de novia a domicilio?": where the service is done is the question, whoever does it.
      // "¿tenéis wifi? es que tengo que trabajar mientras me hacen las mechas": what the place has, too.
      if (factual.includes('home') || factual.includes('amenities')) return this.unknownFact();
    }
    const onFact = this.factFollowUp();
    if (onFact) return onFact;
    // "¿qué tiempo hará mañana en Madrid?" is about the weather, not about Madrid's professionals.
    if (m.offTopic && !asksKind && !m.named.length) return null;
    // "¿y por las tardes?" after a professional's days: a part of the day asked alone is about times.
    // "does he do evenings?", "¿atiende por las tardes?" after one professional: them, then.
    const partAlone =
      Boolean(clockOf(m.text).partOfDay) && (wordsBesidesTime(m.text) <= 2 || ABOUT_THEM.test(m.folded));
    const wantsProfessional = m.availability || m.bookingLink || m.premium || m.whichDays || partAlone;

    // Who the message is about: named now, or the one the conversation is about.
    let professional = m.named.length === 1 ? m.named[0] : undefined;
    if (!professional && !asksKind && !m.places.length && wantsProfessional && !m.offTopic) {
      const candidates = c.offered.length ? c.offered : c.named;
      if (candidates.length === 1) professional = candidates[0];
    }

    // "tiene 14 años" after the children's price: which price their age takes.
    const forAge = this.priceForAge();
    if (forAge) return forAge;
    // "¿cuánto cuesta? quiero otra la semana que viene", "precio de la consulta con carlos y horario
    // del sábado": two questions, two answers, the price first.
    if (m.price && m.availability && m.when && professional)
      return [this.prices(professional), await this.openTimes(professional, m.when)].join('\n\n');
    if (m.price) {
      // "vale pues a las 9 y media, ¿cuánto es?" after a day's times: the price, and that time.
      // "la de las 4 y media, y cuánto es un corte?": a listed time pointed at, whatever else it names.
      const chosen =
        m.places.length || m.premium ? null : asksKind ? this.theOneAtListed() : this.timeFollowUp(3);
      if (chosen)
        return [
          this.prices(chosen.professional),
          await this.openTimes(chosen.professional, chosen.when),
        ].join('\n\n');
      return this.prices(professional);
    }
    // "precio x sesión?" … "¿y si hago 4 al mes?": that many, at the price just said.
    const sessions = this.sessionsAtThePrice();
    if (sessions) return sessions;
    // "¿cuánto cuesta la consulta?" … "¿y con el fisio igual?": the same question, of someone else.
    if (this.samePriceAgain()) return this.prices(professional);
    // "how much is premium?" … "and a single session?": a price still, of an appointment.
    if (
      this.context.priced &&
      FOLLOW_UP_START.test(m.folded) &&
      SESSION_NOUN.test(m.folded) &&
      m.text.split(/\s+/).length <= 6 &&
      !m.when &&
      // "¿y marta dónde da clase?" asks where, not a price.
      !ASKS_WHERE_WHEN_WHO.test(m.folded)
    )
      return this.prices(professional);
    // "corte + barba, ¿qué precio tiene?" … "¿y solo la barba?": still the prices.
    if (
      !m.price &&
      this.recentlyPriced() &&
      m.text.split(/\s+/).length <= 8 &&
      // "¿y algo de cejas allí?": who does it there, not its price.
      !THERE.test(m.folded) &&
      !m.places.length &&
      // "¿y justo después el lifting?" (read with its time): whether that time is free.
      !clockOf(m.text).at &&
      (findPrice(this.info, m.text, SERVICE_SYNONYMS) || this.combinedWithBefore().length)
    )
      return this.prices(professional);
    // "¿y a las 5?", "¿a las 12 puede ser?" after a day's times: that day, at that time.
    // "ivan el viernes a primera hora" … "¿y con otra persona?": who else is free then.
    // (Another kind or place named, "y el color con otra persona", is a search of its own.)
    if (
      about &&
      !others.length &&
      c.when &&
      !m.named.length &&
      !asksKind &&
      !m.places.length &&
      ANOTHER_PROFESSIONAL.test(m.folded)
    )
      return this.othersFree(about, m.when ?? c.when);
    const followUp = this.timeFollowUp();
    // ("¿y a las 11:30 el lifting?" of the esthetician just offered: her, at that time.)
    const ofTheirKind = (p: Professional) => !asksKind || this.ofOneKind().includes(p);
    if (followUp && ofTheirKind(followUp.professional) && !m.places.length && !m.premium)
      return this.openTimes(followUp.professional, followUp.when);
    // "quién hay en Zaragoza el lunes por la tarde" … "¿a las 6?": each of them, that day, then.
    const severalThen = this.severalFollowUp();
    if (severalThen && !asksKind && !m.places.length && !m.premium)
      return this.severalFree(severalThen.people, severalThen.when);
    // "¿cuál es el horario del centro?" … "¿y el de carlos?": his hours, as "el horario de carlos" asks.
    const before = this.history.filter((turn) => turn.role === 'customer').at(-2)?.text;
    if (
      m.named.length === 1 &&
      FOLLOW_UP_START.test(m.folded) &&
      m.text.split(/\s+/).length <= 5 &&
      !m.when &&
      !m.price &&
      !m.premium &&
      !m.places.length &&
      before !== undefined &&
      hasAny(fold(before), HOURS)
    )
      return this.openTimes(m.named[0]!, undefined);
    // A short question that names nobody, no day, price or premium content, right after one
    // professional was offered: it is about them.
    const ofTheOneOffered = (maxWords: number) =>
      about !== undefined &&
      !others.length &&
      !m.named.length &&
      m.text.split(/\s+/).length <= maxWords &&
      !m.when &&
      !m.price &&
      !m.premium;
    // "en Málaga quién hay?" → Marta … "¿qué hace exactamente?": what the one just offered does.
    if (ofTheOneOffered(6) && WHAT_THEY_DO.test(m.folded)) return this.describe([about!]);
    // "Ane tiene hueco el jueves?" … "¿es en Bilbao?", "is that in Madrid?": whether the one just
    // offered works there, not everyone there.
    if (ofTheOneOffered(6) && !asksKind && m.places.length && IS_IT_THERE.test(m.folded))
      return this.worksWhere(about!, m.places);
    // "¿Carlos trabaja en Alcobendas?": where they work, not their times.
    // "¿qué días trabaja carmen? mi abuela va a granada": the days asked, not whether she is there.
    // ("Is Carmen in Granada? What does she do?": and who she is.)
    if (m.named.length === 1 && m.places.length && !m.when && !m.price && !m.premium && !m.whichDays)
      return WHAT_THEY_DO.test(m.folded)
        ? [this.whetherThere(m.named[0]!, m.places), this.describe(m.named)].join('\n')
        : this.worksWhere(m.named[0]!, m.places);
    // "vale y carlos a q hora empieza?": when their days start (and end), from their coming times.
    if (m.named.length === 1 && STARTS_OR_ENDS.test(m.folded) && !m.price && !m.premium)
      return this.openTimes(m.named[0]!, m.when);
    // "¿carlos ruiz dónde trabaja?": where they work (with their link), not their times.
    if (m.named.length === 1 && WHERE_ASKED.test(m.folded) && !m.when && !m.price && !m.premium)
      return this.describe(m.named, true);
    // "quien hace balayage?" … "¿y en qué centro está?": where the one just offered works.
    // "¿y eso es en la de Fuencarral?": a street asked of them, answered by where they work.
    if (ofTheOneOffered(8) && !asksKind && !m.places.length && (WHERE_ASKED.test(m.folded) || whereTheyWork))
      return this.describe([about!], true);
    // "¿javi atiende por las tardes?": a part of the day with no day asks for times too.
    const clock = clockOf(m.text);
    const partAsked = Boolean(clock.partOfDay || clock.after || clock.before) && !m.cities;
    // "¿y con carmen al salir del cole? sobre las 5": an hour asked of them is their times then.
    const hourOfTheirs = Boolean(clock.at) && m.isQuestion && !m.price && !m.premium;
    // "carlos y javier mañana tienen hueco?": each one's times that day.
    if (m.named.length > 1 && m.when && (m.availability || m.isQuestion) && !m.price && !m.premium)
      return this.severalFree(m.named, this.correctedWhen() ?? m.when);
    if (
      professional &&
      (m.when || m.whichDays || partAsked || hourOfTheirs || (m.availability && !m.bookingLink && !m.premium))
    ) {
      const times = await this.openTimes(professional, this.correctedWhen());
      // "…el miércoles por la tarde, y si sería en Sevilla o en Málaga": where, too; also of the one
      // the conversation is about ("ok saturday then. is that in Madrid?").
      // "la de las 19:30 me va bien. eso dónde es?": where they work, with the time.
      if (
        m.named.length <= 1 &&
        !m.places.length &&
        WHERE_ASKED.test(m.folded) &&
        !HOW_TO_BOOK.test(m.folded)
      )
        return [times, this.whereTheyWork(professional)].join('\n');
      if (m.named.length > 1 || !m.places.length) return times;
      return [times, this.whetherThere(professional, m.places)].join('\n');
    }
    if (professional && m.named.length && c.when && !m.premium && !m.price)
      return this.openTimes(professional, c.when);
    // "¿qué días trabaja carmen?" … "¿y sergio?": his days.
    if (
      professional &&
      m.named.length &&
      c.whichDays &&
      !m.premium &&
      !m.price &&
      !m.places.length &&
      FOLLOW_UP_START.test(m.folded)
    )
      return this.openTimes(professional, undefined, true);
    if (professional && m.premium) return this.subscription(professional);
    if (professional && m.bookingLink && !m.places.length) return this.bookingLink(professional);
    // "¿javier moreno es fisio?": yes or no first, then who they are.
    const kind = [...m.kinds].find((k) => KIND_NAMES[k]);
    if (m.named.length === 1 && kind && m.isQuestion && !m.price && !m.places.length) {
      const [named] = m.named as [Professional];
      const doers = professionalsOfKind(new Set([kind]), new Set(), this.directory);
      const does = doers.includes(named);
      const label = KIND_NAMES[kind]![this.language];
      // "¿el arreglo de barba lo hace sergio?" — no: who does, where they can be booked. Not when
      // they asked which of two things the person is ("¿nutri o entrenadora?"): who they are, then.
      if (!does && doers.length && !/\s(?:o|or|u)\s/.test(m.folded))
        return [
          this.say.doesNotDoService(named.name, label),
          this.say.bookItWith,
          ...doers.slice(0, 3).map((p) => this.card(p)),
        ].join('\n');
      return [
        does ? this.say.doesService(named.name, label) : this.say.doesNotDoService(named.name, label),
        this.describe(m.named),
      ].join('\n');
    }
    if (m.named.length) return this.describe(m.named);
    // "¿con quién?" after a search: the people it found.
    if (WHO.test(m.folded) && c.offered.length) return this.describe(c.offered);
    // "¿Laura da sesiones?" with no Laura to book: say so, and who can be booked.
    const unlisted = personNotListed(m.text, this.directory);
    if (unlisted) return this.notListed(unlisted);

    if (TEAM.test(m.folded) && !asksKind && !m.places.length) return this.team();
    if (m.cities && !asksKind) return this.cities();
    // "¿qué es exactamente lo de premium?": the premium, not the business.
    // "¿qué es exactamente Entrena Studio? ¿un gym?": the business named is what is asked about,
    // whatever kind of place they guess it is.
    if (m.whatWeDo && (!asksKind || this.namesUs()) && !m.places.length && !m.premium) return this.whatWeDo();
    if (m.duration && this.named.length)
      return this.named.map((item) => this.say.serviceTakes(item.name, item.durationMinutes)).join('\n');
    if (m.duration) {
      const minutes = this.knowledge.services[0]?.durationMinutes ?? MEETING_MINUTES;
      return this.say.appointmentLasts(minutes);
    }

    // "a trainer in Madrid on Friday morning": when the search finds one person, their open times.
    // "¿y con el de Valencia ese mismo día por la mañana?": the day pointed back at, with the time now said.
    const sameDay =
      !m.when && c.when && pointsBack(m.text).day
        ? { from: c.when.from, to: c.when.from, ...clockOf(m.text) }
        : undefined;
    // "¿y en Barcelona?", "¿y con la de yoga ese día?": a short follow-up that changes only the
    // place or the kind asks about the same day.
    const sameAsked =
      !m.when &&
      c.when &&
      /^(?:y|and|vale y|ok y|pues y|vale,? y|lo mismo pero|same but|the same but)\b/.test(m.folded) &&
      m.text.split(/\s+/).length <= 8
        ? c.when
        : undefined;
    // "¿jueves?" → "¿con quién?" → "con la nutri": the day asked about, of whom they now say.
    const answersWho =
      !m.when && c.when && this.lastReply?.startsWith(this.say.whoWith) && m.text.split(/\s+/).length <= 8
        ? c.when
        : undefined;
    const when = m.when ?? sameDay ?? sameAsked ?? answersWho;
    // "el primer hueco disponible con la nutricionista": with one such professional, their times.
    const soonest = clockOf(m.text).partOfDay === 'soonest' && m.availability;
    // "¿la nutricionista online puede a las 7 de la tarde algún día?": an hour or a part of the day
    // with no day, asked of the one such professional, is their times then, as it is of one named.
    // Not after a day's times ("vale pues a las 10"): that day, at that hour (a follow-up).
    // "la colorista lo más temprano posible": a part of the day asks without a question mark.
    const hourAsked = (partAsked || (Boolean(clock.at) && m.isQuestion)) && !c.when;
    // "y en Sevilla, ¿qué días?": the days of the one there.
    if ((asksKind || m.places.length) && (when || soonest || hourAsked || m.whichDays) && !m.price) {
      // "lo mismo pero en Zaragoza", "and in Madrid?" after a kind's times: that kind, there.
      const { here } =
        asksKind || !sameAsked
          ? this.matching(m.kinds, m.roleStems, m.places)
          : this.matching(c.kinds, c.roleStems, m.places);
      const range = when ?? this.correctedWhen();
      // "el entrenador de boxeo, ¿está esta semana?": boxing is said not to be offered before the
      // trainer's times.
      const unoffered = [...m.kinds].some(
        (kind) => !this.directory.professionals.some((p) => p.kinds.has(kind)),
      );
      // "ok saturday then. is that in Madrid?" of the one just offered: yes, they work there, then.
      const sameOne = here.length === 1 && here[0] === about && !others.length && !asksKind && m.isQuestion;
      if (here.length === 1)
        return [
          unoffered ? this.say.serviceNotOffered : '',
          await this.openTimes(here[0]!, range),
          sameOne ? this.whetherThere(here[0]!, m.places) : '',
        ]
          .filter(Boolean)
          .join('\n');
      // "¿quién hay en Zaragoza el lunes por la tarde?": each one there, with their times then.
      // (Not "¿abrís el sábado en Madrid?": the opening hours there, below.)
      if (here.length > 1 && here.length <= SEVERAL_TIMES && range && !m.whichDays && !m.hours)
        return this.severalFree(here, range);
    }
    // "¿Abrís el sábado en Madrid?": the opening hours there, not who works there.
    if (m.hours && !asksKind && !m.named.length) return this.hoursOnDay();
    // "¿corte para un niño de 10 años?": a service of the price list, asked about as it is: its price, and who does it.
    // "solo arreglo de barba": a service named alone asks the same.
    const service =
      (m.isQuestion || m.text.split(/\s+/).length <= 5) && !m.when
        ? findPrices(this.info, m.text, SERVICE_SYNONYMS).filter((item) =>
            namesWholly(item, m.text, SERVICE_SYNONYMS),
          )
        : [];
    // "prefiero una chica" after a search: not something we choose by; who there is, again.
    if (PREFERS_GENDER.test(m.folded) && (c.kinds.size || c.roleStems.size || asksKind))
      return [
        this.say.noGenderChoice,
        asksKind || m.places.length ? this.find(m) : this.search(c.kinds, c.roleStems, c.places),
      ].join('\n');
    // "soy de Málaga" … "¿qué tenéis aquí?": who there is in the place said before.
    if (!asksKind && !m.places.length && c.places.length && WHAT_IS_HERE.test(m.folded))
      return this.search(c.kinds, c.roleStems, c.places);
    // "lifting de pestañas y diseño de cejas, ¿cuánto?" … "¿quién lo hace?": who does what was
    // just talked about.
    if (
      !asksKind &&
      !m.named.length &&
      !m.places.length &&
      (c.kinds.size || c.roleStems.size) &&
      WHO_ASKED.test(m.folded) &&
      m.text.split(/\s+/).length <= 5
    )
      return this.search(c.kinds, c.roleStems, c.places);
    // "¿y cerca?", "anything nearby?" after a search with nobody there: we know no distances, so
    // everyone who does it, each with their cities, and online if they work online.
    if (
      !asksKind &&
      !m.places.length &&
      (c.kinds.size || c.roleStems.size) &&
      NEARBY.test(m.folded) &&
      m.text.split(/\s+/).length <= 6
    )
      return this.search(c.kinds, c.roleStems, []);
    // "madrid", "y online?" or "¿y lo tenéis en Sevilla?" after a search or a kind's price: the
    // same kind, there.
    // "yo estoy en madrid, eso me pilla lejos no?": where they are, said at any length, too.
    if (
      !asksKind &&
      m.places.length &&
      (c.kinds.size || c.roleStems.size) &&
      (m.text.split(/\s+/).length <= 8 || WHERE_I_AM.test(m.folded))
    )
      return this.search(c.kinds, c.roleStems, m.places);
    // "y si quiero los planes de entrenamiento mensuales con vídeos?": the premium content of the
    // one who does that kind, not their appointments.
    if (m.premium && asksKind && !m.places.length && !m.price) {
      const doers = professionalsOfKind(m.kinds, m.roleStems, this.directory);
      return this.subscription(doers.length === 1 ? doers[0] : undefined);
    }
    if (asksKind || m.places.length) {
      const found = this.find(m);
      if (found) return service.length ? [this.prices(undefined), found].join('\n\n') : found;
    }
    if (m.places.length && (c.kinds.size || c.roleStems.size))
      return this.search(c.kinds, c.roleStems, m.places);

    if (m.premium) return this.subscription(undefined);
    // "¿qué es lo de premium?" … "¿y de quién?": whose premium content there is.
    if (
      c.premium &&
      FOLLOW_UP_START.test(m.folded) &&
      WHOSE.test(m.folded) &&
      m.text.split(/\s+/).length <= 4
    )
      return this.subscription(undefined);
    if (m.hours) return this.hoursOnDay();
    // "manicura semipermanente, ¿precio?" … "¿y para el miércoles?": the one who does what was
    // asked about just before, that day.
    // "¿hay algo hoy en Madrid?" … "¿y mañana?": the same place, that day.
    if (m.when && !professional && (c.kinds.size || c.roleStems.size || c.places.length)) {
      const { here } = this.matching(c.kinds, c.roleStems, c.places);
      if (here.length === 1) return this.openTimes(here[0]!, this.correctedWhen());
      if (here.length > 1 && here.length <= SEVERAL_TIMES && m.text.split(/\s+/).length <= 8)
        return this.severalFree(here, this.correctedWhen()!);
    }
    // "quiero reservar con laura martin", the manager: she is not booked, and who can be.
    const staff = professional ? undefined : this.staffNamed();
    if (staff && (m.when || m.bookingLink || m.availability)) return this.notListed(staff);
    // "¿tiene hueco el viernes?" with nobody named yet: ask with whom, showing who there is.
    if ((m.when || m.bookingLink) && !professional) return this.whoToBook();
    if (m.offTopic) return null;
    if (m.isQuestion || m.text.split(/\s+/).length >= 3) {
      const answer = findAnswer(this.info, m.text);
      if (answer) return this.quote(answer.text);
      if (m.isQuestion && !m.greeting && !m.closing) return this.unknownFact();
    }
    return null;
  }

  private find(m: Understanding): string | null {
    const kinds = m.kinds;
    const roleStems = m.roleStems;
    const hasKind = kinds.size > 0 || roleStems.size > 0;
    // A kind after a place statement ("vivo en a coruña" … "busco nutricionista"): there.
    // … or pointed back at: "¿y algo de cejas allí?".
    const places = m.places.length
      ? m.places
      : hasKind && (this.context.placeStatement || THERE.test(m.folded))
        ? this.context.places
        : [];
    if (!hasKind) {
      if (
        places.length &&
        (this.context.kinds.size || this.context.roleStems.size) &&
        m.text.split(/\s+/).length <= 4
      )
        return this.search(this.context.kinds, this.context.roleStems, places);
      return this.search(new Set(), new Set(), places);
    }
    return this.search(kinds, roleStems, places);
  }

  /** Who offers these kinds in these places ("online" wins over a city named with it). */
  private matching(kinds: Set<string>, roleStems: Set<string>, places: string[]) {
    const anyKind = kinds.size > 0 || roleStems.size > 0;
    // "a sports psychologist": a kind nobody here offers is not met by another word of someone's
    // role ("sports" of a sports nutritionist).
    const unoffered =
      kinds.size > 0 &&
      !this.directory.professionals.some((p) => [...kinds].some((kind) => p.kinds.has(kind)));
    // "masaje deportivo", a service of the business's own list: whoever offers it, though no
    // title says so.
    const offering = this.directory.professionals.filter((p) =>
      this.named.some((service) => service.professionals.includes(p.username)),
    );
    const ofKind = !anyKind
      ? this.directory.professionals
      : unoffered
        ? offering
        : professionalsOfKind(kinds, roleStems, this.directory);
    const online = places.includes('Online');
    const wanted = online ? ['Online'] : places.filter((place) => place !== 'Online');
    const here = wanted.length
      ? ofKind.filter((p) => p.places.some((place) => wanted.includes(place)))
      : ofKind;
    return { anyKind, ofKind, online, wanted, here };
  }

  /** Professionals of these kinds in these places, or an honest answer and the nearest options. */
  private search(kinds: Set<string>, roleStems: Set<string>, places: string[]): string {
    // "entrenador de natación", "extensiones de pelo": a kind nobody offers said with one someone
    // does is not met by the one offered; it is said first that we do not offer it.
    const offered = new Set(
      [...kinds].filter((kind) => this.directory.professionals.some((p) => p.kinds.has(kind))),
    );
    if (offered.size && offered.size < kinds.size && !this.named.length)
      return [this.say.serviceNotOffered, this.search(offered, roleStems, places)].join('\n');
    const { anyKind, ofKind, online, wanted, here: all } = this.matching(kinds, roleStems, places);
    const placeNames = list(
      wanted.map((place) => this.placeName(place)),
      this.language,
    );
    // "entrenador en madrid con cualquiera menos carlos": whoever else there is, or honestly nobody.
    const leftOut = this.message.excluded;
    const here = all.filter((p) => !leftOut.includes(p));
    if (!here.length && all.length)
      return this.say.onlyThem(
        list(
          all.map((p) => p.name),
          this.language,
        ),
        wanted.length ? placeNames : null,
      );

    if (here.length) {
      const intro = wanted.length
        ? online
          ? this.say.canBookOnline
          : this.say.canBookIn(placeNames)
        : this.say.canBook;
      return [
        intro,
        ...here.slice(0, 5).map((p) => this.card(p)),
        ...this.elsewhere(kinds, wanted, placeNames),
        this.say.wantTheirTimes,
      ].join('\n');
    }

    const lines: string[] = [];
    if (!anyKind || ofKind.length === 0) {
      // A kind nobody offers, or a place where nobody is.
      if (anyKind) {
        lines.push(this.say.serviceNotOffered);
        lines.push(this.offerSummary());
        // "¿tenéis a alguien en Bilbao para correr?": nobody there either; where we are.
        const served = this.directory.servedPlaces;
        if (wanted.length && !wanted.some((place) => served.includes(place))) {
          lines.push(this.say.nobodyIn(placeNames));
          lines.push(this.servedPlacesLine());
        }
      } else {
        lines.push(this.say.nobodyIn(placeNames));
        lines.push(this.servedPlacesLine());
      }
      return lines.join('\n');
    }
    // The kind exists, elsewhere.
    lines.push(this.say.nobodyForThatIn(placeNames));
    const others = wanted.length
      ? this.directory.professionals.filter((p) => p.places.some((place) => wanted.includes(place)))
      : [];
    // "¿y en Valencia?" after Carlos was offered for Madrid: he is named with where he is, without
    // his link again; only who is new gets a card.
    lines.push(this.say.forThatWeHave);
    lines.push(
      ...ofKind
        .slice(0, 4)
        .map((p) => (this.context.offered.includes(p) ? this.card(p).replace(/: \S+$/, '') : this.card(p))),
    );
    if (others.length) {
      lines.push(this.say.inPlaceThereIs(placeNames));
      lines.push(...others.slice(0, 3).map((p) => `• ${p.name} (${this.titleOf(p)})`));
    }
    return lines.join('\n');
  }

  /**
   * "fisio y también nutricionista, los dos en Valencia": of two kinds asked for, the one nobody
   * offers there, and who offers it elsewhere.
   */
  private elsewhere(kinds: Set<string>, wanted: string[], placeNames: string): string[] {
    if (kinds.size < 2 || !wanted.length) return [];
    // "perder peso y comer mejor, ¿a quién me recomendáis?": one person for both needs, the one
    // there; unless the second need is said as one more ("tb le vendría bien que alguien le mire la
    // alimentación"), which someone elsewhere or online meets.
    if (
      /\b(quien|quienes|alguien|who|someone|somebody|anyone|recomend\w*|recommend\w*)\b/.test(
        this.message.folded,
      ) &&
      !/\b(tambien|tb|tbn|ademas|also|as well)\b/.test(this.message.folded)
    )
      return [];
    const lines: string[] = [];
    for (const kind of kinds) {
      const ofKind = professionalsOfKind(new Set([kind]), new Set(), this.directory);
      if (!ofKind.length || ofKind.some((p) => p.places.some((place) => wanted.includes(place)))) continue;
      const name = KIND_NAMES[kind]?.[this.language];
      lines.push(
        name ? this.say.nobodyForKindIn(name, placeNames) : this.say.nobodyForTheRestIn(placeNames),
        ...ofKind.slice(0, 3).map((p) => this.card(p)),
      );
    }
    return lines;
  }

  // --- Times ----------------------------------------------------------------------------------

  /** `ownLine`: a taken time asked for may be waited for in this professional's line (not when anyone's is offered). */
  private async openTimes(
    professional: Professional,
    when: When | undefined,
    whichDays = this.message.whichDays,
    ownLine = true,
  ): Promise<string> {
    const today = zonedDate(this.knowledge.now, this.knowledge.timeZone);
    const worked = WEEKDAYS.flatMap((key, index) =>
      (professional.availability[key as keyof typeof professional.availability] ?? []).length ? [index] : [],
    );
    const first = professional.name.split(' ')[0] ?? professional.name;
    const link = this.say.bookHere(professional.bookingUrl);
    // "¿cuándo puedo hacerme las mechas con Lucía?": the times that service fits, if she does it.
    const asked = this.named[0];
    if (asked && !asked.professionals.includes(professional.username)) {
      const who = this.knowledge.employees
        .filter((e) => asked.professionals.includes(e.username))
        .map((e) => e.name);
      return who.length
        ? this.say.otherDoesService(professional.name, asked.name, who)
        : this.say.nobodyDoesService(asked.name);
    }
    const service = this.serviceFor(professional);
    if (!worked.length) return this.say.noPublishedHours(professional.name);
    const workedLine = this.say.worksOn(first, worked);
    if (!when && whichDays) {
      const days = await this.knowledge.openSlots(professional.username, {
        from: today,
        to: addDays(today, 13),
        ...service,
      });
      return [workedLine, this.dayLines(days.slice(0, 2), 4), link].filter(Boolean).join('\n');
    }

    // "¿puede a las 7 de la tarde algún día?": no day named, an hour asked: the days of the coming
    // week it is free then, or that it is not, before their times in that part of the day.
    const { partOfDay, after, before, at: hour } = clockOf(this.message.text);
    let notThen = '';
    if (!when && hour) {
      const week = await this.knowledge.openSlots(professional.username, {
        from: today,
        to: addDays(today, 6),
        ...service,
      });
      const twin = inHalfOfDay(this.message.text, hour, 'morning');
      const at = [hour, twin].find((time) => time && week.some((day) => day.times.includes(time)));
      if (at) {
        const free = week
          .filter((day) => day.times.includes(at))
          .map((day) => longDate(day.date, this.language));
        return this.say.freeAtOn(professional.name, at, list(free, this.language), link);
      }
      notThen = this.say.notFreeAtThisWeek(first);
    }
    // "¿atiende por las tardes?": no day named, so the coming week, in the part of the day asked.
    const range = when ?? {
      from: today,
      to: addDays(today, 6),
      ...(partOfDay ? { partOfDay } : {}),
      ...(after ? { after } : {}),
      ...(before ? { before } : {}),
    };
    const window = this.window(range);
    const days = (
      await this.knowledge.openSlots(professional.username, {
        from: range.from,
        to: range.to,
        ...window,
        ...service,
      })
    ).filter((day) => fitsDay(range, day.date));

    if (range.at) {
      const day = days.find((d) => d.date === range.from);
      const label = this.dayLabel(range.from, range);
      // "a las 7" with no part of the day: 19:00 first; when only 07:00 is open, their hours decide.
      const twin = inHalfOfDay(this.message.text, range.at, 'morning');
      const at = !day?.times.includes(range.at) && twin && day?.times.includes(twin) ? twin : range.at;
      // "¿a las 10 y a las 10 y media?": each time asked, free or not, when one of them is.
      const several = timesSaid(this.message.text).map((time) => {
        const other = inHalfOfDay(this.message.text, time, 'morning');
        return !day?.times.includes(time) && other && day?.times.includes(other) ? other : time;
      });
      if (several.some((time) => day?.times.includes(time))) {
        const free = several.filter((time) => day?.times.includes(time));
        const taken = several.filter((time) => !free.includes(time));
        return this.say.freeAtSome(professional.name, label, free, taken, link);
      }
      if (day?.times.includes(at)) return this.say.freeAt(professional.name, label, at, link);
      const full = await this.fullClasses(professional, { from: range.from, to: range.from }, service);
      if (full.some((f) => f.time === at)) {
        const others = (day?.times ?? []).filter((time) => time !== at);
        // A client writing from their own number can be put in line here; anyone else on the page.
        if (this.knowledge.customer && service.service)
          this.proposed = {
            kind: 'waitlist',
            username: professional.username,
            serviceId: service.service,
            date: range.from,
            time: at,
          };
        return [
          this.say.classFull(at, label),
          others.length ? this.say.placesLeftAt(others) : '',
          this.proposed ? this.say.offerWaitlist : this.classLink(professional, service),
        ]
          .filter(Boolean)
          .join('\n');
      }
      // That day's other times: the same half of the day first, else the rest of the day.
      const dayTimes = (
        await this.knowledge.openSlots(professional.username, {
          from: range.from,
          to: range.from,
          ...service,
        })
      ).flatMap((d) => d.times);
      const sameHalf = dayTimes.filter((time) => (range.at! < '14:00' ? time < '14:00' : time >= '14:00'));
      const others = sameHalf.length ? sameHalf : dayTimes;
      // Another customer's time: they may wait for it, asked last so that a "sí" answers that.
      const waiting = ownLine ? await this.waitForTaken(professional, range.from, at, service) : '';
      if (others.length) {
        const times = others.length <= 8 ? list(others, this.language) : timeRuns(others).join(', ');
        return [this.say.notFreeButAt(range.at!, label, first, times, link), waiting]
          .filter(Boolean)
          .join('\n');
      }
      return [
        this.noSlots(professional, range, worked, workedLine),
        await this.nextSlots(professional, range),
        link,
        waiting,
      ]
        .filter(Boolean)
        .join('\n');
    }

    if (!days.length && range.from === range.to && (range.partOfDay || range.after || range.before)) {
      // "¿y el sábado?" after asking for afternoons: when that part of the day has nothing, the
      // day's other times, before any other day.
      const whole = (
        await this.knowledge.openSlots(professional.username, {
          from: range.from,
          to: range.from,
          ...service,
        })
      ).flatMap((day) => day.times);
      if (whole.length) {
        const times = whole.length <= 8 ? list(whole, this.language) : timeRuns(whole).join(', ');
        return [
          this.noSlots(professional, range, worked, workedLine),
          this.say.freeAtOtherTimes(times),
          link,
        ].join('\n');
      }
    }
    if (!days.length) {
      const full = await this.fullClasses(professional, range, service);
      return [
        this.noSlots(professional, range, worked, workedLine),
        full.length ? this.fullLine(full) : '',
        await this.nextSlots(professional, range),
        full.length ? this.classLink(professional, service) : link,
      ]
        .filter(Boolean)
        .join('\n');
    }
    // "a primera hora" / "a última hora": the first day's first or last few times.
    const shown =
      range.partOfDay === 'early' || range.partOfDay === 'soonest'
        ? [{ date: days[0]!.date, times: days[0]!.times.slice(0, 3) }]
        : range.partOfDay === 'late'
          ? [{ date: days[0]!.date, times: days[0]!.times.slice(-3) }]
          : // "¿qué días tiene Marta la semana que viene?": a week asked about is shown whole; a
            // longer range, its first days.
            days.slice(0, daysBetween(range.from, range.to) < 7 ? 7 : 3);
    const forService = asked ? ` (${asked.name}, ${formatDuration(asked.durationMinutes)})` : '';
    return [notThen, this.say.openTimes(professional.name, forService), this.dayLines(shown, 8, range), link]
      .filter(Boolean)
      .join('\n');
  }

  /**
   * A time of one professional's day just told, pointed at: by its place in the list ("el segundo",
   * "3", "la opción 2"; a message that is only a pick says no day, whatever its number or
   * "segunda", Portuguese Monday, reads as), or by its hour at the start of the message ("la de las
   * 10", "la de las seis, cómo la pillo?", in whichever half of the day the reply has it).
   */
  private theOneAtListed(): { professional: Professional; when: When } | null {
    const m = this.message;
    const c = this.context;
    if (m.named.length > 1) return null;
    // The day: the one the conversation is on, else the one day the times were listed for (a reply
    // about something else may have come between them).
    // The last two replies, newest first.
    const replies = this.history
      .filter((turn) => turn.role === 'assistant')
      .slice(-2)
      .reverse();
    const listedDay = () => {
      const lines = replies.flatMap((turn) => dayTimeLines(turn.text));
      if (lines.length !== 1) return undefined;
      const label = lines[0]!.split(/:\s/)[0]!;
      return resolveWhen(label, this.knowledge.now, this.knowledge.timeZone);
    };
    const when = c.when && c.when.from === c.when.to ? c.when : listedDay();
    if (!when || when.from !== when.to) return null;
    const candidates = m.named.length ? m.named : c.offered.length ? c.offered : c.named;
    if (candidates.length !== 1) return null;
    const day = dayOf(when);
    const chosen = (at: string) => ({ professional: candidates[0]!, when: { ...day, at } });
    const dayListed = listedTimesOfOneDay(this.lastReply ?? '');
    const picked = ONLY_A_PICK.test(m.folded.replace(/[^a-z0-9ñ ]+/g, ' ').trim())
      ? pickedNumber(m.folded)
      : null;
    if (picked && dayListed) {
      // A bare number that is itself one of the listed hours ("5" of 17:00) is that hour, not a
      // place; "la segunda", "la opción 2" are places.
      const bare = /^(?:(?:la|el|las)\s+)?\d{1,2}$/.test(m.folded.replace(/[^a-z0-9ñ ]+/g, ' ').trim());
      const asHour = bare ? clockOf(`a las ${picked}`).at : undefined;
      const at = dayListed[picked - 1];
      if (at && !(asHour && dayListed.includes(asHour))) return chosen(at);
    }
    const pointedAt =
      THE_ONE_AT.exec(m.folded) ?? THE_HOUR_ONE.exec(m.folded) ?? A_LISTED_CLOCK.exec(m.folded);
    const hour = pointedAt ? clockOf(`a las ${pointedAt[1]!.replace(/ (\d{2})\b/, ':$1')}`).at : undefined;
    if (!pointedAt || !hour) return null;
    // The times the reply named: its one day's list, or the one time it said was free; else the
    // reply before, when the last one answered something else ("¿es online?" between them).
    const timesOf = (reply: string) =>
      listedTimesOfOneDay(reply) ?? [...reply.matchAll(/\b(\d{2}:\d{2})\b/g)].map((found) => found[1]!);
    // (Not past a reply about someone else: those times were another's.)
    const aboutAnother = (reply: string) =>
      this.directory.professionals.some((p) => p !== candidates[0] && reply.includes(p.name));
    const last = replies[0]?.text ?? '';
    const told =
      (timesOf(last).length || aboutAnother(last) ? replies.slice(0, 1) : replies)
        .map((turn) => timesOf(turn.text))
        .find((times) => times.length) ?? [];
    const at = [
      hour,
      inHalfOfDay(pointedAt[0], hour, 'morning'),
      inHalfOfDay(pointedAt[0], hour, 'afternoon'),
    ].find((reading) => reading && told.includes(reading));
    return at ? chosen(at) : null;
  }

  /**
   * A message that names only a time ("y a las 5?", "and after 6?") right after a question about
   * one professional's day: that professional, that day, at that time.
   */
  private timeFollowUp(otherWords = 0): { professional: Professional; when: When } | null {
    const m = this.message;
    const c = this.context;
    // "vale, pues la última que tenga ese día", "the first one": of the times just listed.
    const edge = EDGE_TIME.exec(m.folded);
    const listed = [...(this.lastReply ?? '').matchAll(/\b(\d{2}:\d{2})\b/g)]
      .map((match) => match[1]!)
      .sort();
    if (edge && c.when && listed.length && m.named.length <= 1 && (!m.when || m.when.from === c.when.from)) {
      const candidates = m.named.length ? m.named : c.offered.length ? c.offered : c.named;
      if (candidates.length !== 1) return null;
      const day = dayOf(c.when);
      const last = /ultim|tard|last|latest/.test(edge[0]);
      const base = last ? listed.at(-1)! : listed[0]!;
      // "¿y una hora más tarde que la primera?": that far from it.
      const at = shiftedTime(m.folded, base) ?? base;
      return { professional: candidates[0]!, when: { ...day, at } };
    }
    // "el sábado a las 4?" … "¿y la semana siguiente el mismo día y hora?": a week on, at that time.
    if (SAME_TIME_A_WEEK_ON.test(m.folded) && c.when && c.when.from === c.when.to && m.named.length <= 1) {
      const candidates = m.named.length ? m.named : c.offered.length ? c.offered : c.named;
      const date = addDays(c.when.from, 7);
      if (candidates.length === 1)
        return { professional: candidates[0]!, when: { ...c.when, from: date, to: date } };
    }
    // "el primer hueco" … "uy tan pronto no llego, ¿el siguiente?", "¿y el segundo?": of one day's
    // times just listed, that one.
    const nth = this.nthListed();
    if (nth) return nth;
    // "sergio el sábado" … "¿y el siguiente?": the same weekday a week on, with the same one;
    // "carlos el lunes a las 9?" … "el q viene": the coming one of that weekday, at the time asked.
    const alone = m.folded.replace(/[^a-z0-9ñ ]+/g, ' ').trim();
    const weekOn = NEXT_ALONE.test(alone);
    if (
      (weekOn || THE_COMING_ONE.test(alone)) &&
      c.when &&
      c.when.from === c.when.to &&
      !m.when &&
      !m.named.length
    ) {
      const candidates = c.offered.length ? c.offered : c.named;
      const { now, timeZone } = this.knowledge;
      const { at: _at, after: _after, before: _before, ...day } = c.when;
      const date = weekOn
        ? addDays(c.when.from, 7)
        : resolveWhen(`el ${ourWeekdayNames(weekdayIndex(c.when.from))[0]} que viene`, now, timeZone)?.from;
      if (candidates.length === 1 && date)
        return { professional: candidates[0]!, when: { ...(weekOn ? day : c.when), from: date, to: date } };
    }
    const pointed = this.theOneAtListed();
    if (pointed) return pointed;
    if (m.when || !c.when || m.named.length > 1 || wordsBesidesTime(m.text) > 5 + otherWords) return null;
    // "pues la siguiente libre", "vale pues la de después" after "a las 16:00 no está libre": the
    // first free time after it.
    const nextFree =
      ((FOLLOWING.test(m.folded) && NEXT_FREE.test(m.folded)) || THE_ONE_AFTER.test(m.folded)) && c.when.at;
    // "y si no llego a las 7, a las 8 y media?": of several times, the last one is the one asked.
    const timed = m.text.split(/[,;]|\b(?:o|or)\b/).filter((part) => clockOf(part).at);
    const spoken = timed.length > 1 ? timed.at(-1)! : m.text;
    // "¿y una hora antes?", "half an hour later?" after a time asked (or a part of a day's times,
    // from the first of them): that time, moved so.
    // ("¿es online?" … "¿y una hora más tarde?": the day's times listed before that answer.)
    const base =
      c.when.at ??
      this.history
        .filter((turn) => turn.role === 'assistant')
        .slice(-2)
        .reverse()
        .map((turn) => listedTimesOfOneDay(turn.text)?.[0])
        .find(Boolean);
    const shifted = base ? shiftedTime(m.folded, base) : undefined;
    let clock = nextFree ? { after: c.when.at } : shifted ? { at: shifted } : clockOf(spoken);
    // A bare hour after a morning one is in the morning too ("a las 7 de la mañana" … "¿y a las 8?"),
    // and so is one whose morning reading the day's times just listed ("antes de entrar a currar a
    // las 9" → 07:00–08:00 → "las 7 y media me va bien"; not "¿y a las 5?" after 09:00–13:30).
    const reading = clock.at ? inHalfOfDay(spoken, clock.at, 'morning') : null;
    const wasMorning = c.when.at
      ? c.when.at < '13:00'
      : Boolean(reading && listedTimesOfOneDay(this.lastReply ?? '')?.includes(reading));
    const morning = wasMorning ? reading : null;
    if (morning) clock = { ...clock, at: morning };
    // "tomorrow evening?" … "what about 8?": an hour in the part of the day asked is in it (20:00).
    else if (clock.at) clock = { ...clock, at: afternoonReading(m.text, clock.at, c.when.partOfDay) };
    // "ace, 11 then", "vale pues 5": a bare hour, after one day's times, is the listed time it names
    // (only beside words that say nothing else: "somos 2" is no time).
    if (!clock.at && !clock.after && !clock.before && !clock.partOfDay) {
      const listed = listedTimesOfOneDay(this.lastReply ?? '');
      const said = words(m.text);
      const numbers = said.filter((word) => /^\d{1,2}$/.test(word));
      const bare =
        numbers.length === 1 && said.every((word) => word === numbers[0] || BARE_HOUR_FILLER.test(word));
      const hour = bare ? Number(numbers[0]) : NaN;
      const at = [hour, hour + 12]
        .filter((h) => h >= 0 && h < 24)
        .map((h) => `${String(h).padStart(2, '0')}:00`)
        .find((time) => listed?.includes(time));
      if (!at) return null;
      clock = { at };
    }
    const candidates = m.named.length ? m.named : c.offered.length ? c.offered : c.named;
    if (candidates.length !== 1) return null;
    const day = dayOf(c.when);
    return { professional: candidates[0]!, when: { ...day, ...clock } };
  }

  /** The time of the latest "¡Sí! … tiene hueco el … a las 18:00." among the last replies. */
  private lastTimeSaidFree(): string | undefined {
    const replies = this.history
      .filter((turn) => turn.role === 'assistant')
      .slice(-3)
      .reverse();
    for (const reply of replies) {
      const at = /(?:tiene hueco el .+? a las|is free on .+? at) (\d{2}:\d{2})\./.exec(reply.text)?.[1];
      if (at) return at;
    }
    return undefined;
  }

  /**
   * "¿y el segundo?", "the third one?" after one day's times; "¿el siguiente?" when the first was
   * what they asked for ("el primer hueco", "lo antes posible"): that time of the day listed.
   */
  private nthListed(): { professional: Professional; when: When } | null {
    const m = this.message;
    const listed = listedTimesOfOneDay(this.lastReply ?? '');
    if (!listed || m.when || m.named.length > 1 || m.text.split(/\s+/).length > 9) return null;
    const asked = fold(this.history.filter((turn) => turn.role === 'customer').at(-2)?.text ?? '');
    const place = NTH_LISTED.find(([pattern]) => pattern.test(m.folded))?.[1];
    const index = place ?? (NEXT_TIME.test(m.folded) && FIRST_ASKED.test(asked) ? 1 : undefined);
    const at = index === undefined ? undefined : listed[index];
    const label = dayTimeLines(this.lastReply ?? '')[0]
      ?.replace(/^\s*•\s*/, '')
      .split(':')[0]
      ?.replace(/^(?:hoy|mañana|today|tomorrow),\s*/i, '');
    const day = at && label ? resolveWhen(label, this.knowledge.now, this.knowledge.timeZone) : undefined;
    const c = this.context;
    const candidates = m.named.length ? m.named : c.offered.length ? c.offered : c.named;
    if (!day || !at || candidates.length !== 1) return null;
    return { professional: candidates[0]!, when: { from: day.from, to: day.from, at } };
  }

  /**
   * "¿a las 12 el martes?" … "no, mejor el jueves a la misma hora" / "uy no, el viernes, perdona":
   * a new day said as a correction keeps the time (or part of the day) asked for just before.
   */
  private correctedWhen(): When | undefined {
    const m = this.message;
    // "…el primer sábado de diciembre" … "¿cuánto son?" … "¿y si no el sábado siguiente?": the one
    // after the day asked, even with another question between.
    const before = this.context.when ?? (FOLLOWING.test(m.folded) ? this.context.lastDay : undefined);
    // "carlos y javier mañana?" … "solo carlos y por la tarde": that day still, in that part of it.
    if (!m.when && before && before.from === before.to && m.text.split(/\s+/).length <= 12) {
      const { partOfDay, after, before: until } = clockOf(m.text);
      if ((partOfDay && partOfDay !== 'soonest') || after || until)
        return {
          from: before.from,
          to: before.to,
          ...(partOfDay ? { partOfDay } : {}),
          ...(after ? { after } : {}),
          ...(until ? { before: until } : {}),
        };
    }
    if (!m.when || !before) {
      // "la de las 6" … "¿cuánto dura?" … "¿y mañana a la misma hora?": the time last said free.
      const time = m.when && pointsBack(m.text).time ? this.lastTimeSaidFree() : undefined;
      return time ? resolveReference(m.when, m.text, { time }) : m.when;
    }
    // "¿y el siguiente sábado?" after Saturday 28's times: the Saturday after that one.
    if (
      FOLLOWING.test(m.folded) &&
      m.when.from === m.when.to &&
      m.when.from <= before.from &&
      weekdayIndex(m.when.from) === weekdayIndex(before.from)
    ) {
      let date = m.when.from;
      while (date <= before.from) date = addDays(date, 7);
      return { ...m.when, from: date, to: date };
    }
    // ("la de las 6" … "¿cuánto dura?" … "¿y mañana a la misma hora?": the time last said free.)
    const time = before.at ?? this.lastTimeSaidFree();
    const pointed = resolveReference(m.when, m.text, { date: before.from, time });
    if (pointed !== m.when) return pointed;
    const { at, after, before: until, partOfDay } = before;
    const dayOnly = !m.when.at && !m.when.after && !m.when.before && !m.when.partOfDay;
    if (!dayOnly || m.when.from !== m.when.to || !(at || after || until || partOfDay)) return m.when;
    if (m.text.split(/\s+/).length > 8) return m.when;
    return {
      ...m.when,
      ...(at ? { at } : {}),
      ...(after ? { after } : {}),
      ...(until ? { before: until } : {}),
      ...(partOfDay ? { partOfDay } : {}),
    };
  }

  /** The cancellation and change policy the bookings follow. */
  private policy() {
    const hours = this.knowledge.freeCancellationHours;
    if (hours <= 0) return this.say.cancelUntilStart;
    return this.say.cancelUntilHours(hours);
  }

  /** Whether a professional works in the places asked about, and where they do. */
  /** "Atiende en Madrid y Alcobendas." */
  /** "Atiende en Madrid (Calle de Fuencarral 45)": their places, each with its address when the business gives one. */
  private whereTheyWork(professional: Professional) {
    return this.say.cardWorksIn(
      list(
        professional.places.map((place) => {
          const address = place === 'Online' ? null : addressOf(this.info, place);
          return address ? `${this.placeName(place)} (${address})` : this.placeName(place);
        }),
        this.language,
      ),
    );
  }

  private worksWhere(professional: Professional, places: string[]) {
    return [this.whetherThere(professional, places), this.say.bookHere(professional.bookingUrl)].join('\n');
  }

  /** "Sí, Marta atiende en Sevilla y Málaga." / "No, … no atiende en Madrid: atiende en …". */
  private whetherThere(professional: Professional, places: string[]) {
    const first = professional.name.split(' ')[0] ?? professional.name;
    const where = list(
      professional.places.map((place) => this.placeName(place)),
      this.language,
    );
    const asked = list(
      places.map((place) => (place === 'Online' ? 'online' : this.say.inPlace(this.placeName(place)))),
      this.language,
    );
    const yes = places.some((place) => professional.places.includes(place));
    return yes ? this.say.worksIn(first, where) : this.say.doesNotWorkThere(first, asked, where);
  }

  /** The local times asked for: a part of the day, "after 6", "before 10". */
  private window(range: When): { after?: string; before?: string } {
    const [partAfter, partBefore] = range.partOfDay ? PART_OF_DAY[range.partOfDay] : [];
    const after = range.after ?? partAfter;
    const before = range.before ?? (partBefore !== '24:00' ? partBefore : undefined);
    return { ...(after ? { after } : {}), ...(before ? { before } : {}) };
  }

  private dayLabel(date: string, range?: When) {
    const long = longDate(date, this.language);
    return range?.today ? this.say.today(long) : long;
  }

  /** Who else (of the same kind, when they have one) has open times in a range, each with their times. */
  private async othersFree(theOne: Professional, when: When): Promise<string> {
    const others = this.directory.professionals.filter((p) => p !== theOne);
    const sameKind = others.filter((p) => [...theOne.kinds].some((kind) => p.kinds.has(kind)));
    const free: string[] = [];
    // Someone of another trade is no one else for this: a physio is not another trainer.
    for (const other of (theOne.kinds.size ? sameKind : others).slice(0, SHOWN_PEOPLE)) {
      const days = (
        await this.knowledge.openSlots(other.username, { from: when.from, to: when.to, ...this.window(when) })
      ).filter((day) => fitsDay(when, day.date) && day.times.length);
      if (days.length)
        free.push(
          [
            this.say.openTimes(other.name, ''),
            this.dayLines(days.slice(0, 3), 8, when),
            this.say.bookHere(other.bookingUrl),
          ].join('\n'),
        );
    }
    return free.length ? free.slice(0, 3).join('\n\n') : this.say.nobodyElseFree;
  }

  /**
   * Each of a few professionals' times in a range, one after another (a place's or a kind's people):
   * of a service asked for, those who do it. A time asked for that all of them have booked is
   * waited for in one line, 'anyone available''s, as the business's booking page offers it.
   */
  private async severalFree(people: Professional[], when: When): Promise<string> {
    const asked = this.named[0];
    const doers = asked ? people.filter((p) => asked.professionals.includes(p.username)) : [];
    const shown = doers.length ? doers : people;
    const anyone = asked && when.at ? await this.waitForAnyone(asked.id, when.from, when.at) : '';
    const answers: string[] = [];
    for (const professional of shown)
      answers.push(await this.openTimes(professional, when, this.message.whichDays, !anyone));
    return [...answers, anyone].filter(Boolean).join('\n\n');
  }

  /**
   * When a time is taken with everyone who offers the service (and open with none): a client
   * writing from their own number is asked whether to wait for it with whoever frees up first
   * (their yes joins that line), anyone else is sent to the business's booking page for it. Empty
   * otherwise, and for a time that is the client's own appointment.
   */
  private async waitForAnyone(serviceId: string, date: string, at: string): Promise<string> {
    if (!this.knowledge.takenTimes) return '';
    const mine = this.knowledge.customer?.appointments.some((a) => a.date === date && a.startTime === at);
    if (mine) return '';
    const taken = await this.knowledge.takenTimes(null, { from: date, to: date, service: serviceId });
    if (!taken.some((t) => t.date === date && t.time === at)) return '';
    if (!this.knowledge.customer) {
      const page = this.knowledge.anyoneBookingUrl;
      return page ? this.say.waitOnPage(at, `${page}?service=${encodeURIComponent(serviceId)}`) : '';
    }
    this.proposed = { kind: 'waitlist', username: null, serviceId, date, time: at };
    return this.say.offerWaitlistWithAnyone(at);
  }

  /**
   * A message that names only a time ("¿a las 6?", "¿y más tarde?") right after several
   * professionals' times of one day: each of them, that day, at that time.
   */
  private severalFollowUp(): { people: Professional[]; when: When } | null {
    const m = this.message;
    const c = this.context;
    if (m.when || !c.when || c.when.from !== c.when.to || m.named.length) return null;
    if (c.offered.length < 2 || c.offered.length > SEVERAL_TIMES) return null;
    // The reply listed their times (not only who they are).
    if (!/\b\d{2}:\d{2}\b/.test(this.lastReply ?? '')) return null;
    if (wordsBesidesTime(m.text) > 5) return null;
    const clock = clockOf(m.text);
    if (!clock.at && !clock.after && !clock.before && !clock.partOfDay) return null;
    const day = dayOf(c.when);
    // "¿a las 6?" after an afternoon's times is 18:00, as the day's part said.
    const at = clock.at ? afternoonReading(m.text, clock.at, c.when.partOfDay) : undefined;
    return { people: c.offered, when: { ...day, ...clock, ...(at ? { at } : {}) } };
  }

  /**
   * Each day's open times, complete: listed one by one when few, else as runs of consecutive
   * half hours ("07:00–10:30, 17:00–20:30"), never cut short.
   */
  private dayLines(days: OpenDay[], perDay: number, range?: When) {
    return days
      .map(
        (day) =>
          `• ${this.dayLabel(day.date, range)}: ${day.times.length <= perDay ? day.times.join(', ') : timeRuns(day.times).join(', ')}${this.seatsNote(day)}`,
      )
      .join('\n');
  }

  /** A class's times in the range with no seat left (none when the service asked for is no class). */
  private async fullClasses(
    professional: Professional,
    range: { from: string; to: string },
    service: { service?: string },
  ) {
    if (!service.service || !this.knowledge.fullClassTimes) return [];
    return this.knowledge.fullClassTimes(professional.username, {
      from: range.from,
      to: range.to,
      ...service,
    });
  }

  /**
   * When the time asked for is another customer's booking of a one-to-one service the professional
   * could otherwise take: a client writing from their own number is asked whether to join its line
   * (their yes joins it), anyone else is told the booking page has it. Never their own appointment,
   * and never that they were added. Empty when the time is not such a time.
   */
  private async waitForTaken(
    professional: Professional,
    date: string,
    at: string,
    service: { service?: string },
  ): Promise<string> {
    const serviceId =
      service.service ??
      this.knowledge.services.find((s) => s.professionals.includes(professional.username))?.id;
    if (!serviceId || !this.knowledge.takenTimes) return '';
    const mine = this.knowledge.customer?.appointments.some(
      (a) => a.employeeUsername === professional.username && a.date === date && a.startTime === at,
    );
    if (mine) return '';
    const taken = await this.knowledge.takenTimes(professional.username, {
      from: date,
      to: date,
      service: serviceId,
    });
    if (!taken.some((t) => t.date === date && t.time === at)) return '';
    if (!this.knowledge.customer)
      return this.say.waitOnPage(at, `${professional.bookingUrl}?service=${encodeURIComponent(serviceId)}`);
    this.proposed = { kind: 'waitlist', username: professional.username, serviceId, date, time: at };
    return this.say.offerWaitlistAt(at);
  }

  /** "Están completas: …; puedes apuntarte a su lista de espera": never that they were added. */
  private fullLine(full: Array<{ date: string; time: string }>) {
    const times = list(
      full.slice(0, 4).map((f) => this.say.dateAt(f.date, f.time)),
      this.language,
    );
    return this.say.classesFull(full.length, times);
  }

  /** The booking page opened on the class asked about, where its waitlist is. */
  private classLink(professional: Professional, service: { service?: string }) {
    const url = `${professional.bookingUrl}?service=${encodeURIComponent(service.service ?? '')}`;
    return this.say.bookOrJoin(url);
  }

  /** A class's times that already have people: how many seats are left at each ("a las 10:00 quedan 2 plazas"). */
  private seatsNote(day: OpenDay) {
    const seats = day.seatsLeft;
    if (!seats) return '';
    const all = Math.max(...day.times.map((time) => seats[time] ?? 0));
    const filling = day.times.filter((time) => seats[time] !== undefined && seats[time]! < all);
    if (!filling.length) return '';
    const each = filling.map((time) =>
      seats[time] === 1 ? this.say.seatsLeft(time, 1) : this.say.seatsLeft(time, seats[time]!),
    );
    return ` (${list(each, this.language)})`;
  }

  private noSlots(professional: Professional, range: When, worked: number[], workedLine: string) {
    const first = professional.name.split(' ')[0] ?? professional.name;
    const weekday = new Date(`${range.from}T12:00:00Z`).getUTCDay();
    if (range.from === range.to && !worked.includes(weekday)) {
      // The day asked for, by its date too: "el lunes 30" is answered about that Monday.
      const asked = longDate(range.from, this.language);
      return this.say.doesNotWorkOn(first, weekday, asked, workedLine);
    }
    const when =
      range.from === range.to ? this.dayLabel(range.from, range) : this.say.dateRange(range.from, range.to);
    return this.say.noOpenTimes(first, range.from === range.to, when, this.partLabel(range));
  }

  private partLabel(range: When) {
    if (range.after) return this.say.after(range.after);
    if (range.before) return this.say.before(range.before);
    const part = range.partOfDay;
    if (!part || part === 'early' || part === 'late' || part === 'soonest') return '';
    return this.say.partOfDay[part];
  }

  /**
   * The next days with open times after the range, in the same part of the day when one was asked.
   * For one day, its eve comes first when it is still ahead: "this weekend? Sunday would be ideal"
   * of someone who does not work Sundays is best answered with Saturday, not the Monday after.
   */
  private async nextSlots(professional: Professional, range: When) {
    const today = zonedDate(this.knowledge.now, this.knowledge.timeZone);
    const eve = addDays(range.from, -1);
    const from = range.from === range.to && eve >= today ? eve : addDays(range.to, 1);
    const window = this.window(range);
    let days = (
      await this.knowledge.openSlots(professional.username, {
        ...this.serviceFor(professional),
        from,
        to: addDays(from, 13),
        ...window,
      })
    ).filter((day) => fitsDay(range, day.date));
    if (!days.length)
      days = await this.knowledge.openSlots(professional.username, {
        from,
        to: addDays(from, 13),
        ...this.serviceFor(professional),
      });
    days = days.filter((day) => day.date < range.from || day.date > range.to);
    if (!days.length) return '';
    return `${this.say.nextOpenTimes}\n${this.dayLines(days.slice(0, 2), 6)}`;
  }

  // --- Prices ---------------------------------------------------------------------------------

  /** After the price of one appointment, a number of them ("¿y si hago 4 al mes?"): what they come to. */
  private sessionsAtThePrice(): string | null {
    const fee = this.knowledge.appointmentFee;
    const each = money(fee.amount, fee.currency, this.language);
    if (!this.lastReply?.includes(each)) return null;
    const said = SESSIONS_COUNT.exec(this.message.folded);
    if (!said) return null;
    const count = Number(said[1]) || NUMBER_WORDS[said[1]!] || 0;
    if (count < 2 || count > 30) return null;
    const total = money(fee.amount * count, fee.currency, this.language);
    return this.say.sessionsTotal(count, total, each);
  }

  private prices(professional: Professional | undefined): string {
    const m = this.message;
    // "how much is premium?" … "and a single session?": the session is asked now, not premium.
    const premium =
      m.premium ||
      (this.context.premium &&
        !m.bookingLink &&
        m.text.split(/\s+/).length <= 4 &&
        !SESSION_NOUN.test(m.folded));
    const lines: string[] = [];
    // The catalogue's services named, with their length and price: the prices bookings charge.
    if (this.named.length && !premium)
      return [
        ...this.named.map((item) =>
          this.say.serviceLine(item.name, item.durationMinutes, this.priceOf(item)),
        ),
        this.say.paidOnline,
      ].join('\n');
    const combined = this.combinedWithBefore();
    const services = combined.length ? combined : findPrices(this.info, m.text, SERVICE_SYNONYMS, true);
    // "¿es más caro el corte de señora que el de caballero?": the one compared with, its noun left
    // out ("el de caballero" is the "corte de caballero").
    const compared = COMPARED_WITH.exec(m.folded);
    const head = services[0]?.name.split(' ')[0];
    if (compared && head && services.length === 1)
      for (const item of findPrices(this.info, `${head} de ${compared[1]}`, SERVICE_SYNONYMS, true))
        if (!services.includes(item)) services.push(item);
    // "manicura mañana…" … "tb me quiero hacer los pies, ¿cuánto sería todo?": the one before too.
    const earlier = this.messageNamingServices();
    if (!combined.length && services.length && earlier && ALSO.test(m.folded) && ALTOGETHER.test(m.folded))
      for (const item of findPrices(this.info, earlier.text, SERVICE_SYNONYMS).reverse())
        if (!services.includes(item)) services.unshift(item);
    // "precios de uñas?": no service named, a kind is: the price list's services of that kind.
    if (!services.length && m.kinds.size && !premium)
      services.push(
        ...this.info.prices.filter((item) =>
          [...kindsOfText(fold(item.name))].some((kind) => m.kinds.has(kind)),
        ),
      );
    // "quiero hacerme mechas…" → "¿y cuánto cuestan?": the service of the message before.
    if (!services.length && !m.named.length && !m.kinds.size && !premium)
      services.push(...this.servicesBefore());
    // "¿qué es lo más barato que tenéis?": the price list's lowest price, and what has it.
    const cheapest = !services.length && !premium && CHEAPEST.test(m.folded) && this.info.prices.length > 0;
    if (cheapest) {
      const euros = (item: { amount: string }) => Number(item.amount.replace(',', '.'));
      const lowest = Math.min(...this.info.prices.map(euros));
      services.push(...this.info.prices.filter((item) => euros(item) === lowest));
      lines.push(this.say.cheapest);
    }
    const service = services[0];
    if (!premium) {
      for (const item of services) {
        const amount = writtenPrice(item.amount, this.language);
        // "¿hasta qué edad es el corte infantil?": the age it is for, with its price.
        const ageAsked = /\b(edad|anos|age|old|aged)\b/.test(m.folded);
        lines.push(
          item.maxAge && ageAsked
            ? this.say.forAge(capitalise(item.name), amount, item.maxAge)
            : this.say.guidePrice(capitalise(item.name), amount, Boolean(item.from)),
        );
      }
    }
    // "pedicura + cejas, ¿cuánto sería todo?": the sum, when every price is a fixed one.
    if (
      !premium &&
      services.length > 1 &&
      // A combination ("corte + barba") already is the sum of its parts: adding it would count them twice.
      services.every((item) => !item.from && !item.name.includes('+')) &&
      ALTOGETHER.test(m.folded)
    ) {
      const cents = services.reduce(
        (sum, item) => sum + Math.round(Number(item.amount.replace(',', '.')) * 100),
        0,
      );
      const total = writtenPrice(
        String(cents % 100 ? (cents / 100).toFixed(2).replace('.', ',') : cents / 100),
        this.language,
      );
      lines.push(this.say.altogether(total));
    }
    // "presupuesto para un peinado de novia": a quote for something the price list does not have.
    if (!service && !premium && /\b(presupuesto|quote|estimate)\b/.test(m.folded))
      return this.say.notOnPriceList;
    // "precio", "¿cuánto cuesta?" with nothing named: the price list, when the business writes one.
    if (
      !service &&
      !premium &&
      this.info.prices.length > 0 &&
      !m.kinds.size &&
      !m.roleStems.size &&
      !m.named.length &&
      m.text.split(/\s+/).length <= 5
    )
      lines.push(
        this.say.priceList(
          this.info.prices.map((item) =>
            this.say.guideItem(item.name, writtenPrice(item.amount, this.language), item.from),
          ),
        ),
      );
    // "¿cuánto cuesta y cuánto dura un corte?": the price list has no lengths; the booking has one.
    if (service && m.duration) lines.push(this.say.lengthNotWritten(this.meetingMinutes()));
    const asksFee = !service || /reserv|cita|book|consult/.test(m.folded);
    if (asksFee && !(premium && !/cita|consulta|sesion|appointment|session/.test(m.folded)))
      lines.push(this.feeLine());
    if (premium) {
      lines.push(this.premiumLine(professional));
      const about = findAnswer(this.info, 'premium suscripcion subscription contenido');
      if (about) lines.push(this.quote(about.text));
    }
    // "¿hay bono o descuento si voy muchas veces?", "descuento de jubilada": a deal the business's
    // information does not speak of is not known (the packs it may sell are not in it either).
    const dealUnknown =
      hasAny(m.folded, DEAL_WORDS) &&
      !this.info.sentences.some((sentence) => hasAny(fold(sentence.text), DEAL_WORDS));
    if (dealUnknown) {
      lines.push(this.packsOnSale() ?? this.say.noDealInformation);
      return lines.join('\n');
    }
    // "¿se paga aparte?", "do I pay the rest at the salon?": what the business says about it.
    const detail = m.text.split(/\s+/).length > 4 ? findAnswer(this.info, m.text) : null;
    if (detail && !service && /\d/.test(detail.text) && !lines.some((line) => line.includes(detail.text)))
      lines.push(this.quote(detail.text));
    return lines.join('\n');
  }

  /**
   * "arreglo de barba, ¿precio?" … "¿y si me corto también el pelo?", "corte caballero precio" …
   * "¿y con barba?": the price list's
   * combination of the service asked before and the one added now ("Corte + barba").
   */
  private combinedWithBefore() {
    // "¿y con barba?", "and with a beard trim?", "¿y más tinte?": adding, as "también" does.
    if (
      !ALSO.test(this.message.folded) &&
      // (Also "und mit Bart?", "et avec la barbe?", "e com barba?", "e con la barba?".)
      !/^(?:y|and|vale y|ok y|und|et|e|i)\s+(?:con|with|mas|plus|mit|avec|com|amb)\b/.test(
        this.message.folded,
      )
    )
      return [];
    // "beard trim on Friday?" … "how much?" … "and a haircut too?" adds to the beard trim.
    const before = this.messageNamingServices();
    if (!before) return [];
    return findPrices(this.info, `${before.text} + ${this.message.text}`, SERVICE_SYNONYMS).filter((item) =>
      item.name.includes('+'),
    );
  }

  /**
   * Prices are the topic: the last reply gave a guide price or the price list, or one of the
   * customer's two messages before asked a price ("tinte cuánto" … "¿es sin amoníaco?" … "¿y mechas?").
   */
  private recentlyPriced() {
    if (/precios? orientativos?|guide prices?/i.test(this.lastReply ?? '')) return true;
    return FOLLOW_UP_START.test(this.message.folded) && this.context.pricedLately;
  }

  /** The price list's services the customer's previous message named ("corte y color": each cut, and the dye). */
  private servicesBefore() {
    const customer = this.history.filter((turn) => turn.role === 'customer');
    const before = customer.at(-2);
    return before ? findPrices(this.info, before.text, SERVICE_SYNONYMS, true) : [];
  }

  /** The latest of the customer's three messages before this one that named a service of the price list. */
  private messageNamingServices() {
    return this.history
      .filter((turn) => turn.role === 'customer')
      .slice(0, -1)
      .slice(-3)
      .findLast((turn) => findPrices(this.info, turn.text, SERVICE_SYNONYMS).length > 0);
  }

  /**
   * "¿y con el fisio igual?", "and the same with Carlos?" right after a price: the price asked
   * again, of whom the message names now.
   */
  private samePriceAgain() {
    const m = this.message;
    const pricedBefore = /€|\b(cuesta|costs?|precio|price)\b/.test(fold(this.lastReply ?? ''));
    return (
      pricedBefore &&
      // "¿y la de Lucía?", "and Javier?" right after a price: the same question, of them.
      (/\b(igual|lo mismo|tambien|same|too|also)\b/.test(m.folded) ||
        (/^\W*(?:y|and|vale y|ok y)\b/.test(m.folded) &&
          m.text.split(/\s+/).length <= 5 &&
          // "and where is the physio?" asks something else of them.
          !/\b(?:donde|cuando|quien|que|cual|como|where|when|who|what|which|how)\b/.test(m.folded) &&
          // (or the one before it: "¿cuánto?" … "¿y con el fisio igual?" … "¿y la nutricionista?")
          (this.context.priced || this.context.pricedLately))) &&
      // "¿y online igual?": a place too, said with "the same" ("¿y lo tenéis en Bilbao?" asks who is there).
      (m.named.length > 0 ||
        m.kinds.size > 0 ||
        m.roleStems.size > 0 ||
        (m.places.length > 0 && /\b(igual|lo mismo|same)\b/.test(m.folded))) &&
      !m.when &&
      // "¿y pedicura también solo allí?": where, not its price.
      !THERE.test(m.folded) &&
      m.text.split(/\s+/).length <= 8
    );
  }

  /**
   * "cortáis el pelo a niños?" … "tiene 10 años, ¿cuánto sería?", "corte infantil" … "¿y si tiene
   * 14?": a price list item with an age limit, talked about now or just before, and an age: its
   * price when the age fits, else the same service's other prices (the adults').
   */
  private priceForAge() {
    const m = this.message;
    const age = AGE.exec(m.folded);
    const limited = this.info.prices.filter((item) => item.maxAge !== undefined);
    // "corte infantil: 13 €" → "¿y hasta qué edad es?": the age it is for, asked with no age.
    const limitAsked = !age && AGE_LIMIT_ASKED.test(m.folded) && m.text.split(/\s+/).length <= 8;
    if ((!age && !limitAsked) || !limited.length) return null;
    // A price asked, or an age said alone; "corte para mi hijo de 8 años en Madrid" or "…el miércoles
    // con Sergio" asks who or when, the age only saying which service.
    if (
      // ("y si llevo a mi hijo de 8 años?": an age said with whom they bring, a price still.)
      !(m.price || limitAsked || words(m.folded.replace(AGE, ' ')).length <= 7) ||
      m.when ||
      m.named.length ||
      m.places.length
    )
      return null;
    const before = this.history.filter((turn) => turn.role === 'customer').at(-2)?.text ?? '';
    const talkedAbout = (item: (typeof limited)[number]) =>
      [m.text, before].some((text) => findPrices(this.info, text, SERVICE_SYNONYMS).includes(item)) ||
      fold(this.lastReply ?? '').includes(fold(item.name));
    const item = limited.find(talkedAbout);
    if (!item) return null;
    const amount = (of: typeof item) => writtenPrice(of.amount, this.language);
    if (!age) return this.say.forAge(capitalise(item.name), amount(item), item.maxAge!);
    const years = Number(age[1] ?? age[2]);
    if (years <= item.maxAge!) return this.say.forAge(capitalise(item.name), amount(item), item.maxAge!);
    const others = this.info.prices.filter(
      (other) => other.maxAge === undefined && !other.name.includes('+') && other.stems[0] === item.stems[0],
    );
    if (!others.length) return null;
    return this.say.overAge(
      item.name,
      item.maxAge!,
      years,
      others.map((other) => this.say.guideItem(other.name, amount(other), other.from)),
    );
  }

  private meetingMinutes() {
    return this.knowledge.services[0]?.durationMinutes ?? MEETING_MINUTES;
  }

  private feeLine() {
    const fee = money(
      this.knowledge.appointmentFee.amount,
      this.knowledge.appointmentFee.currency,
      this.language,
    );
    const minutes = this.meetingMinutes();
    return this.say.appointmentCosts(minutes, fee);
  }

  /** A service's price as customers read it ("gratis" for 0). */
  /** "Tinte: desde 35 € (precio orientativo del servicio)." */
  private guideLine(item: { name: string; amount: string; from?: boolean }) {
    return this.say.guidePrice(
      capitalise(item.name),
      writtenPrice(item.amount, this.language),
      Boolean(item.from),
    );
  }

  private priceOf(service: AssistantService) {
    if (service.price.amount === 0) return this.say.free;
    return money(service.price.amount, service.price.currency, this.language);
  }

  /**
   * The open-slot query's service when the message names one of the catalogue's: its length is
   * what must fit. Undefined when none is named or the professional does not offer it.
   */
  private serviceFor(professional: Professional): { service: string } | Record<string, never> {
    const offered = this.named.find((item) => item.professionals.includes(professional.username));
    return offered ? { service: offered.id } : {};
  }

  private premiumLine(professional: Professional | undefined) {
    const price = this.knowledge.premiumPrice;
    if (!price) return this.say.noSubscription;
    const amount = money(price.amount, price.currency, this.language);
    const per = this.say.perInterval(price.interval);
    const link = professional ? this.say.subscribeHere(professional.name, professional.subscriptionUrl) : '';
    return this.say.subscriptionCosts(amount, per, link);
  }

  private subscription(professional: Professional | undefined) {
    const lines = [this.premiumLine(professional)];
    const about = findAnswer(this.info, 'premium suscripcion subscription contenido');
    if (about) lines.push(this.quote(about.text));
    if (professional || !this.knowledge.premiumPrice) return lines.join('\n');
    // "¿quién tiene contenido premium?", "¿y de quién?": everyone's, each with their link.
    if (WHOSE.test(this.message.folded))
      lines.push(
        ...this.directory.professionals
          .slice(0, SHOWN_PEOPLE)
          .map((p) => `•${this.say.subscribeHere(p.name, p.subscriptionUrl)}`),
      );
    else lines.push(this.say.whichProfessional);
    return lines.join('\n');
  }

  // --- People ---------------------------------------------------------------------------------

  private titleOf(professional: Professional) {
    return professional.title ?? professional.role ?? this.say.professional;
  }

  private placeName(place: string) {
    return place === 'Online' ? 'online' : place;
  }

  private card(professional: Professional) {
    const where = list(
      professional.places.map((place) => this.placeName(place)),
      this.language,
    );
    return `• ${professional.name}, ${this.titleOf(professional)}${where ? ` (${where})` : ''}: ${professional.bookingUrl}`;
  }

  /** Who they are, where they work (with the address when where was asked), and their links. */
  private describe(people: Professional[], whereAsked = false) {
    // "me dijo que está en Fuencarral, ¿qué número?": the street asked about, too.
    const withAddress = whereAsked || ADDRESS_WORDS.test(this.message.folded);
    return people
      .slice(0, 3)
      .map((p) => {
        // Their role as the business wrote it, in its own language.
        const role = p.role && p.role !== p.title ? ` («${p.role}»)` : '';
        const where = list(
          p.places.map((place) => this.placeName(place)),
          this.language,
        );
        return [
          `${p.name}: ${this.titleOf(p)}${role}.`,
          withAddress && where ? this.whereTheyWork(p) : where ? this.say.cardWorksIn(where) : '',
          this.say.cardBook(p.bookingUrl),
          this.say.cardPremium(p.subscriptionUrl),
        ]
          .filter(Boolean)
          .join('\n');
      })
      .join('\n\n');
  }

  private bookingLink(professional: Professional) {
    return this.say.bookWith(
      professional.name,
      this.titleOf(professional),
      professional.bookingUrl,
      this.knowledge.appointmentFee,
    );
  }

  /**
   * A member of staff who takes no bookings, named by their first name or whole name; `withWhom`:
   * only as whom the customer wants ("con Laura", "with Laura"), never as who they are ("soy Laura").
   */
  private staffNamed(withWhom = false): string | undefined {
    const bookable = new Set(this.knowledge.employees.map((e) => fold(e.name.split(' ')[0] ?? '')));
    return this.knowledge.otherStaff?.find((name) => {
      const first = fold(name.split(' ')[0] ?? '');
      if (first.length < 3 || bookable.has(first)) return false;
      return withWhom
        ? new RegExp(`\\b(?:con|with|a|para)\\s+${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(
            this.message.folded,
          )
        : hasPhrase(this.message.folded, first);
    });
  }

  /** Someone asked for who cannot be booked: of the team but taking no bookings, or not (or no longer) here. */
  private notListed(name: string) {
    const staff = this.knowledge.otherStaff?.some((other) => fold(other) === fold(name));
    return this.everyone(
      staff ? this.say.takesNoBookings(name) : this.say.notBookable(name),
      this.say.someoneInParticular,
    );
  }

  private team() {
    return this.everyone(this.say.ourTeam, this.say.tellMeWho);
  }

  private whoToBook() {
    return this.everyone(this.say.whoWith, this.say.tellMeWho);
  }

  /** Who can be booked, between an opening and a closing line; never cut short in silence. */
  private everyone(opening: string, closing: string) {
    return [
      opening,
      ...this.directory.professionals.slice(0, SHOWN_PEOPLE).map((p) => this.card(p)),
      // How many more there are, and how to find them.
      ...this.morePeople(),
      closing,
    ].join('\n');
  }

  private morePeople(): string[] {
    const more = this.directory.professionals.length - SHOWN_PEOPLE;
    if (more <= 0) return [];
    return [this.say.andMore(more)];
  }

  private offerSummary() {
    const kinds = [...new Set(this.directory.professionals.flatMap((p) => [...p.kinds]))].filter(
      (kind) => KIND_NAMES[kind],
    );
    const names = kinds.map((kind) => KIND_NAMES[kind]![this.language]);
    const people = [
      ...this.directory.professionals.slice(0, SHOWN_PEOPLE).map((p) => `• ${p.name} (${this.titleOf(p)})`),
      ...this.morePeople(),
    ];
    return [names.length ? this.say.whatWeOffer(names) : '', ...people].filter(Boolean).join('\n');
  }

  private servedPlacesLine() {
    const places = this.directory.servedPlaces.map((place) => this.placeName(place));
    return this.say.weAreIn(places);
  }

  // --- The business ---------------------------------------------------------------------------

  private cities() {
    // "¿la dirección exacta?": the sentence of the information that gives it, or, when the
    // business wrote none, said plainly before where we are.
    if (ADDRESS_ASKED.test(this.message.folded)) {
      // A sentence with a street and its number ("Gran Vía 10", "Calle de Fuencarral 45"), the
      // one of the place asked about first.
      const streets = this.info.sentences.filter((sentence) => STREET_NUMBER.test(sentence.text));
      const asked = this.message.places.map((place) => fold(place));
      const address =
        streets.find((sentence) => asked.some((place) => fold(sentence.text).includes(place))) ?? streets[0];
      if (address) return this.quote(address.text);
      return [this.say.noExactAddress, this.servedPlacesLine()].join('\n');
    }
    return this.servedPlacesLine();
  }

  /** Whether the last reply listed open times ("• lunes 30 de noviembre: 16:00, 16:30"). */
  private lastReplyListedTimes() {
    return /^\s*• [^\n:]+: \d{2}:\d{2}/m.test(this.lastReply ?? '');
  }

  /** Whether one professional works in the places asked about (online included), and where they do. */
  private worksThere(professional: Professional, places: string[], times = false) {
    const here = places.filter((place) => professional.places.includes(place));
    const asked = list(
      places.map((place) => (place === 'Online' ? 'online' : this.say.inPlace(this.placeName(place)))),
      this.language,
    );
    // Their times follow, with the link.
    if (here.length && times) return this.say.alsoWorksThere(professional.name, asked);
    const theirs = list(
      professional.places.map((place) => this.placeName(place)),
      this.language,
    );
    if (here.length) return this.say.worksThere(professional.name, asked, professional.bookingUrl);
    return this.say.worksElsewhere(professional.name, asked, theirs);
  }

  private whatWeDo() {
    const kinds = [...new Set(this.directory.professionals.flatMap((p) => [...p.kinds]))].filter(
      (kind) => KIND_NAMES[kind],
    );
    const names = kinds.map((kind) => KIND_NAMES[kind]![this.language]);
    return [
      this.say.whatWeDo(this.knowledge.companyName, names),
      ...this.directory.professionals.slice(0, SHOWN_PEOPLE).map((p) => this.card(p)),
      ...this.morePeople(),
      this.servedPlacesLine(),
    ].join('\n');
  }

  /**
   * "¿hay bonos?", "any discount if I come often?": the packs of sessions on sale, each with what it
   * holds, and where they are bought (the booking pages of those who give the service); null when
   * the business sells none.
   */
  private packsOnSale(): string | null {
    const packs = (this.knowledge.packs ?? []).slice(0, SHOWN_PACKS);
    if (!packs.length) return null;
    const lines = packs.flatMap((pack) => {
      // Where this pack is bought: the booking pages of those who give its service.
      const offering = this.knowledge.services.find((s) => s.id === pack.serviceId)?.professionals ?? [];
      const where = this.directory.professionals
        .filter((p) => offering.includes(p.username))
        .slice(0, SHOWN_PACK_PAGES)
        .map((p) => `  ${p.name}: ${p.bookingUrl}`);
      return [
        this.say.packLine(
          pack.name,
          pack.sessions,
          pack.serviceName,
          money(pack.price.amount, pack.price.currency, this.language),
          pack.validityDays,
        ),
        ...where,
      ];
    });
    return [this.say.packsOnSale, ...lines, this.say.packsBoughtAt].join('\n');
  }

  /**
   * "¿a qué hora abrís el sábado?": the opening hours, and for one day asked, who has open times
   * that day (where asked) and when: where each professional keeps their own hours, the answer.
   */
  private async hoursOnDay(): Promise<string> {
    const m = this.message;
    const day = m.when && m.when.from === m.when.to ? m.when.from : null;
    if (!day) return this.hours();
    const there = this.directory.professionals.filter(
      (p) => !m.places.length || p.places.some((place) => m.places.includes(place)),
    );
    const lines: string[] = [];
    for (const professional of there.slice(0, SHOWN_PEOPLE)) {
      const [open] = await this.knowledge.openSlots(professional.username, { from: day, to: day });
      if (open?.times.length)
        lines.push(`• ${professional.name}: ${timeRuns(open.times).slice(0, 3).join(', ')}`);
    }
    if (!lines.length) return this.hours();
    return [this.hours(), this.say.freeThatDay(this.dayLabel(day, m.when)), ...lines].join('\n');
  }

  private hours() {
    // A question in a language the information is not written in still finds its opening hours.
    const answer =
      findAnswer(this.info, this.message.text) ??
      findAnswer(this.info, ['horario', 'horarios', 'hours', ...this.message.places].join(' '));
    return [this.say.ownHours, answer ? this.quote(answer.text) : ''].filter(Boolean).join('\n');
  }

  /**
   * "¿se pueden comprar online?" after the gift cards were quoted, "¿y el domingo?" after the
   * opening hours: a short follow-up that names no one asks about the fact just given; answered
   * from the company information with the question before it, or the hours again for that day.
   */
  private factFollowUp(): string | null {
    const m = this.message;
    const last = this.lastReply ?? '';
    if (!/«[^»]+»/.test(last) || m.named.length || m.kinds.size || m.roleStems.size) return null;
    // "and a single session?" after a price: a price again (below), not the fact quoted with it;
    // "¿y de quién?" after premium: whose it is (below).
    if (this.context.priced && SESSION_NOUN.test(m.folded)) return null;
    if (this.context.premium && WHOSE.test(m.folded)) return null;
    // "¿tiene horario el viernes por la mañana?" (times, and the hours quoted) … "¿y por la tarde?":
    // the professional's times again, not the quote.
    if (/\b\d{2}:\d{2}\b/.test(last) && this.timeFollowUp()) return null;
    // "y en zaragoza" with no question mark asks as much as "¿y en Zaragoza?".
    const asks = m.isQuestion || /^(?:y|and)\b/.test(m.folded);
    if (m.text.split(/\s+/).length > 6 || !asks || m.price || m.premium) return null;
    const quoted = [...last.matchAll(/«([^»]+)»/g)].map((match) => match[1]!);
    if (last.startsWith(this.hours().split('\n')[0]!)) {
      // "¿y en Zaragoza?" after the hours: the hours still, where the business wrote them by place.
      if (m.places.length && !m.when) return this.hours();
      // "¿y los sábados?" when the hours just quoted say them: that sentence again.
      // Named in another language ("Et le samedi ?"), the day read is looked for by our names of it.
      const said = DAY_STEM.exec(m.folded)?.[0];
      const days = said
        ? [said]
        : m.when && m.when.from === m.when.to
          ? ourWeekdayNames(weekdayIndex(m.when.from))
          : [];
      const saysIt = quoted.find((sentence) => days.some((day) => fold(sentence).includes(day)));
      if (saysIt) return this.quote(saysIt);
      // The hours' own words keep the answer among the sentences about opening hours.
      const other = m.when ? findAnswer(this.info, `${m.text} horario hours`, [], quoted) : null;
      return other ? this.quote(other.text) : null;
    }
    if (m.when) return null;
    const before = this.history.filter((turn) => turn.role === 'customer').at(-2)?.text ?? '';
    const answer = findAnswer(this.info, `${before} ${m.text}`);
    return answer ? this.quote(answer.text) : null;
  }

  /**
   * "do you speak English?": when the languages sentence names the language of the reply, a yes
   * in it before the quote (the quote is in the business's words).
   */
  private spokenHere(topics: string[], sentence: string) {
    if (!topics.includes('languages')) return '';
    const names = this.language === 'es' ? /\b(espanol|castellano)\b/ : /\b(ingles|english)\b/;
    return names.test(fold(sentence)) ? this.say.weSpeakIt : '';
  }

  /**
   * An amount of money asked about ("lo de los 10 euros q es"): the sentences of the business's
   * information that speak of that amount, quoted. Null when no sentence has it, or nothing asks what it is.
   */
  private amountExplained(): string | null {
    const m = this.message;
    const amount = AMOUNT_ASKED.exec(m.folded)?.[1];
    if (!amount || !WHAT_IS_IT.test(m.folded)) return null;
    const inSentence = new RegExp(`(?<![\\d.,])${amount}(?:[.,]0{1,2})?\\s*(?:€|eur\\b|euros?\\b)`, 'i');
    const sentences = this.info.sentences.filter((sentence) => inSentence.test(sentence.text));
    return sentences.length ? sentences.map((sentence) => this.quote(sentence.text)).join('\n') : null;
  }

  /** A sentence of the company information, quoted as the business wrote it. */
  private quote(text: string) {
    return this.say.fromOurInformation(text);
  }

  private unknownFact() {
    return this.say.noInformation;
  }

  // --- Small talk and refusals ----------------------------------------------------------------

  private greeting() {
    return this.say.greeting(this.knowledge.companyName);
  }

  private goodbye() {
    return this.say.thanks;
  }

  private acknowledge() {
    return this.say.anythingElse;
  }

  private refusal() {
    const [person] = this.message.named;
    const lines = [this.say.cannotShare];
    if (person) lines.push(this.say.talkTo(person.name, person.bookingUrl));
    else lines.push(this.say.whatICanDo);
    return lines.join('\n');
  }

  private offTopic() {
    return this.say.outsideWhatIDo(this.knowledge.companyName);
  }

  // --- Asking which reading was meant ------------------------------------------------------------

  /** The trained classifier's reading of the message alone (nothing while it is not trained). */
  private classified(): IntentScore[] {
    const text = this.message.text.trim();
    return text ? (intentClassifier()?.rank(text) ?? []) : [];
  }

  /** "No estoy seguro… ¿Qué necesitas? 1. … 2. … 3. Hablar con una persona". */
  /** One of a clarifying question's options (the policy names them), in the customer's language. */
  private option(key: string) {
    return this.say.options[key as keyof Replies['options']];
  }

  private clarifyingQuestion(options: string[]) {
    const lines = [...options, 'person'].map((option, index) => `${index + 1}. ${this.option(option).label}`);
    return [this.say.pickANumber, ...lines].join('\n');
  }

  /** The option the message picks from the assistant's last clarifying question, if it picks one. */
  private chosenOption(): string | null {
    const last = this.lastReply;
    if (!last?.startsWith(this.say.notUnderstood)) return null;
    const offered = [...last.matchAll(/^(\d)\. (.+)$/gm)].map(([, number, label]) => ({
      number: Number(number),
      option: Object.keys(this.say.options).find((key) => this.option(key).label === label),
    }));
    if (!offered.length) return null;
    const picked = pickedNumber(this.message.folded);
    return offered.find((item) => item.number === picked)?.option ?? null;
  }

  /** The customer's first message, answered as the reading they chose. */
  private async answerChosen(): Promise<AssistantAnswer | null> {
    const option = this.chosenOption();
    if (!option) return null;
    if (option === 'person')
      return this.handOver(this.say.handover.person, 'The customer chose to talk to a person.', 'person');
    const turns = this.history.slice(
      0,
      this.history.findLastIndex((turn) => turn.role === 'assistant'),
    );
    const asked = turns.findLast((turn) => turn.role === 'customer')?.text ?? '';
    return this.sub(`${asked}. ${this.option(option).says}`).answer();
  }

  private notUnderstood() {
    return this.say.notUnderstoodHelp;
  }
}

/**
 * A reply without the notice that we answer in our language put before it for a customer who writes
 * in another: what the reply says is read after it ("Et le samedi ?" after the opening hours).
 */
function withoutLanguageNotice(reply: string | undefined) {
  if (!reply) return reply;
  for (const { answeringInOurLanguage } of Object.values(REPLIES))
    if (reply.startsWith(answeringInOurLanguage))
      return reply.slice(answeringInOurLanguage.length).trimStart();
  return reply;
}

/** An hour said bare after an afternoon or an evening was asked for ("tomorrow evening?" … "what about 8?") is in it. */
const afternoonReading = (text: string, at: string, part: When['partOfDay']) =>
  ((part === 'afternoon' || part === 'evening') && inHalfOfDay(text, at, 'afternoon')) || at;

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
