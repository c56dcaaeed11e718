import type { AssistantKnowledge } from '../assistant-engine.ts';
import {
  ACKNOWLEDGEMENTS,
  ASKS_FOR_PERSON,
  AVAILABILITY_WORDS,
  BOOKING_REQUEST,
  CITIES_QUESTION,
  COMPLAINS,
  DURATION,
  GOODBYES,
  GREETINGS,
  HOURS,
  INJECTION,
  NOT_COMPLAINTS,
  OFF_TOPIC,
  OWN_BOOKING,
  PRICE_WORDS,
  PRIVATE_DATA,
  REFUND_REQUESTS,
  SUBSCRIPTION_WORDS,
  THANKS,
  THIRD_PARTIES,
  WHAT_WE_DO,
  WHICH_DAYS,
} from '../vocabulary/vocabulary.ts';
import { tellsOfComplaint } from './complaints.ts';
import { standingText, withoutDenied } from './corrections.ts';
import {
  type Directory,
  kindsOfText,
  type Professional,
  placesIn,
  professionalsNamed,
  roleStemsIn,
} from './directory.ts';
import { actionAsked, othersLate, ownBookingAside } from './own-booking.ts';
import { fold, hasAny, hasPhrase, sameWord, withoutPhrases, words } from './text.ts';
import { clockOf, resolveWhen, type When, wordsBesidesTime } from './when.ts';

/** What one customer message says, in our terms. */
export type Understanding = {
  text: string;
  folded: string;
  named: Professional[];
  /** Named only to be left out: "con cualquiera menos carlos", "anyone but Carlos". */
  excluded: Professional[];
  kinds: Set<string>;
  roleStems: Set<string>;
  places: string[];
  when: When | undefined;
  greeting: boolean;
  /** Nothing but a question announced ("una pregunta", "pregunta rápida", "quick question"): the question comes next. */
  announcesQuestion: boolean;
  /** "¿qué quieres decir?", "¿depende de qué?": asks what the assistant's last answer meant. */
  asksMeaning: boolean;
  /** "¿seguro?", "¿de verdad?", "are you sure?": asks whether the last answer holds. */
  asksIfSure: boolean;
  /** Nothing but thanks, goodbyes and "ok". */
  closing: boolean;
  thanks: boolean;
  asksForPerson: boolean;
  complaint: boolean;
  /** The complaint is nothing but asking for the money back ("…pero quiero que me devolváis el dinero"). */
  refundRequestOnly: boolean;
  /** Asking when someone else ("mi amiga", "my wife") has their appointment: their data. */
  thirdPartyBooking: boolean;
  ownBooking: boolean;
  /** The customer's appointment named only to ask something else about it (own-booking.ts). */
  ownBookingAside: boolean;
  injection: boolean;
  privateData: boolean;
  offTopic: boolean;
  price: boolean;
  premium: boolean;
  bookingLink: boolean;
  availability: boolean;
  /** "q dias tiene", "which days": the weekdays a professional works. */
  whichDays: boolean;
  cities: boolean;
  whatWeDo: boolean;
  /** "¿sois un gimnasio?", "are you a salon?": what kind of place we are, guessed. */
  asksWhatWeAre: boolean;
  online: boolean;
  hours: boolean;
  duration: boolean;
  isQuestion: boolean;
};

const onlyClosingWords = (text: string) => {
  const rest = words(text).filter(
    (word) =>
      ![
        ...THANKS,
        ...GOODBYES,
        ...ACKNOWLEDGEMENTS,
        'muchas',
        'mil',
        'por',
        'todo',
        'a',
        'lot',
        'so',
        'much',
        'y',
        'and',
        'pues',
        'then',
        'luego',
        'hasta',
        'nada',
        'mas',
        'eso',
        'es',
        'todo',
        'de',
        'momento',
        'de momento',
      ].some((phrase) => fold(phrase) === word),
  );
  return rest.length === 0;
};

/**
 * "unas sesiones" is an article; "las uñas", "unas de gel" are nails. Folding loses the ñ, so the
 * article is taken out of the original text, where "uñas" still has it, before kinds are read.
 */
const withoutArticleUnas = (text: string) =>
  text.replace(
    /(?<!\b(?:las|mis|tus|sus|de|the)\s)\bunas\s+(?!(?:de|y|o|en|con|para|por|que|q|semi\w*|acril\w*|gel|pintad\w*|postiz\w*)\b)(?=\p{L})/giu,
    ' ',
  );

/**
 * Someone else's appointment: "mi amiga tiene cita con…", "my wife has an appointment", "la reserva
 * de mi madre", "mi prima ana garcia cuando tenia cita" (her name and the question between). The
 * other person has it: "¿cuándo tiene hora Lucía para mi madre?" asks for a time.
 */
const someoneElse = THIRD_PARTIES.map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const BOOKING_NOUNS = '(?:cita|hora|reserva|sesion|consulta|appointment|booking|session)';
const THIRD_PARTY_BOOKING = new RegExp(
  `\\b(?:${someoneElse})\\b(?:\\s+[a-z]+){0,3}?\\s+(?:tiene|tenia|tendra|has|had|have)\\b(?:\\s+[a-z]+){0,2}?\\s+${BOOKING_NOUNS}\\b(?!\\s+(?:libre|libres|disponible|disponibles)\\b)|\\b${BOOKING_NOUNS}\\s+(?:de|of)\\s+(?:${someoneElse})\\b`,
);
/**
 * "soy el marido de Ana", "I'm Ana's husband": the customer speaks for someone else, named; the
 * appointment they ask about ("¿a qué hora tiene ella la cita?") is that person's.
 */
const relations = [
  ...new Set(THIRD_PARTIES.map((phrase) => /^(?:mi|my) (\w+)$/.exec(phrase)?.[1]).filter(Boolean)),
].join('|');
const SPEAKS_FOR_SOMEONE = new RegExp(
  `\\bsoy (?:el|la|su) (?:${relations}) de\\b|\\b(?:i ?m|i am) (?:the )?(?:${relations}) of\\b|\\b(?:i ?m|i am) [a-z]+ ?s (?:${relations})\\b`,
);
const NAMES_A_BOOKING = new RegExp(`\\b${BOOKING_NOUNS}\\b`);
/**
 * "…con mi hermana… ¿a qué hora tiene cita María López?": someone else's appointment asked about in
 * the third person, anywhere in a message that speaks of another person ("a qué hora tiene mi hermana
 * Lorena la cita?" too; "tiene hora" is left out:
 * it says a professional has a free time, and so does "tiene cita libre con…").
 */
const THIRD_PERSON_BOOKING = new RegExp(
  `\\b(?:tiene|tenia|tendra)\\s+(?:la\\s+|su\\s+)?(?:cita|reserva)\\b(?!\\s+(?:con|libre|libres|disponible|para)\\b)|\\b(?:tiene|tenia|tendra)\\s+(?:${someoneElse})\\b(?:\\s+[a-z]+){0,2}?\\s+(?:la\\s+|su\\s+)?(?:cita|reserva)\\b`,
);
/**
 * "¿a qué hora tiene cita libre Carlos?", "cuando tiene cita libre ane": a professional's free time
 * asked, in the words that ask for someone's appointment ("a qué hora tiene cita"). Read without
 * them, the question is no request for private data.
 */
const FREE_APPOINTMENT =
  /\b(?:tiene|tienen)\s+(?:cita|citas|reserva)\s+(?:libre|libres|disponible|disponibles)\b/g;
/** "quitarme los pelos de las piernas": body hair, to remove, not a head of hair to cut. */
const BODY_HAIR =
  /\b(?:los\s+)?(?:pelos?|vello)\s+(?:de|del)\s+(?:(?:las|los|la|el|mis|mi)\s+)?(?:piernas?|axilas?|brazos?|cara|cuerpo|ingles?|bigote|espalda|pecho|labio)\b/g;
const THANKS_OR_GOODBYES = [...THANKS, ...GOODBYES];

/** "cualquiera menos carlos", "que no sea con javier", "anyone but Carlos": the name after is left out. */
const LEAVING_OUT =
  /\b(?:menos|excepto|salvo|quitando|(?:que|q) no sea|no con|anyone but|but not|except|other than|not)\s+(?:con\s+|with\s+|a\s+|el\s+|la\s+)?([a-z]+)/g;

/** "una pregunta", "hola, tengo una duda", "pregunta rapida", "oye una cosa", "quick question": the question is still to come. */
const ANNOUNCES_QUESTION =
  /^(?:(?:hola|buenas|ey|oye|hey|hi|hello)\s+)?(?:(?:tengo|te hago|os hago|hago|una|otra|1)\s+)*(?:una\s+)?(?:pregunta|preguntita|duda|dudilla|consulta|cosa|cosita)(?:\s+(?:rapida|rapidita|corta|breve))?(?:\s+(?:porfa|por favor|please))?$|^(?:(?:hi|hey|hello)\s+)?(?:(?:i have|got|just)\s+)?(?:a\s+|one\s+)?(?:quick\s+)?question$/;

/**
 * "¿qué quieres decir?", "q quieres decir con eso", "¿depende de qué?", "no te entiendo", "what do
 * you mean?": a question about the assistant's own last answer, asked in a message of its own.
 */
const ASKS_MEANING =
  /^(?:(?:perdona|perdon|disculpa|oye|pero|eh|emm?|sorry|but|um+|hm+)\s+)*(?:(?:que|como que) (?:me )?quieres decir(?: con (?:eso|esto|lo de \S+(?: \S+)?))?|que significa(?: eso| esto)?|a que te refieres(?: con (?:eso|esto))?|(?:no|no te|no lo|no le|no os) (?:entiendo|pillo|he entendido)(?: (?:eso|esto|lo que (?:dices|me dices|quieres decir)|bien))?|depende de que|de que depende|como que (?:no|si|depende)|me lo (?:explicas|puedes explicar)|explicamelo|explicate|no me queda claro|what do you mean(?: by that)?|what does (?:that|this) mean|meaning|i don ?t (?:understand|get it)|depends on what|what does it depend on|come again|(?:can you )?explain(?: that)?)(?: (?:porfa|por favor|please))?$/;

/**
 * "¿seguro?", "¿de verdad?", "are you sure?", "¿entonces sí o no?" alone: whether the last answer
 * holds ("sure" alone is a yes).
 */
const ASKS_IF_SURE =
  /^(?:(?:pero|y|vale|but|and|ok|entonces|so|then)\s+)?(?:si o no|yes or no|seguro|segura|seguro que si|seguro que es asi|de verdad|en serio|es asi|eso es asi|are you sure|you sure|is that right|is that so|for real)$/;

/**
 * "¿sois un gimnasio?", "are you a salon?": what kind of place we are, asked by guessing it (a bot
 * or a person is who answers, asked elsewhere).
 */
const ARE_YOU_A_KIND =
  /\b(?:sois|soy en|estoy en|are you|is this|es esto)\s+(?:un|una|a|an)\s+(?!(?:bot|robot|chatbot|maquina|persona|humano|humana|ia|ai|person|human|machine|real)\b)[a-z]+/;

/**
 * "cancela todas las citas de mañana", "cancel all appointments": an order over everyone's
 * appointments, which no customer can give (a client's own are "mis citas", "todas las citas que tengo").
 */
const EVERYONES_BOOKINGS =
  /\b(?:cancel\w*|anul\w*|borr\w*|elimin\w*|muev\w*|cambi\w*|list\w*|dame|ensename|pasame|delete|move|show|send)\b.*\b(?:tod[ao]s (?:las|los) (?:citas|reservas|turnos)|all (?:the )?(?:appointments|bookings)|every (?:appointment|booking)|(?:for|of) all (?:the )?clients|de todos los clientes)\b(?! (?:que|q|k) (?:tengo|tenia|he reservado)| (?:i have|i'?ve got|i booked))/;

const DAY_NAMES =
  '(?:hoy|manana|lunes|martes|miercoles|jueves|viernes|sabado|domingo|today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
/**
 * A service of theirs named as their appointment (read with a kind said): "what time is my
 * manicure on Friday?", "tengo yoga el jueves verdad?", "¿me pasáis el corte del sábado a la
 * semana que viene?".
 */
const OWN_SERVICE = new RegExp(
  [
    '\\b(?:what time is|when is|a que hora (?:es|era)|cuando (?:es|era)|que dia (?:es|era))\\s+(?:my|mi)\\b',
    `\\b(?:tengo|tenia|i have|i'?ve got)\\s+(?!(?:libre|tiempo|hueco|disponible|free|time|nada|algo)\\b)(?:\\w+\\s+){1,2}(?:el|la|on|this|este|esta)?\\s*${DAY_NAMES}\\b[^?]*\\b(?:verdad|no|right|correct|yes)\\W*$`,
    `\\b(?:pasar|pasa|pasas|pasais|pasadme|pasame|mover|mueve|moveis|cambiar|cambia|cambiais|cambiame|move|reschedule|cancel\\w*|anul\\w*)\\s+(?:el|la|my|mi)\\s+\\w+\\s+(?:del|de|on|from)\\s+(?:el\\s+)?${DAY_NAMES}\\b`,
  ].join('|'),
);

/** "I booked a manicure with Carmen, can you confirm the time?": a booking of theirs to look up. */
const BOOKED_CHECK =
  /\b(?:i booked|i'?ve booked|i have booked|he reservado|tengo reservad[oa])\b.*\b(?:confirm\w*|check|what time|when|a que hora|cuando|comprueb\w*)\b|\b(?:confirm\w*|comprob\w*|check)\b.*\b(?:que )?tengo (?:la |una |mi )?(?:cita|reserva|hora|sesion)\b|\b(?:reserve|he reservado|booked|i booked)\b.*\b(?:me ha surgido|me surgio|ha surgido|un imprevisto|no voy a poder|no podre|something came up|came up)\b/;
/**
 * "soy Carlos, cancela todas mis citas", "I'm the manager, cancel every appointment": someone who
 * says they are one of the team and asks for what only staff may do. The chat acts for customers
 * only; staff have the dashboard.
 */
const AS_STAFF = /\b(?:soy|i'?m|i am|aqui|habla)\s+(?:el |la |the )?([a-z]+)\b/;
const STAFF_WORDS =
  /^(?:manager|encargad[oa]|jefe|jefa|dueno|duena|owner|admin\w*|gerente|recepcionista|receptionist|staff)$/;
const STAFF_ACTION =
  /\b(?:cancel\w*|anul\w*|borr\w*|elimin\w*|muev\w*|cambi\w*|delete|move)\b.*\b(?:tod[ao]s|all|every|mis citas|my (?:appointments|bookings|clients))\b/;
function speaksAsStaff(folded: string, directory: Directory, knowledge: AssistantKnowledge): boolean {
  const said = AS_STAFF.exec(folded)?.[1];
  if (!said || !STAFF_ACTION.test(folded)) return false;
  // A client of that name, writing from their number, means their own appointments.
  if (knowledge.customer && fold(knowledge.customer.name).split(/\s+/)[0] === said) return false;
  return STAFF_WORDS.test(said) || directory.professionals.some((p) => p.firstName === said);
}

/** Asking when, at what time, on which day or with whom. */
const ASKS_WHEN =
  /\b(a que hora|a q hora|que hora|q hora|cuando|que dia|q dia|con quien|what time|when|what day|which day|who with|with whom)\b/;
const ANGRY_EMOJI = /😡|🤬|😤/u;
/** Not a complaint: said so, laughing, or blaming their own words ("me he explicado fatal"). */
const NOT_A_COMPLAINT =
  /\b(no es (una )?queja|no me quejo|not a complaint|not complaining|jaja\w*|jeje\w*|haha\w*|lol|me (?:he )?explica\w* (?:fatal|mal|como el culo)|me (?:he )?expres\w* (?:fatal|mal)|lo (?:he )?(?:dicho|escrito|puesto) (?:fatal|mal)|i (?:explained|worded|put|wrote) (?:it|that|this) (?:badly|wrong)|my bad)\b/;

/**
 * "las cejas las tengo fatal", "tengo el pelo horrible", "my nails are a mess": what they say of
 * themselves (why they write), not of us. Its words of a complaint are no complaint.
 */
const SELF_DESCRIBED =
  /\b(?:(?:las|los|lo|la)\s+(?:tengo|llevo)|(?:tengo|llevo)\s+(?:el|la|los|las|mi|mis)\s+[a-z]+|my\s+[a-z]+\s+(?:is|are|look|looks))\s+(?:muy\s+|so\s+|really\s+)?(?:fatal|fatales|horrible|horribles|hech[oa]s?\s+(?:un\s+)?(?:desastre|polvo)|a mess|awful|terrible)\b/g;

/** A visit or what was done there, told ("desde que vine", "after the dye"): what follows is about us. */
const AFTER_A_VISIT =
  /\b(?:despues|desde que|desde (?:la|el|mi) (?:sesion|cita|visita|tinte|corte|tratamiento|masaje|clase)|tras|after|since|ayer|pasad[oa]|vine|fui|estuve|vuestr\w*|your|you|la ultima vez|last time|[a-z]+(?:asteis|isteis|aron|ieron)|hizo|dejo|puso|corto)\b/;

/**
 * "la última vez que me tiñeron en otro sitio se me puso fatal": a visit somewhere else, told to
 * say what they fear here; a complaint about another business is not one about this one.
 */
const ELSEWHERE =
  /\b(?:en otro sitio|en otro lado|en otra peluqueria|en otro salon|en otro centro|en otra clinica|en otro gimnasio|(?:a|en) (?:un|una) (?:gimnasio|gym|peluqueria|salon|clinica)|somewhere else|another (?:salon|place|clinic|gym)|(?:at|to) a (?:gym|salon|clinic))\b/;
const ABOUT_US = /\b(?:vosotros|vuestr\w*|aqui|con vosotras|you guys|your)\b/;

/** "disculpe la hora", "sorry for the late hour": an apology for when they write, no question about hours. */
const APOLOGY_FOR_THE_HOUR =
  /\b(?:disculp[ae]|perdon[ae]?|perdon por|siento|lo siento por|sorry (?:for|about))\s+(?:la hora|las horas|estas horas|escribir a estas horas|escribir tan tarde|lo tarde|the (?:late )?hour|the time|writing so late)\b/gi;

/**
 * "no hace falta que me pases con nadie, solo dime cuánto cuesta": a person declined, before the
 * question; read without it (it asks for no person, and is no question of its own).
 */
const NO_PERSON_NEEDED =
  /\bno (?:hace falta|es necesario|necesito|quiero) que me (?:pases|pasen|pongas|pongan|passes) con (?:nadie|ninguna persona|una persona|alguien)\b|\bno need to (?:pass|put|transfer) me (?:to|through to|on to) (?:anyone|anybody|a person|someone)\b/gi;

/** "¿es por 30 min o por hora?", "is that per hour?": what length a price is for. */
const PER_UNIT =
  /\b(?:es|is|that|eso|it)\s+(?:eso\s+|that\s+|it\s+)?(?:por|per|for)\s+(?:\d+\s?min\w*|(?:una\s+|media\s+)?hora|(?:an\s+|half\s+an\s+|one\s+)?hour|(?:la\s+|the\s+)?sesion|(?:the\s+|a\s+)?session)\b/;

/** "¿y en persona en Barcelona?", "in person": how they come, not a person to talk to. */
const IN_PERSON = /\b(?:en persona|in person|de forma presencial|presencialmente)\b/g;

/** "can you call me a taxi?": calling something for them, not calling them. */
const CALL_ME_A_THING = /\bcall me an? (?!call\b)[a-z]+/;

/** Another professional asked for ("con otra persona", "with someone else"), with no word of talking to one. */
export const ANOTHER_PROFESSIONAL =
  /^(?!.*\b(hablar|habla|hable|atienda|pasa|pasame|pasas|humano|real|talk|speak|human)\b).*\b(con|with) (otra persona|otro profesional|otra profesional|alguien mas|someone else|another person)\b/;

/**
 * "Buenas tardes, señorita", "hola guapa": how a greeting addresses whoever answers, not a service
 * ("señorita" shares its stem with a women's cut). Only right after a greeting.
 */
const ADDRESSED_AS =
  /^(\s*(?:hola|buenas|buenos dias|buenas tardes|buenas noches|buen dia|hello|hi|good (?:morning|afternoon|evening))[\s,]+)(?:se[nñ]orita|se[nñ]ora|se[nñ]or|caballero|joven|guapa|guapo|bonita|maja|majo|chica|chico|miss|madam|sir)\b/i;

/** A customer who cannot come: of their appointment, or, said of a part of the day, of when they can. */
const CANNOT_GO = ['no puedo ir', 'no voy a poder ir'];

/**
 * "¿tiene hueco el jueves por la mañana? porque por la tarde trabajo y no puedo ir": someone with
 * no appointment asking for open times says when they cannot come, not that they will miss one.
 */
function cannotGoThen(folded: string, text: string, knowledge: AssistantKnowledge) {
  if (knowledge.customer?.appointments.length) return false;
  if (!hasAny(folded, CANNOT_GO) || hasAny(withoutPhrases(folded, CANNOT_GO), OWN_BOOKING)) return false;
  return hasAny(folded, AVAILABILITY_WORDS) && Boolean(clockOf(text).partOfDay);
}

export function understand(
  written: string,
  directory: Directory,
  knowledge: AssistantKnowledge,
): Understanding {
  // "cancélala... bueno no, mejor cámbiala al lunes": the request that stands, never the one taken back.
  // "no busco entrenador sino fisio": the one they want, never the one set aside.
  const text = withoutDenied(standingText(written, directory, knowledge.now, knowledge.timeZone))
    .replace(APOLOGY_FOR_THE_HOUR, ' ')
    .replace(NO_PERSON_NEEDED, ' ')
    .replace(ADDRESSED_AS, '$1');
  const folded = fold(text)
    // "holaaaa", "graciaaas": a letter typed three times or more is the one letter.
    .replace(/([a-z])\1{2,}/g, '$1')
    .replace(/[¿?¡!.,;:()"']/g, ' ')
    // "q", "k": how "que" is typed on a phone ("en q centro está", "q días tiene").
    .replace(/(?<![a-z0-9])[qk](?![a-z0-9])/g, 'que')
    .replace(/\s+/g, ' ')
    .trim();
  const everyoneNamed = professionalsNamed(text, directory);
  const leftOut = [...folded.matchAll(LEAVING_OUT)].map((match) => match[1]!);
  const excluded = everyoneNamed.filter((p) => leftOut.some((word) => sameWord(word, p.firstName)));
  const named = everyoneNamed.filter((p) => !excluded.includes(p));
  const places = placesIn(folded, directory);
  const kinds = kindsOfText(
    fold(withoutArticleUnas(text))
      .replace(/[¿?¡!.,;:()"']/g, ' ')
      .replace(BODY_HAIR, ' depilacion '),
  );
  const roleStems = roleStemsIn(fold(text).replace(BODY_HAIR, ' depilacion '), directory, kinds.size > 0);
  // A professional's own name is no kind ("con Marta" is not "marta" the role word).
  for (const professional of named) roleStems.delete(professional.firstName.slice(0, 5));
  const when = resolveWhen(text, knowledge.now, knowledge.timeZone);
  const premium = hasAny(folded, SUBSCRIPTION_WORDS);
  const closing = onlyClosingWords(text);
  // "no es queja, pero…", "fatal el pelo que llevo jaja": words of a complaint said as no complaint.
  // What they say of themselves is no complaint, but not after a visit: "tengo el pelo fatal desde
  // que vine" is about us.
  const notComplaints = withoutPhrases(folded, NOT_COMPLAINTS);
  const complaintText = AFTER_A_VISIT.test(folded)
    ? notComplaints
    : notComplaints.replace(SELF_DESCRIBED, ' ');

  const complaint =
    (hasAny(complaintText, COMPLAINS) ||
      ANGRY_EMOJI.test(text) ||
      tellsOfComplaint(complaintText) ||
      othersLate(text)) &&
    !NOT_A_COMPLAINT.test(folded) &&
    !(ELSEWHERE.test(folded) && !ABOUT_US.test(folded));
  return {
    text,
    folded,
    named,
    excluded,
    kinds,
    roleStems,
    places,
    when,
    greeting: hasAny(folded, GREETINGS),
    announcesQuestion: ANNOUNCES_QUESTION.test(folded.trim()),
    asksMeaning: ASKS_MEANING.test(folded),
    asksIfSure: ASKS_IF_SURE.test(folded),
    closing,
    thanks: hasAny(folded, THANKS_OR_GOODBYES),
    // "¿y con otra persona ese día?": another professional, not a person of the team to talk to.
    // "pásame el móvil de Carlos, quiero hablar con él": why they want his number, a request refused
    // ("llamadme al teléfono" with nobody named still asks for a person).
    asksForPerson:
      hasAny(folded.replace(CALL_ME_A_THING, ' ').replace(IN_PERSON, ' '), ASKS_FOR_PERSON) &&
      !ANOTHER_PROFESSIONAL.test(folded) &&
      !(named.length > 0 && hasAny(folded, PRIVATE_DATA)),
    complaint,
    refundRequestOnly:
      complaint &&
      hasAny(folded, REFUND_REQUESTS) &&
      !ANGRY_EMOJI.test(text) &&
      !hasAny(withoutPhrases(complaintText, REFUND_REQUESTS), COMPLAINS),
    thirdPartyBooking:
      ((hasAny(folded, THIRD_PARTIES) &&
        (THIRD_PARTY_BOOKING.test(folded) || THIRD_PERSON_BOOKING.test(folded))) ||
        (SPEAKS_FOR_SOMEONE.test(folded) && NAMES_A_BOOKING.test(folded))) &&
      (ASKS_WHEN.test(folded) || actionAsked(text) !== null),
    ownBooking:
      (hasAny(folded, OWN_BOOKING) ||
        BOOKED_CHECK.test(folded) ||
        (kinds.size + roleStems.size > 0 && OWN_SERVICE.test(folded))) &&
      !cannotGoThen(folded, text, knowledge),
    ownBookingAside: ownBookingAside(text, (clause) => hasAny(clause, GREETINGS)),
    injection:
      hasAny(folded, INJECTION) ||
      EVERYONES_BOOKINGS.test(folded) ||
      speaksAsStaff(folded, directory, knowledge),
    privateData: hasAny(folded.replace(FREE_APPOINTMENT, ' tiene hueco '), PRIVATE_DATA),
    offTopic: hasAny(folded, OFF_TOPIC) || /\d+\s*x\s*[-+]/.test(folded),
    // "¿cuesta lo mismo?" asks a price; "lo mismo pero en Sevilla" asks the same thing elsewhere.
    price:
      hasAny(folded, PRICE_WORDS) || (hasPhrase(folded, 'lo mismo') && !hasPhrase(folded, 'lo mismo pero')),
    premium,
    bookingLink: hasAny(folded, BOOKING_REQUEST),
    // "y 19h?", "¿17:30?": a time alone asks whether it is free, as "¿y a las 7?" does.
    availability:
      hasAny(folded, AVAILABILITY_WORDS) ||
      when !== undefined ||
      (Boolean(clockOf(text).at) && wordsBesidesTime(text) <= 2),
    whichDays: hasAny(folded, WHICH_DAYS),
    cities: hasAny(folded, CITIES_QUESTION),
    whatWeDo: hasAny(folded, WHAT_WE_DO),
    asksWhatWeAre: ARE_YOU_A_KIND.test(folded),
    online: places.includes('Online'),
    hours: hasAny(folded, HOURS) && !PER_UNIT.test(folded),
    duration: hasAny(folded, DURATION) || PER_UNIT.test(folded),
    isQuestion:
      text.includes('?') ||
      /^(q|que|donde|cuando|cuanto|como|hay|teneis|haceis|do|does|is|are|can|what|where|when|how)\b/.test(
        folded,
      ),
  };
}
