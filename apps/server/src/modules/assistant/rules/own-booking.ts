import { addDays, zonedDate } from '../../../lib/time-zone.ts';
import type {
  AssistantKnowledge,
  ChangeProposal,
  CustomerAppointment,
  MoveTerms,
  OpenDay,
} from '../assistant-engine.ts';
import type { Language } from '../language.ts';
import { REPLIES } from '../replies.ts';
import {
  askToCancel,
  askToCancelAll,
  askToMove,
  askToMoveAll,
  cancelAllProposal,
  cancelProposal,
  describeAppointment,
  eachChange,
  moveAllProposal,
  reasonText,
} from '../self-service.ts';
import { SERVICE_SYNONYMS } from '../vocabulary/vocabulary.ts';
import { findPrices } from './company-info.ts';
import { kindsOfText, type Professional } from './directory.ts';
import { lettingGo } from './letting-go.ts';
import { STOPWORDS } from './lexicon.ts';
import { list, longDate, money } from './phrases.ts';
import { fold, hasAny, hasPhrase, normalise, stem, words } from './text.ts';
import {
  clockOf,
  dottedTimes,
  EVERY_WEEKDAY_NAME,
  fitsDay,
  inHalfOfDay,
  MONTHS,
  morningTwin,
  PART_OF_DAY,
  pointsBack,
  resolveReference,
  resolveWhen,
  WEEKDAYS_EN,
  WEEKDAYS_ES,
  type When,
} from './when.ts';

/** What self-service answers: replies, and maybe a change to propose or the confirmation of one. */
export type OwnBookingAnswer = {
  replies: string[];
  propose?: ChangeProposal;
  confirm?: boolean;
  /** The move asked for cannot be made as asked: what was said about it, without its question. */
  unmet?: { text: string; appointment: CustomerAppointment };
};

/**
 * Cancelling in so many words, in any form of the verb ("cancélamela", "anularla"). "Quitar" only
 * with an appointment after it ("quita la de por la mañana", "quítame la cita"): "quitar el
 * esmalte" is a service.
 */
const CANCEL_VERB =
  /\b(cancel\w*|anul\w*|annul\w*|absag\w*|stornier\w*|disdir\w*|desapunt\w*|desmarc\w*|call off|quit(?:a|ar|ame|ala|amela|adme|arla|arme|armela)\s+(?:(?:me|la|las|mi|mis)\s+)?(?:de|del|cita|citas|reserva|reservas|sesion|ultima|primera|segunda|otra|proxima)|quit(?:ala|amela|adla|admela)(?=\W*$))\b/;
/** Not being able to come: a cancellation, unless they ask to move it instead. */
const CANNOT_COME =
  /\b(kann\b.{0,30}\bnicht kommen|ne (?:peux|pourrai|pourrais) pas venir|non (?:posso|potro|riesco a) venire|nao (?:posso|vou poder) ir|can'?t make it|cannot make it|won'?t make it|can'?t come|cannot come|no (voy a poder|puedo|podre)( ir| venir| llegar| asistir| acudir)\b|no voy a poder\s*$|no (llego|voy a llegar)\b)/;
const CANCEL = new RegExp(`${CANCEL_VERB.source}|${CANNOT_COME.source}`);
/**
 * Moving, in any form of the verb. "Pasar" only counts with a word about the appointment (it also means "drop by").
 * "la cita de javier la quiero el martes 1": wanting it on another day is moving it.
 */
const MOVE =
  // "el cambio climático", "un cambio de look": a change that is a thing, not an appointment moved.
  /\b(make it(?: \w+){0,3} (?:later|earlier|sooner)|cambi\w*(?! climatic| de look| de imagen| de estilo| radical)|canvi\w*|mudar|muda|mude|mover\w*|muev\w*|move|moving|spost\w*|deplac\w*|decal\w*|changer|verschieb\w*|verleg\w*|remarc\w*|reagend\w*|adiar|moure|aplaz\w*|retras\w*|atras\w*|adelant\w*|reprogram\w*|reschedul\w*|postpon\w*|push|shift|rearrang\w*|change|changing|otro dia|otra hora|another (day|time)|different (day|time)|(ir|venir|pasarme|come|go|poner|ponerla|ponerlo|ponla|ponlo|pasarla|pasarlo|pasala|pasalo|dejarla|dejarlo) (?:(?:\d+\s*(?:min\w*|m)|media hora|una hora|un rato|un poco|half an hour|an hour|a bit|a little) )?(mas tarde|mas temprano|antes|later|earlier)|(mismo|same) dia|same day|(?:la|lo) (?:quiero|queria|quisiera|prefiero|necesito|prefereria) (?:para )?(?:el|este|esta|a las|mejor)\b)\b/;
/** Said instead of what was proposed: "instead", "en vez de eso", "mejor". */
const INSTEAD = /\b(instead|rather|en vez|en lugar|mejor)\b/;
/** The verbs of moving, where the new day or time follows ("cámbiala al jueves"). */
const MOVE_VERB =
  /\b(cambi\w*|canvi\w*|mudar|muda|mude|mover\w*|muev\w*|move|moving|spost\w*|deplac\w*|decal\w*|changer|verschieb\w*|verleg\w*|remarc\w*|reagend\w*|adiar|moure|aplaz\w*|retras\w*|atras\w*|adelant\w*|reprogram\w*|reschedul\w*|postpon\w*|push|shift|rearrang\w*|change|changing|pas(a|as|ais|ar|arla|arme|armela|ame|amela|ala))\b/;
const PASS = /\bpas(a|as|ais|ar|arla|arme|armela|ame|amela|ala)\b/;
/**
 * "la puedes pasar", "me la pasas al viernes", "la puedo poner a las 12 y media": the appointment is
 * the pronoun before the verb; "se puede poner a las 7 del jueves?" puts it at a time.
 */
const PASS_IT =
  /\b(?:la|lo|me la|me lo|se la|nos la)\s+(?:(?:puedes|puedo|podeis|podemos|podrias|podriais|quiero|queria|vas a|vais a|se puede)\s+)?(?:pas(?:ar|as|a|ais|amos|aria|arias|ariais|an|o)|pon(?:er|es|eis|emos|dria|drias|driais|go|gas))\b|\bse (?:puede|podria) (?:poner|pasar) (?:a las|a la|al|para el|para la|el|a otro|a otra)\b/;
/** "pásala", "pásamelo": the verb carries the appointment. */
const PASS_THIS = /\bpas(ala|alo|arla|arlo|amela|amelo|armela|armelo)\b/;
/** "si se puede pasar a la tarde", "pásala al jueves": passing it to a day or time is moving it. */
const PASS_TO =
  /\bpas(?:ar|arla|arlo|armela|amela|ala|alo|as|a)\s+(?:a las|a la|al|para el|para la|a otro|a otra)\s/;
/** "pásame la del jueves al sábado": "pásamela" written apart, the appointment named after it. */
const PASS_ME_THE = /\bpas(?:ame|anos)\s+(?:la|lo)\s+(?:del?|de la|de las)\s/;
/** "mejor el viernes", "prefiero por la tarde": with a day or time after it, the one they would rather have. */
const PREFER = /\b(mejor|prefiero|preferiria|preferible|better|rather|prefer)\b/;
/**
 * "…y si no, cancélala", "o si no, el lunes", "otherwise cancel it": an alternative, wanted only
 * when what comes before it cannot be done. "si no voy" is their own condition, not an alternative.
 */
const ALTERNATIVE =
  /\s(?:(?:y|o|pero)\s+)?(?:si no|sino)\s(?!(?:voy|vengo|puedo|podre|llego|aparezco|asisto|acudo|me)\b)(?:(?:se puede|puede ser|es posible|hay (?:hueco|sitio)|hay|pues|nada|bueno|vale)\s+)*|\s(?:de lo contrario|en caso contrario|if not|otherwise|or else|failing that|if (?:that'?s|it'?s|that is|it is) not possible|if you can'?t)\s/;
/** A condition on what they ask ("si no se puede", "if you can't", "otherwise"), anywhere in the message. */
const CONDITIONAL =
  /\b(si no|sino|de lo contrario|en caso contrario|if not|otherwise|or else|failing that|if you can'?t|if you cannot|if (?:it|that)(?:'s| is) not possible|if there'?s no)\b|\bsi (?:\w+ ){1,2}no (?:puede|pueden|podeis|hay|tiene|tienen|esta|estan|queda|quedan)\b|\bif (?:\w+ ){1,2}(?:can'?t|cannot|isn'?t|is not|has no|doesn'?t have)\b/;
/** "si no es molestia", "if you don't mind": politeness, not a condition. */
const POLITE_IF =
  /\b(si no (?:es|fuera|seria) (?:mucha )?(?:molestia|mucho pedir)|si no te importa|si no os importa|if you don'?t mind)\b/g;
/** Asking about it: when, what time, with whom, whether there is one. */
const SEE =
  /\b(que|cuales|q)\s+(citas|reservas|sesiones|clases)\b|\b(que|q|cual|cuales)\s+(cita|reserva|sesion|clase|hora)\s+(tengo|tenia|me toca)\b|\b(que dia|a que hora|que hora|cuando|con quien) era\W*$|\b(a que hora|que dia|cuando)\b.*\b(era|es)\s+(la|el|lo|mi)\s+(de|del|mio|mia|cita|sesion|clase)\b|\b(tengo|tenia)( yo)? (algo|hora)( (el|este|esta|para|manana|hoy|con|reservad\w*|pendiente)\b|\s*$)|\b(sigue|siguen|esta|queda|quedo)( \w+)? (en pie|confirmad\w*|vigente|igual)\b|\b(?:tinc|tenia) (?:la |una )?(?:cita|hora|sessio|classe)\b|\b(still on|still booked|still scheduled|still confirmed)\b|\bwhat time (was|is) it\b|\b(a que hora|que dia|cuando)\b.*\b(la|lo) (tengo|tenia)\b|\b(was|is) it again\b|\bwhat appointments\b|\bi (?:have|'?ve got|got) (?:an? |my )(?:\w+ )?(?:on|at|this|next|tomorrow|today)\b[^?]*\b(?:right|correct|isn'?t it|don'?t i|yeah)\b|\b(?:what|which) (?:bookings|sessions|classes) (?:do i|have i|i have|did i|i'?ve|am i)\b|\b(a que hora|que hora|que dia|cuando|con quien)\b.*\b(tenia|tengo) yo\b|\b(a que hora|que hora|que dia|cuando)\b.*\b(tenia|tengo)( yo)? (con|cita|la cita|sesion|clase|hora)\b|\bwhat time (was|is) (mine|my)\b|\b(cuando|que dia|a que hora|que hora|con quien|donde)\b.*\b(cita|sesion|clase|consulta|reserva)\b|\b(tengo|tenia|tienes|hay)( alguna| algunas| una| dos| tres| varias| 2| 3)? (cita|citas|reserva|reservas|sesion|sesiones|clase|clases|consulta)\b|\b(when|what time|what day)( is|s)? my\b|\bdo i have (an? |any )?(appointment|booking|session|class)|\bi (have|had|got) (two|2|three|3|some|several) (appointments|bookings|sessions|classes)\b|\bpense que tenia\b|\b(a que hora|que hora|que dia|cuando)\b.*\btenia(?: \w+){1,2} (con|cita|la cita|sesion|clase|hora)\b|\b(a que hora|que hora|que dia|cuando)\b.*\b(tenia|tengo)( yo)? lo (de|del)\b|\b(a que hora|que hora|cuando)\s+(tengo|tenia|me toca)\b(?!\s+que\s+(pagar|avisar|cancelar|llamar|reservar|escribir))|\b(a que hora|que hora|que dia|para cuando|con quien)\b.*\b(reserve|he reservado|pedi cita|pedi hora)\b|\b(what time|what day|who)\b.*\b(did i book|i booked)\b|^\W*(?:y\s+)?(?:q|que)\s+(?:tengo|tenia)(?:\s+(?:yo|reservad[oa]s?|apuntad[oa]s?|pendientes?))?\W*$|\b(?:q|que)\s+(?:tengo|tenia)(?: yo)? (?:reservad|apuntad)\w*|\b(?:tengo|tenia)(?: yo)? (?:dos|2|tres|3|varias) (?:(?:citas|reservas|sesiones|clases) )?con\b|\bwhat (?:have i got|do i have|did i) (?:booked|book)\b|^\W*(?:y\s+)?(?:cual|q|que)\s+(?:tengo|es|era|va|tenia)\s+(?:antes|primero|primera|la primera|mas pronto)\W*$|\bwhich (?:one )?(?:is|comes|was) (?:first|sooner|earlier)\b|\b(?:q|que)\s+(?:tengo|tenia)(?: yo)?\s+(?:para\s+)?(?:esta semana|la semana que viene|la proxima semana|pasado manana|manana|hoy|este finde|el finde|este fin de semana|(?:el\s+)?(?:lunes|martes|miercoles|jueves|viernes|sabado|domingo))\W*$|\bwhat (?:have i got|do i have)(?: on)? (?:this week|next week|tomorrow|today|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|^\W*(?:y\s+)?(?:q|que)\s+(?:tengo|tenia|tenemos)(?: yo)? con \w+\W*$|\b(?:a que hora|a q hora|cuando|que dia)\s+(?:tenemos|teniamos)\b|\b(?:tengo|tenemos)\b(?: \w+){1,5} (?:el|este|esta|manana|hoy|pasado)\b(?: \w+){0,3}\W+(?:verdad|no|cierto|correcto)\W*$/;
/**
 * Words that make the message about the customer's own appointment ("mi cita", "la mía", …, and
 * "pasar la de esta tarde": after a verb of changing, "la de" a day or time is one of theirs; "pasar
 * mi corte a la semana que viene": "mi" and a word, passed to a day, is their appointment of it).
 */
const OWN =
  /\b(?:mio|mia|miei|mon|ma|mes|mein|meinen|meine|meinem|meiner|minha|meu)(?: \w+)? (?:appuntamento|appuntamenti|prenotazione|rendez|rdv|seance|seduta|sessao|termin|termine)\b|\b(mi|mis|my|minha|minhas|meu|meus|meva|meves)( \w+)? (cita|citas|reserva|reservas|sesion|sesiones|clase|clases|consulta|hora|turno|marcacao|marcacoes|appointment|appointments|booking|bookings|session|sessions|class|call|visit|consultation)\b|\b(lo|la) (mio|mia)\b|\b(tengo|tenia) hora (con|el|para|a las|del|de)\b|\b(tengo|tenia|la|una) (cita|sesion|clase|consulta|reserva) (del?|el|al|con|que|para|a las|a otro|a otra|de hoy|de manana|de esta)\b|\b(tengo|tenia) (una )?(cita|sesion|clase|consulta|reserva)\b|\bme la\b|\b\w+(mela|rmela)\b|\b(cancel|move|change|reschedule|postpone|push) it\b|\b(pasar|pasa|pasas|cambiar|cambia|cambias|mover|mueve|mueves|cancelar|cancela|cancelas|anular|anula|anulas) (la|lo) (de|del) (hoy|manana|esta|este|las? \d|lunes|martes|miercoles|jueves|viernes|sabado|domingo)\b|\b(pasar|pasa|pasas|pasame|cambiar|cambia|cambias|cambiame|mover|mueve|mueves|move) (mi|my) \w+ (a la|al|a las|para el|para la|a otro|a otra|to)\s/;
/**
 * "quiero reservar una cita con Carlos", "I want to book a new appointment": a booking to make,
 * not one they have, whatever "una cita con" says otherwise.
 */
const NEW_BOOKING =
  /\b(reserv\w*|pedir|pido|coger|cojo|sacar|agendar|concertar|book|make|schedule|get)\b(?: \w+){0,2} (una|otra|an?|another|new)( nueva| new)? (cita|sesion|clase|consulta|reserva|hora|appointment|booking|session|class)\b|\b(cita|sesion|clase|consulta|reserva) nueva\b|\bnew (appointment|booking|session|class)\b/;
/** "si al final no voy, ¿pierdo la reserva?": not coming without cancelling. */
const NO_SHOW =
  /\bsi (al final |finalmente |luego |despues )?no (voy|vengo|aparezco|me presento|puedo ir|acudo|asisto)\b|\bpierdo (la reserva|el dinero|lo pagado|la senal|lo que pague)\b|\bif i (don'?t|do not|can'?t|cannot) (come|show|make it|turn up)\b|\bdo i lose\b|\bno.?show\b/;
const CHANGE_QUESTION =
  /\bsi (?:luego |despues |al final |finalmente )?no me (?:viene|va) bien\b|\b(si|if)( i| yo)?( la| lo| it| my appointment)? (cancelo|anulo|cancel|cambio|muevo|move|cancela|cancelas|cancelamos|need to cancel)\b|\bpolitica\b|\bpolicy\b|\bcon (?:cuant\w*|que) (tiempo|antelacion|horas)\b|\bcuant\w* (antes|antelacion)\b|\b(hay que|tengo que|tendria que|debo|habria que) avisar\b|\bsi (aviso|os aviso|te aviso|lo digo|cancelo) (con|el mismo dia|tarde|el dia antes)\b|\bhasta cuando (se puede|puedo)\b|\bhow (far|long) (in advance|before)\b|\b(how much|what) notice\b|\bif i (give|tell you) (less|late|on the day)\b/;
/** A question about the rules ("¿hay reembolso si cancelo?"), not a request to act on an appointment. */
const POLICY_QUESTION = new RegExp(`${NO_SHOW.source}|${CHANGE_QUESTION.source}`);
/** They booked one ("reservé", "I booked"): what they ask after it is about that booking. */
const BOOKED =
  /\b(reserve|reservamos|he reservado|hemos reservado|hice (la|una) reserva|pedi (cita|hora)|i booked|i'?ve booked|i have booked|we booked)\b/;
/** "No me acuerdo…, ¿me lo miráis?": asking them to look it up. */
const RECALL =
  /\b(no me acuerdo|no recuerdo|se me ha olvidado|se me olvido|(me )?(lo|la) (miras|mirais|mira|miran|compruebas|comprobais|confirmas|confirmais)|can you check|could you check|i (can'?t|cannot|don'?t) remember|i forgot)\b/;
/** A booking word: the appointment is named ("la sesión", "al reservar", "I booked"). */
const BOOKING_NOUN =
  /\b(cita|citas|sesion|sesiones|clase|clases|consulta|consultas|reserva|reserve|reserv\w*|turno|appointments?|bookings?|booked|sessions?|class|classes)\b/;
/** "voy 10 min tarde", "llegaré tarde", "I'll be 10 minutes late": a note for the people there. */
const RUNNING_LATE =
  /\b(llego|llegare|llegaremos|llegamos|voy a llegar|voy|vamos|ire)\s+(\d+\s*(min\w*)?|un poco|algo|un pelin|un rato)\s+(tarde|con retraso)\b|\b(llego|llegare|voy a llegar|llegaremos)\s+(tarde|con retraso)\b|\b(running|be|i'?ll be|i'?m|im|gonna be|will be)\s+(a (bit|little)\s+|\d+\s*(min\w*)?\s+)?late\b/;

/**
 * "No quiero cancelar, solo saber a qué hora es": an action the customer says they do NOT want is
 * no request for it. The negated verb is taken out before the patterns read the message.
 */
const NEGATED_ACTION =
  /\b(?<!\bsi\s)(?:no|not|don'?t|dont|do not|ni)\s+(?:quiero|queria|necesito|hace falta|voy a|vayas a|want to|need to|wanna|hay que)?\s*(?:me |te |la |lo |las |los |nos )?(?:cancel\w*|anul\w*|cambi\w*|mover\w*|muev\w*|move|reschedul\w*)/g;
const withoutNegatedActions = (folded: string) => folded.replace(NEGATED_ACTION, ' ');

/**
 * The message as the patterns read it: folded, shorthand written out, the actions said not to be
 * wanted taken out. A negation never reaches over punctuation: in "tengo dos citas con carmen no?
 * quiero cambiar una" the "no" is a question tag, and "no, cancélala" is a no and then a request.
 */
const normalised = (text: string) =>
  withoutNegatedActions(normalise(dottedTimes(fold(text)).replace(/[¿?¡!.,;()«»"]/g, ' ; ')))
    .replace(/(\s*;\s*)+/g, ' ')
    .trim();

/**
 * "si el viernes no me da tiempo y os aviso ese mismo día, ¿me devolveríais la reserva?", "if I
 * tell you on the day, do I get a refund?": whether the money comes back under a condition of
 * theirs is a question about the rules, whatever the condition. A "sí," that answers comes with
 * its comma, and is no "si" (if).
 */
/** A concession, to the end of its clause: "aunque no me devolváis nada", "even if there's no refund". */
// "ya sé que no me lo devolvéis, cancela igualmente", "I know there's no refund": the terms known.
// (Not "no sé qué hacer": unsure, no concession.)
const CONCESSION =
  /\b(aunque|even if|even though|although|sin que|ya se que|(?<!\bno )se que|i know)\b[^,;.!?\n]*/g;

const CONDITIONAL_REFUND =
  /(?:^|[^a-z])(?:si|if)\s+[a-z][^?]*\b(?:devolv|devuelv|reembols|refund|money back|recuper)\w*[^?]*\?/;
const conditionalRefund = (text: string) => CONDITIONAL_REFUND.test(fold(text).replace(/¿/g, ' '));
const policyQuestion = (text: string, folded: string) =>
  POLICY_QUESTION.test(folded) || conditionalRefund(text);

export const isPolicyQuestion = (text: string) => policyQuestion(text, normalised(text));
/** Asking to cancel in so many words ("cancélala", "anúlame la cita"), not said as unwanted. */
export const asksToCancel = (text: string) => CANCEL_VERB.test(normalised(text));
/**
 * Someone else came late, told after the fact ("el entrenador llegó tarde", "la última vez carlos
 * llego tarde 15 minutos"): a complaint, not the customer running late. "llegó" and "llego" fold
 * alike, so without the accent it takes a time gone by before it, the professional as its subject
 * ("el fisio llego…", not "con el fisio llego…"), or the past said otherwise ("llegaba", "was late").
 */
const OTHERS_LATE = new RegExp(
  [
    String.raw`\b(ayer|anteayer|la ultima vez|el otro dia|el dia que|la semana pasada)\s+(\w+\s+){0,3}?llego\b(\s+\w+){0,3}?\s+tarde\b`,
    String.raw`(?<!\bcon )\b(el|la) (entrenador|entrenadora|fisio|profe|profesor|profesora|monitor|monitora|peluquero|peluquera|estilista)\s+llego\b(\s+\w+){0,3}?\s+tarde\b`,
    String.raw`\bllegaba\b(\s+\w+){0,3}?\s+tarde\b`,
    String.raw`\b(he|she|the trainer|the physio|the stylist)\s+(was|came|arrived|showed up)\b(\s+\w+){0,3}?\s+late\b`,
  ].join('|'),
);
export const othersLate = (text: string) =>
  /\bllegó(?!\p{L})/iu.test(text) || OTHERS_LATE.test(normalised(text));
/** Late, said of a time to come: "tarde", "late", "me retraso". */
const RUNNING_LATE_IF = /\b(?:tarde|late|retraso|retrase|retrasara)\b/;
/** "si llego 10 min tarde, ¿la pierdo?", "what if I'm late?": a question of what would happen, nobody late yet. */
const IF_LATE =
  /\b(?:si|if)\s+(?:\w+\s+)?(?:llego|llegara|llegase|llegamos|voy a llegar|me retraso|i'?m|im|i am|i'?ll be|we'?re|we are|i arrive|i get there)\b/;
export const asksIfLate = (text: string) =>
  IF_LATE.test(normalised(text)) && RUNNING_LATE_IF.test(normalised(text));
export const isRunningLate = (text: string) =>
  RUNNING_LATE.test(normalised(text)) && !othersLate(text) && !IF_LATE.test(normalised(text));
/**
 * Running late and asking something of it ("¿pasa algo?", "¿me la retrasáis media hora?", "can you
 * wait?"): a person answers. Only saying so ("llego 10 min tarde, hay un atasco") needs no answer.
 */
const ASKS_OF_LATENESS =
  /\b(pasa algo|hay problema|me esperais|me esperas|me espera|esperadme|esperame|me (la|lo) (retrasais|retrasas|mueves|moveis|pasais|pasas|guardais|guardas|cambiais|cambias)|retrasar(la|lo)?|can you wait|will you wait|wait for me|is (that|it) ok|is that a problem)\b/;
export const asksOfLateness = (text: string) => ASKS_OF_LATENESS.test(normalised(text)) || text.includes('?');
/** What a message asks done to an appointment, in so many words: cancel it, move it, or neither. */
export function actionAsked(text: string): 'cancel' | 'move' | null {
  const folded = normalised(text);
  if (CANCEL_VERB.test(folded)) return 'cancel';
  return MOVE_VERB.test(folded) ? 'move' : null;
}

/**
 * The customer means one of their own appointments: to cancel, move or see it. For a number
 * that is nobody's, that is for a person to look up; never a search or a price.
 */
export function aboutOwnAppointment(text: string): boolean {
  const folded = normalised(text);
  if (policyQuestion(text, folded) || SUBSCRIPTION.test(folded)) return false;
  const own = OWN.test(folded) || BOOKING_NOUN.test(folded) || HAVE_ONE_WITH.test(folded);
  return (
    CANCEL_VERB.test(folded) ||
    (CANCEL.test(folded) && own) ||
    ((MOVE.test(folded) || PASS_IT.test(folded)) && own) ||
    PAID_ASKED.test(folded) ||
    (SEE.test(folded) &&
      (OWN.test(folded) ||
        BOOKED.test(folded) ||
        STILL_ON.test(folded) ||
        /\b(tenia|tengo)\b/.test(folded))) ||
    // "no me acuerdo si reservé para el 27 o el 28": a booking they made, to look up.
    (RECALL.test(folded) && BOOKED.test(folded)) ||
    // "reservé por la web pero me equivoqué de día": a booking of theirs to put right.
    WRONG_BOOKING.test(folded)
  );
}

/** "ya tengo una con él el jueves", "la tengo el miércoles con carlos": an appointment they say they have. */
const HAVE_ONE_WITH =
  /\b(?:ya )?tengo (?:una|uno)(?: (?:cita|hora|reserva|sesion))? (?:con|el|para|a las)\b|\b(?:la|lo) tengo (?:el|con|para|a las|reservad\w*|pedid\w*)\b|\bi (?:already )?have one (?:with|on|at)\b/;

/** A booking they made by mistake: the wrong day, time or person. */
const WRONG_BOOKING =
  /\b(?:me equivoque|me he equivocado|me confundi|i made a mistake|i got the wrong|i booked the wrong)\b.*\b(?:dia|hora|fecha|persona|profesional|day|time|date|person)\b|\b(?:reserve|he reservado|booked)\b.*\b(?:equivoque|equivocado|mal|wrong)\b/;
/** Notice given late: "ese mismo día", "con pocas horas", "on the day", "last minute". */
const LATE_NOTICE =
  /\b(mismo dia|ese dia|el dia antes|la noche antes|con (?:\d+|pocas|menos de \d+) horas|a ultima hora|same day|on the day|last minute|day before|night before)\b/;
/** Asking about the money while a cancellation waits for their yes. */
const REFUND_QUESTION =
  /\b(devol\w*|devuelv\w*|reembols\w*|dinero|money|refund\w*|get(?: .*)? back|how much back)\b/;
/**
 * "¿y con quién?", "what time?", "et c'est à quelle heure déjà ?", "und mit wem?": a follow-up about
 * the appointment just told, in the languages customers write (the reply is in ours).
 */
const FOLLOW_UP_ABOUT_IT =
  /^(?:(?:ah|oh|vale|ok|pues|y|and|pero|but|et|und|e|i)[\s,]+)*(?:it'?s |its |is it |es |c'? ?est |e |es ist )?(con quien|a (?:que|q) hora|(?:que|q) hora|donde|cuando|seguro|sure|really|what time|with whom|with who|who with|where|avec qui|a quelle heures?|quelle heures?|quand|mit wem|um wie ?viel uhr|wann|wo|con chi|a che ora|che ora|quando|com quem|a que horas|que horas|amb qui|a quina hora|quina hora|quan|on)\b/;

/** "Tengo cita", "I have an appointment": the customer saying they have one, not asking about it. */
const HAVE_ONE =
  /\b(tengo|tenia)( una)? (cita|sesion|clase|consulta|reserva|hora)\b|\bi (have|had) (an? )?(appointment|booking|session|class)\b/;
/** Asking when, what time or with whom: about the appointment itself. */
const ASKS_WHICH =
  /\b(cuando|(?:que|q|k) dia|a (?:que|q|k) hora|(?:que|q|k) hora|con quien|when|what time|what day|who with|with whom)\b/;

/**
 * "Tengo cita el jueves, ¿puedo llevar a un amigo?": the appointment named only to ask something
 * else about it (a friend, parking, being late). Not self-service: neither seeing, moving nor
 * cancelling it answers that, so a person does.
 */
export function ownBookingAside(text: string, isGreeting: (clause: string) => boolean): boolean {
  const folded = fold(text);
  if (
    !HAVE_ONE.test(folded) ||
    CANCEL.test(folded) ||
    MOVE.test(folded) ||
    PASS_IT.test(normalise(folded)) ||
    ASKS_WHICH.test(folded)
  )
    return false;
  const clauses = folded
    .split(/[,;.!?¿¡\n]+|\s(?:y|and|pero|but)\s/)
    .map((clause) => clause.trim())
    .filter((clause) => clause && !HAVE_ONE.test(clause));
  return clauses.some((clause) => {
    const count = clause.split(/\s+/).length;
    if (count <= 3 && isGreeting(clause)) return false;
    return count >= 3 || (count >= 2 && text.includes('?'));
  });
}

/** Subscriptions have their own way out: not this. */
const SUBSCRIPTION = /\b(suscrip\w*|subscri\w*|premium|cuota|membership)\b/;

const YES = [
  'si',
  'sim',
  // The other languages' yes: a client writing French, Italian, Portuguese, German or Catalan.
  'oui',
  'ja',
  'certo',
  'certamente',
  'va bene',
  'd accord',
  "d'accord",
  'dacord',
  'bien sur',
  'parfait',
  'perfetto',
  'perfeito',
  'claro que sim',
  'genau',
  'gerne',
  'vale',
  'ok',
  'okay',
  'okey',
  'de acuerdo',
  'confirmo',
  'confirmado',
  'adelante',
  'dale',
  'perfecto',
  'correcto',
  'claro',
  'por favor',
  'venga',
  'hazlo',
  'exacto',
  'eso es',
  'sip',
  'sipi',
  'sisi',
  'genial',
  'por supuesto',
  'yup',
  'of course',
  'absolutely',
  'yes',
  'yep',
  'yeah',
  'sure',
  'please',
  'confirm',
  'confirmed',
  'go ahead',
  'do it',
];
const NO = [
  'no',
  'non',
  'nein',
  'nao',
  'mejor no',
  'dejalo',
  'deja',
  'olvidalo',
  'no quiero',
  'nope',
  'no thanks',
  'leave it',
  'forget it',
  'never mind',
  'nevermind',
  'keep it',
];
/**
 * Where the new day or time starts in "pásala del jueves al viernes a las 6"; also as dictated or
 * typed as spoken: "a el jueves", "pa el jueves", "pal jueves"; and in the other languages
 * customers write: "di giovedì a venerdì", "de jeudi à samedi", "auf Freitag".
 */
const TARGET = new RegExp(
  `\\s(al|a el|para el|para la|para|pa el|pa la|pal|a las|a les|a la|a otro|a otra|hasta el|to|for|until|auf|(?:a|au|ao|zum)(?= (?:${EVERY_WEEKDAY_NAME.join('|')})\\b))\\s`,
);
/** The starts of this module's own replies, in every language: a follow-up to one is about the same appointments. */
const OWN_REPLIES = Object.values(REPLIES).flatMap((replies) => replies.own.replyStarts);

type Input = {
  text: string;
  language: Language;
  knowledge: AssistantKnowledge;
  /** Professionals the message names. */
  named: Professional[];
  /** The message matched the lexicon's own-booking phrases. */
  ownBooking: boolean;
  /** The assistant's previous reply, if any. */
  lastReply: string | undefined;
  /** Professionals of the kind the message names ("la nutricionista"), if it names one. */
  ofKind?: Professional[];
  /** The move half of a conditional request: a day named is where to move it, even with no verb. */
  moveOnly?: boolean;
  /** The customer's message before this one: what a request asked before "¿Cuál quieres cambiar?". */
  earlier?: string | undefined;
};

const say = (language: Language) => REPLIES[language].own;
const LANGUAGES = Object.keys(REPLIES) as Language[];

function firstWords(folded: string, count: number) {
  return folded.split(/\s+/).filter(Boolean).slice(0, count).join(' ');
}

/** The words a yes or a no is said in: never read as a slip of another word ("hazlo" is no "hallo"). */
export const ANSWER_WORDS = new Set([...YES, ...NO].flatMap((phrase) => phrase.split(' ')));

/**
 * "sii", "siiii", "vaaale", "okk", "noo", "yess": a yes or no typed with its letters stretched is
 * that word. Each word whose repeated letters, squeezed to one, make an answer word is read as it.
 */
/**
 * "no sé", "no lo sé": not knowing is no answer either way ("no se puede" is a no). "No sé si…"
 * goes whole: its "si" is "whether", never a yes ("no sé si cancelarla").
 */
/** "no sé", "not sure", "let me think": no answer yet ("sure" alone is a yes, "not sure" none). */
const UNSURE =
  /\bno (?:lo )?se\b(?: si\b)?(?! (?:puede|pueden|podria|hace))|\b(?:not sure|no estoy segur[oa]|let me think(?: about it)?|dejame pensarlo|tengo que pensarlo)\b/g;

export function stretchedAnswers(folded: string): string {
  return folded
    .split(/\s+/)
    .map((word) => {
      if (ANSWER_WORDS.has(word)) return word;
      const squeezed = word.replace(/([a-z])\1+/g, '$1');
      return squeezed !== word && ANSWER_WORDS.has(squeezed) ? squeezed : word;
    })
    .join(' ');
}

const NOT_ABLE = ['no puedo', 'no voy', 'no podre'];

/** Not deciding yet: "no sé", "espera que lo miro", "déjame pensarlo", "let me check". */
const HESITATES =
  /\b(?:no (?:lo )?se|espera\w*|un momento|un segundo|dejame (?:pensar\w*|mirar\w*|ver\w*|que lo \w+)|lo (?:pienso|miro|consulto|hablo)|ya te (?:digo|aviso|confirmo)|te digo algo|wait|hold on|let me (?:think|check|see)|not sure|i don'?t know|dunno)\b/;

/**
 * "¿si la cancelo me devolvéis los 10 €?", "si lo muevo al lunes, ¿pierdo algo?": "si" without its
 * accent, then a clause and a question mark, is "if", whatever a yes it looks like once folded.
 * "si, cancélala?" (a comma) and "si porfa?" stay yeses. "y si la cancelo igual, ¿me devolvéis
 * algo?" asks it too.
 */
export function asksWhatIf(text: string): boolean {
  return (
    text.includes('?') &&
    /^[\s¿¡"«]*(?:(?:y|e|pero|vale|bueno|ok|oye|entonces|pues)[\s,]+)?si\s+(?!(?:por ?favor|porfa|claro|vale|venga|gracias|ok|okay|perfecto|adelante|confirmo|hazlo|dale|cancel[a-záéíóú]*|camb[ií]a[a-z]*|mu[eé]ve[a-z]*|p[aá]sa[a-z]*)\b)[\p{L}\d]/iu.test(
      text.toLowerCase(),
    )
  );
}

/** A short yes or no, as the whole message or its start ("sí, cancélala", "no, mejor no"). */
export function answerOf(text: string): 'yes' | 'no' | null {
  // "bueno no sé, ¿cuánto me devolvéis?": unsure, no refusal. "sí no sé": unsure, no yes either;
  // "uff no sé… bueno venga sí": the yes said after it stands.
  const stretched = stretchedAnswers(text);
  const doubts = [...stretched.matchAll(UNSURE)].at(-1);
  const afterDoubt = doubts ? stretched.slice(doubts.index + doubts[0].length) : '';
  if (doubts && hasAny(afterDoubt, YES)) return answerOf(afterDoubt.replace(/^[\s.…,;:!]+/u, ''));
  const unsure = Boolean(doubts);
  const folded = stretched.replace(UNSURE, ' ').trim();
  // "eso" alone to "¿Cambio tu cita…?": that is what they want.
  if (/^(eso|eso mismo|justo eso|esa|esa misma|that one|that)$/.test(folded)) return 'yes';
  if (lettingGo(folded)) return 'no';
  const short = folded.split(/\s+/).filter(Boolean).length <= 6;
  const start = firstWords(folded, 3);
  // "espera no, mejor no la canceles…": a no at the start is a no however long the message.
  if (hasAny(start, NO) && !hasPhrase(start, 'no problem') && !hasAny(folded, NOT_ABLE)) return 'no';
  if (!short) return null;
  if (unsure) return null;
  if (hasAny(start, YES) || /^\s*(👍|👌|✅|🙏|💪|😊|🙂)/u.test(folded)) return 'yes';
  return null;
}

/**
 * The built-in engine's self-service: a client writing from their number sees, cancels or moves
 * their upcoming appointments. It proposes, the customer confirms, and only then does the service
 * act. Null when the message is not about their appointments (or the number is no client's).
 */
export async function ownBookingAnswer(input: Input): Promise<OwnBookingAnswer | null> {
  const { knowledge, language } = input;
  const customer = knowledge.customer;
  if (!customer) return null;
  // Colons stay: "18:30" is a time.
  const said = normalise(dottedTimes(fold(input.text)).replace(/[¿?¡!.,;()«»"]/g, ' '));
  // The actions they say they do not want are out of what is read, but "no quiero cambiarla" is a no.
  const folded = normalised(input.text);
  // A place in line asked for is the engine's to answer (a yes joins it), not an appointment's.
  const pending = knowledge.pendingChange?.kind === 'waitlist' ? null : knowledge.pendingChange;
  const pendingAppointment = customer.appointments.find((a) => a.id === pending?.appointmentId);
  const reply = (...replies: string[]): OwnBookingAnswer => ({ replies });
  // "¿si la cancelo me devolvéis los 10 €?" asks what would happen: a question, no yes.
  const whatIf = asksWhatIf(input.text);
  const answer = whatIf ? null : answerOf(said);
  // "ay claro, que a las 11 ya tengo la otra. pues a las 12" to "¿…a las 11:00?": 12:00 is the time
  // said, so no yes to 11:00 ("claro" aside).
  const clock = clockOf(laterWish(folded));
  const when = resolveWhen(folded, knowledge.now, knowledge.timeZone);
  const back = pointsBack(folded);

  // A yes to a change of an appointment no longer theirs (staff cancelled it since the question):
  // nothing to do, and said so, not a cheerful "¡Perfecto!" that reads as done.
  // Of several, the yes stands for those still theirs: the service makes those and says which was not.
  if (pending && !pendingAppointment && answer === 'yes') {
    const stillTheirs = eachChange(pending).some((one) =>
      customer.appointments.some((a) => a.id === one.appointmentId),
    );
    if (stillTheirs) return { replies: [], confirm: true };
    return reply(say(language).noLongerBooked(Boolean(pending.also?.length)));
  }
  if (pending && pendingAppointment) {
    // Several changes waiting for one yes: "solo la del jueves", "no, la del sábado no" (even said
    // with a yes: "sí, pero solo la del jueves") leaves fewer of them, asked again.
    const changes = eachChange(pending);
    const covered =
      changes.length > 1
        ? changes.flatMap((one) => customer.appointments.filter((a) => a.id === one.appointmentId))
        : [];
    if (covered.length > 1 && (ONLY.test(folded) || answer === 'no' || keptByClause(covered, input))) {
      const fewer = pick(covered, folded, input, true);
      if (fewer.length && fewer.length < covered.length) {
        if (pending.kind === 'cancel')
          return { replies: [askToCancelAll(fewer, language)], propose: cancelAllProposal(fewer) };
        const moves = fewer.flatMap((appointment) =>
          changes.flatMap((one) =>
            one.kind === 'reschedule' && one.appointmentId === appointment.id && one.date && one.time
              ? [{ appointment, appointmentId: appointment.id, date: one.date, time: one.time }]
              : [],
          ),
        );
        return { replies: [askToMoveAll(moves, language)], propose: moveAllProposal(moves) };
      }
    }
    const askAgain = () =>
      covered.length > 1 ? askToCancelAll(covered, language) : askToCancel(pendingAppointment, language);
    // "yes, the 3rd" to "…to Thursday 3 December at 16:00?": the day proposed, said again with the yes;
    // "sí, a las 20:00" to "…a las 20:00?": the time proposed, said again with the yes.
    // ("vale si, el sabado a las 11" is longer than a bare yes, and the rest of it says the same.)
    // Never with a no, a but, an if or a cancellation in it ("si a las 18 no puedo, cancélala").
    const saysYes =
      (answer === 'yes' || (answer === null && !whatIf && hasAny(firstWords(said, 3), YES))) &&
      !/\b(?:no|not|pero|but|if|cancel\w*|anul\w*)\b/.test(said) &&
      !input.text.includes('?');
    const restated =
      saysYes &&
      pending.kind === 'reschedule' &&
      (when ? when.from === pending.date && when.to === pending.date : clock.at !== undefined) &&
      [clock.at, when?.at].every(
        (at) => !at || (pending.time !== null && (at === pending.time || morningTwin(at) === pending.time)),
      ) &&
      !clock.partOfDay &&
      !clock.after &&
      !clock.before;
    const retarget =
      !restated &&
      pending.kind === 'reschedule' &&
      (when ||
        clock.at ||
        clock.partOfDay ||
        clock.after ||
        back.time ||
        back.day ||
        // "¿qué horas tiene ese día entonces?": the free times of the day being chosen.
        (pending.date !== null && TIMES_THAT_DAY.test(folded)));
    // "no espera, mejor la del corte, la de sergio, esa al sábado a las 12" while Nerea's move waits:
    // the other appointment, named by its professional, is the one to move, proposed afresh.
    // ("¿y Iker qué días trabaja?" names him to ask something else: only with a day or time to move to.)
    // "hmm no, keep it. Instead move the physio one to…" while a cancellation waits: the one of
    // the kind named is moved, and the one proposed is kept. (A name or a kind points alike.)
    const pointedAt = [...input.named, ...(input.ofKind ?? [])].map((p) => fold(p.name));
    const namesPending = pointedAt.includes(fold(pendingAppointment.employeeName));
    const movesTo = when !== undefined || clock.at !== undefined;
    const switching =
      (pending.kind === 'reschedule' && movesTo) ||
      (pending.kind === 'cancel' &&
        (MOVE.test(folded) || PASS_IT.test(folded) || PASS_THIS.test(folded)) &&
        !CANCEL_VERB.test(folded));
    // "en vez de eso la del jueves pásala a las 13": the other one, named by its day.
    const byDay = referredByDay(folded, customer.appointments, knowledge);
    const namedOther =
      switching && !namesPending && !byDay.includes(pendingAppointment)
        ? customer.appointments.filter(
            (other) =>
              other.id !== pendingAppointment.id &&
              (pointedAt.includes(fold(other.employeeName)) || byDay.includes(other)),
          )
        : [];
    if (namedOther.length === 1) return move(namedOther[0]!, input, folded, null);
    if (retarget) return move(pendingAppointment, input, folded, pending.date, pending.time);
    const complete = pending.kind === 'cancel' || (pending.date && pending.time);
    // "fine, cancel it then" to a proposed cancellation says yes too.
    // A concession ("aunque no me devolváis nada", "even if there's no refund") accepts the terms: its
    // "no" is no refusal.
    // The concession ends at its clause: "vale aunque no me devolváis nada, cancela" is a yes.
    // "sí porfa, la del viernes la mantengo": the yes is to the one proposed; the clause keeping
    // another of theirs is set aside.
    const keptAside = keptByClause(customer.appointments, input);
    const asideOnly = Boolean(keptAside?.kept.length) && !keptAside?.kept.includes(pendingAppointment);
    const conceded = (asideOnly ? keptAside!.rest : fold(input.text)).replace(CONCESSION, ' ');
    const unconceded = normalised(conceded);
    const agreed = whatIf ? null : answerOf(normalise(dottedTimes(conceded).replace(/[¿?¡!.,;()«»"]/g, ' ')));
    const sameAgain =
      !whatIf &&
      pending.kind === 'cancel' &&
      CANCEL.test(unconceded) &&
      agreed !== 'no' &&
      !when &&
      !/\b(no|not|don'?t|dont|nunca|never|espera|wait)\b/.test(unconceded);
    if ((agreed === 'yes' || sameAgain || restated) && complete) return { replies: [], confirm: true };
    // "ah vale, es el martes 1, pues esa": the day of the one proposed said back, no yes yet: the
    // same question again (a yes of its own confirms it).
    const saysItsDay =
      pending.kind === 'cancel' &&
      answer !== 'no' &&
      when?.from === pendingAppointment.date &&
      when.to === pendingAppointment.date &&
      !MOVE.test(folded) &&
      !PASS_IT.test(folded);
    if (saysItsDay) return { replies: [askAgain()], propose: pending };
    if (pending.kind === 'cancel' && answer !== 'no' && REFUND_QUESTION.test(folded)) {
      // "¿me devolvéis el dinero?" before saying yes: the answer, and the same question again.
      return { replies: [askAgain()], propose: pending };
    }
    // ("espera no, mejor la del viernes" points at another of theirs, by its day: that one is meant.)
    const prefer = preferred(folded, knowledge);
    const prefersAnotherOfTheirs =
      prefer !== null &&
      pointedAtInstead(
        customer.appointments,
        pendingAppointment,
        folded.slice(prefer.index + prefer[0].length),
        input,
      ) !== undefined &&
      /^\s*(?:la|el|lo|the) (?:del|de la|de|one|on)\b/.test(folded.slice(prefer.index + prefer[0].length));
    // "actually no, can we do Tuesday same time instead?": a day or an hour said instead of the
    // cancellation is where to move it, unless another appointment of theirs is on that day (then
    // "no, mejor la del jueves" points at which to cancel, below).
    const dayInstead =
      pending.kind === 'cancel' &&
      INSTEAD.test(folded) &&
      !prefersAnotherOfTheirs &&
      Boolean(when || clock.at) &&
      !customer.appointments.some(
        (other) =>
          other.id !== pendingAppointment.id && when && other.date >= when.from && other.date <= when.to,
      );
    if (dayInstead) return move(pendingAppointment, input, folded, null);
    // "no, no la anules, mejor cámbiala al jueves": the no is to the cancellation; the move is asked below.
    const movesInstead =
      pending.kind === 'cancel' &&
      (MOVE.test(folded) ||
        PASS_IT.test(folded) ||
        PASS_THIS.test(folded) ||
        (prefer && !prefersAnotherOfTheirs));
    // "bueno no, mejor cancélala directamente" while a move is being chosen: the no is to the move;
    // the cancellation is asked below.
    const cancelsInstead = pending.kind === 'reschedule' && CANCEL_VERB.test(folded);
    // "no no, la del 4 de diciembre": not that one but another of theirs, which the words point at
    // and the proposed one does not: the same cancellation is put for it, still asking for a yes.
    // "la del viernes no la toques, solo la de mañana": what a keeping clause names is left out, and
    // the rest of the message points.
    const keeping = answer === 'no' ? keptByClause(customer.appointments, input) : null;
    // "la del jueves no, la del viernes": the one refused is not the one pointed at.
    const pointing = (keeping?.kept.includes(pendingAppointment) ? keeping.rest : folded).replace(
      REFUSED_ONE,
      ' ',
    );
    const instead =
      answer === 'no' && pending.kind === 'cancel' && !movesInstead
        ? pointedAtInstead(customer.appointments, pendingAppointment, pointing, input)
        : undefined;
    if (instead) {
      if (!instead.canCancel) return reply(reasonText(instead.reason, instead, language));
      return { replies: [askToCancel(instead, language)], propose: cancelProposal(instead) };
    }
    if (answer === 'no' && !movesInstead && !cancelsInstead) {
      return reply(
        covered.length > 1
          ? say(language).nothingChangesAll
          : say(language).nothingChanges(describeAppointment(pendingAppointment, language)),
      );
    }
    // "sí no sé", "espera que lo miro", "let me check": no yes yet, and no no: nothing is done,
    // and the same change still waits for their yes.
    if (answer !== 'no' && !movesInstead && !cancelsInstead && HESITATES.test(folded))
      return {
        replies: [say(language).noRush(describeAppointment(pendingAppointment, language))],
        propose: pending,
      };
  }

  // "si cancelo la del jueves, ¿me devolvéis el dinero?": what cancelling that one would give back, and nothing done.
  if (policyQuestion(input.text, folded) && customer.appointments.length && !pending) {
    const picked = pick(customer.appointments, folded, input, true);
    const [appointment] = picked;
    if (appointment && picked.length === 1)
      return reply(
        NO_SHOW.test(folded)
          ? ifNotComing(appointment, language)
          : // A refund under a condition of theirs ("si aviso el mismo día"): until when it comes back, and after that not.
            REFUND_QUESTION.test(folded) && (!CHANGE_QUESTION.test(folded) || LATE_NOTICE.test(folded))
            ? refundDeadline(appointment, language)
            : MOVE.test(folded) && !REFUND_QUESTION.test(folded)
              ? costOfMoving(appointment, language)
              : refundIfCancelled(appointment, language),
      );
  }

  // "cámbiamela al sábado, y si no, cancélala", "si no puedes moverla al sábado, cancélala",
  // "cancélala si no hay hueco el sábado": a cancellation said with a condition is only ever the
  // other option; the move is the request, and the cancellation is put to them only when the move
  // cannot be made, still asking for their yes.
  const conditional = CONDITIONAL.test(said.replace(POLITE_IF, ' '));
  if (conditional && !input.moveOnly && CANCEL_VERB.test(said)) {
    const moveText = said.replace(new RegExp(CANCEL_VERB.source, 'g'), ' ');
    const day = resolveWhen(moveText, knowledge.now, knowledge.timeZone);
    const asksMove =
      MOVE.test(moveText) ||
      PASS_IT.test(moveText) ||
      Boolean(preferred(moveText, knowledge)) ||
      Boolean(day && customer.appointments.every((a) => a.date < day.from || a.date > day.to));
    if (asksMove) {
      const wanted = await ownBookingAnswer({ ...input, text: moveText, moveOnly: true });
      if (wanted) {
        const fallback = wanted.unmet
          ? await otherwiseAnswer(wanted.unmet.appointment, 'cancelar', input)
          : null;
        if (!wanted.unmet || !fallback) return wanted;
        return { ...fallback, replies: [`${wanted.unmet.text} ${fallback.replies.join('\n')}`] };
      }
    }
  }
  // "cámbiamela al viernes a las 5, o si no al lunes": the first wish is the request; the other is
  // only put to them when the first cannot be done. Never both, never the other first.
  const alternative = ALTERNATIVE.exec(said);
  if (alternative && alternative.index > 0) {
    const otherwise = withoutNegatedActions(said.slice(alternative.index + alternative[0].length)).trim();
    const wanted = await ownBookingAnswer({ ...input, text: said.slice(0, alternative.index) });
    if (wanted) {
      // What could not be done stays marked, for a condition around this one ("…y si no se puede, la anulas").
      const fallback =
        wanted.unmet && otherwise ? await otherwiseAnswer(wanted.unmet.appointment, otherwise, input) : null;
      if (!wanted.unmet || !fallback) return wanted;
      return { ...fallback, replies: [`${wanted.unmet.text} ${fallback.replies.join('\n')}`] };
    }
  }

  const lastReply = input.lastReply ?? '';
  const askedWhich = lastReply.includes(say(language).whichMark);
  const askedTime = lastReply.includes(say(language).askTimeMark);
  const afterOwnReply = OWN_REPLIES.some((start) => lastReply.includes(start));
  // "mmm déjame pensarlo", "bueno no, la mantengo" after a reply about one of theirs (what
  // cancelling it would give back): nothing changes, and it is said which stays.
  if (!pending && lettingGo(said)) {
    const told = customer.appointments.filter((a) => lastReply.includes(describeAppointment(a, language)));
    if (told.length === 1)
      return reply(say(language).nothingChanges(describeAppointment(told[0]!, language)));
  }
  const followUp =
    afterOwnReply &&
    (SEE.test(folded) ||
      FOLLOW_UP_ABOUT_IT.test(folded) ||
      /\b(pense que tenia|i thought i had|tenia una|i had one)\b/.test(folded));
  const subscription = SUBSCRIPTION.test(folded);
  const hasUpcoming = customer.appointments.length > 0;
  // A professional they have an appointment with: "puedo pasar la de lucía al jueves" ("la de" them
  // is theirs), "y el otro? carlos" after theirs with Javier was told.
  const namesTheirs = input.named.some((p) =>
    customer.appointments.some((a) => fold(a.employeeName) === fold(p.name)),
  );
  // "la de la nutricionista es online?": the one with the professional of a kind they have one with.
  const kindOfTheirs = (input.ofKind ?? []).some((p) =>
    customer.appointments.some((a) => fold(a.employeeName) === fold(p.name)),
  );
  const theirsWith =
    (/\b(?:la|el) (?:de|con)\b/.test(folded) && namesTheirs) ||
    // "la de las uñas", "lo del tinte": what their professional of that kind does.
    (/\b(?:la|el|lo) (?:del|de la|de las|de los|de|con el|con la)\b/.test(folded) && kindOfTheirs);
  const ownWords = (OWN.test(folded) || theirsWith) && !NEW_BOOKING.test(folded);
  const moveWords = MOVE.test(folded) || PASS_IT.test(folded) || PASS_TO.test(`${folded} `);
  const cancelling =
    !subscription &&
    !policyQuestion(input.text, folded) &&
    // "no llego, ¿me la cambias al sábado?": not coming, but asking to move it, is a move.
    (CANCEL_VERB.test(folded) ||
      (CANNOT_COME.test(folded) && !moveWords) ||
      (askedWhich && fold(lastReply).includes('cancel')));
  // "la del viernes, mejor por la tarde": a day or time they would rather have, said of one of theirs.
  const prefers =
    hasUpcoming &&
    !cancelling &&
    prefersAnother(folded, customer.appointments, input, ownWords || afterOwnReply);
  // "la del miércoles no me viene bien, el viernes a la misma hora": moved there.
  const elsewhere = hasUpcoming && !cancelling ? elsewhereWanted(folded, knowledge) : -1;
  const moving =
    !subscription &&
    !cancelling &&
    (input.moveOnly ||
      elsewhere > 0 ||
      MOVE.test(folded) ||
      PASS_IT.test(folded) ||
      prefers ||
      // "me pasas las dos citas al jueves": "las dos" of a client passing is theirs.
      // "me pasas el corte con ivan al viernes": passing one with whom they have theirs.
      (PASS.test(folded) &&
        (ownWords ||
          input.ownBooking ||
          SEVERAL.test(folded) ||
          namesTheirs ||
          OWN_REPLIES.some((start) => lastReply.startsWith(start)))) ||
      // "pásala al jueves", "pásalo" (el corte): the verb carries the appointment.
      PASS_THIS.test(folded) ||
      PASS_ME_THE.test(folded) ||
      (askedWhich && /cambiar|mover|move/.test(fold(lastReply))));
  const about =
    !subscription &&
    (SEE.test(folded) ||
      PAID_ASKED.test(folded) ||
      ownWords ||
      input.ownBooking ||
      // "¿y la manicura a qué hora era?": a service one of theirs is.
      asksOfOwnService(input.text, customer.appointments) ||
      askedWhich ||
      askedTime ||
      followUp ||
      // "Tu próxima cita es…" → "¿la puedo cambiar?": the one just told.
      (afterOwnReply && hasUpcoming && (moving || cancelling)) ||
      (afterOwnReply && namesTheirs && /^(?:y|and)\b/.test(folded)) ||
      // "Tu próxima cita es el martes…" → "no perdona, quería decir la del jueves": another of theirs, by its day.
      (afterOwnReply && referredByDay(folded, customer.appointments, knowledge).length > 0) ||
      // A client with appointments who cancels, or moves to a day or "la cita", means theirs
      // ("cancel tomorrow's physio", "tengo que cambiar la cita").
      (hasUpcoming &&
        (cancelling ||
          (moving &&
            Boolean(
              when ||
                clock.at ||
                clock.after ||
                clock.before ||
                clock.partOfDay ||
                back.time ||
                back.day ||
                SHIFT.test(folded) ||
                SHIFT_DAYS.test(folded) ||
                BOOKING_NOUN.test(folded),
            )))));
  if (!about) return null;

  const upcoming = customer.appointments;
  if (upcoming.length === 0) {
    return reply(say(language).noneBooked(customer.name.split(' ')[0] ?? customer.name));
  }

  // The part before the new day or time names the appointment: "del jueves al viernes".
  const targetAt = elsewhere > 0 ? elsewhere : moving ? targetStart(folded, knowledge) : -1;
  const source = targetAt > 0 ? folded.slice(0, targetAt) : folded;
  // A move with no word marking the new day names only the new day: no day to pick the appointment by.
  // "2", "la primera", "the last one" to the numbered question: the option of that number.
  // "la 1, al martes 1 a las 11": the option first, then where to move it.
  const chosen = askedWhich
    ? (optionChosen(folded, lastReply, upcoming, language) ??
      (targetAt > 0 ? optionChosen(source, lastReply, upcoming, language) : undefined))
    : undefined;
  // "la del miércoles" to "¿Cuál quieres cambiar? Dime el número o el día.": the day picks one of them.
  // An answer to it picks among the options it listed ("la primera, la de esta semana" of two
  // Thursdays is the first Thursday, not their first appointment).
  const asked = askedWhich ? optionsListed(lastReply, upcoming, language) : [];
  const candidates = chosen
    ? [chosen]
    : pick(
        asked.length >= 2 ? asked : upcoming,
        source,
        input,
        (askedWhich && targetAt <= 0) || !(moving && targetAt <= 0),
      );
  // "la del jueves no, la otra": the day named the one refused, not where to move the other (which
  // may follow: "…, la otra. al sábado a las 12").
  const refusedNamed = Boolean(chosen) && OTHER_ONE.test(folded);

  // "cancela las dos", "cancel both", "todas menos la del jueves": several of theirs, one question.
  // "muévelas ambas una hora más tarde", "move both my Thursday ones to Saturday, same times": each
  // moved as asked, by one question, when every one of them has that time free.
  const several =
    cancelling || moving ? severalMeant(source, asked.length >= 2 ? asked : upcoming, input) : null;
  if (several && cancelling) return cancelSeveral(several, language);
  const movingSeveral = several
    ? await moveSeveral(
        several,
        input,
        targetAt > 0 ? folded.slice(targetAt) : askedTarget(askedWhich, input),
      )
    : null;
  if (movingSeveral) return movingSeveral;

  if (!cancelling && !moving)
    return reply(
      PAID_ASKED.test(folded)
        ? paidAnswer(candidates.length ? candidates : upcoming, language)
        : listed(candidates, upcoming, source, input),
    );

  if (candidates.length !== 1) {
    const options = candidates.length ? candidates : upcoming;
    return reply(say(language).whichOne(numbered(options, language), cancelling));
  }
  const appointment = candidates[0]!;
  if (cancelling) {
    if (!appointment.canCancel) return reply(reasonText(appointment.reason, appointment, language));
    return {
      replies: [askToCancel(appointment, language)],
      propose: cancelProposal(appointment),
    };
  }
  const target = targetAt > 0 ? folded.slice(targetAt) : refusedNamed ? ' ' : '';
  return move(appointment, input, target || askedTarget(askedWhich, input), null);
}

/** "las dos", "ambas", "both", "todas", "all of them": several of their appointments at once ("la de las dos" is 14:00). */
const SEVERAL =
  /(?<!\b(?:de|a|sobre|hasta|desde|at)\s)\b(?:(?:las|los|les|as|os) (?:dos|dues|duas|tres|cuatro)|(?:las|los) (?:de|del|con)(?= (?!las\b|la\b)[a-z])|ambas|ambos|ambdues|both|the two|the three|all (?:three|of them|my|the|four)|todas|todos|totes)\b/;
/** "todas menos la del jueves", "all except Thursday's": the ones after it are kept. */
const EXCEPT = /\b(?:menos|excepto|salvo|quitando|except|apart from|other than|but not)\b/;
/** "solo la del jueves", "just the Thursday one": fewer than were asked about. */
const ONLY = /\b(?:solo|solamente|unicamente|nada mas|only|just)\b/;
const HOW_MANY: Record<string, number> = {
  dos: 2,
  dues: 2,
  duas: 2,
  ambas: 2,
  ambos: 2,
  ambdues: 2,
  both: 2,
  two: 2,
  tres: 3,
  three: 3,
  cuatro: 4,
  four: 4,
};

/**
 * The appointments a request for several names, of `among`: all of them ("cancela todas"), those
 * the rest of the message picks ("las dos del jueves"), less those after "menos" ("todas menos la
 * del jueves"). Null when it names no several, or a number that is not how many it picks ("las
 * dos" of three is asked).
 */
function severalMeant(
  message: string,
  theirs: CustomerAppointment[],
  input: Input,
): CustomerAppointment[] | null {
  // "cancela las de carlos, la del fisio la dejo": what a clause keeps is none of them.
  const keeping = SEVERAL.test(message) ? keptByClause(theirs, input) : null;
  const keepsSome = Boolean(keeping?.kept.length) && keeping!.kept.length < theirs.length;
  const among = keepsSome ? theirs.filter((a) => !keeping!.kept.includes(a)) : theirs;
  const source = keepsSome && SEVERAL.test(keeping!.rest) ? keeping!.rest : message;
  const said = SEVERAL.exec(source);
  if (!said || among.length < 2) return null;
  const except = EXCEPT.exec(source);
  const rest = (except ? source.slice(0, except.index) : source).replace(SEVERAL, ' ');
  // Each part picks by the professionals it names itself ("todas menos la de carlos").
  const namedIn = (part: string) => ({
    ...input,
    text: part,
    named: input.named.filter((p) =>
      words(fold(p.name)).some((word) => word.length > 2 && part.includes(word)),
    ),
    ofKind: except ? [] : input.ofKind,
  });
  let meant = pick(among, rest, namedIn(rest), true);
  if (except) {
    const after = source.slice(except.index + except[0].length);
    const kept = pick(meant, after, { ...namedIn(after), ofKind: input.ofKind }, true);
    if (!kept.length || kept.length === meant.length) return null;
    meant = meant.filter((a) => !kept.includes(a));
  }
  const count = words(said[0])
    .map((word) => HOW_MANY[word])
    .find(Boolean);
  if (count ? meant.length !== count : meant.length < 2) return null;
  return meant;
}

/**
 * "ay claro, que a las 11 ya tengo la otra jaja. pues a las 12": of two times said, the one after
 * the last "pues", "mejor" or "then" is the one wanted; the words before it, whatever time they
 * name, are what they gave up.
 */
function laterWish(text: string): string {
  const marker = [...text.matchAll(/\b(?:pues|entonces|mejor|so|then|better|instead)\b/gi)].at(-1);
  if (!marker?.index) return text;
  const after = text.slice(marker.index);
  return clockOf(text.slice(0, marker.index)).at && clockOf(after).at ? after : text;
}

/**
 * Moving several of theirs at once: each as a move of it alone would be proposed, put by one
 * question; null when any of them has no whole proposal (no day or time, not free, too late) or
 * two would take the same time with the same professional: then they are asked one at a time.
 */
async function moveSeveral(
  meant: CustomerAppointment[],
  input: Input,
  targetText: string,
): Promise<OwnBookingAnswer | null> {
  const moves: Array<MoveTerms & { appointment: CustomerAppointment }> = [];
  for (const appointment of meant) {
    const answer = await move(appointment, input, targetText, null);
    const proposed = answer.propose;
    if (answer.unmet || proposed?.kind !== 'reschedule' || !proposed.date || !proposed.time) return null;
    const { date, time } = proposed;
    if (
      moves.some(
        (m) =>
          m.appointment.employeeUsername === appointment.employeeUsername &&
          m.date === date &&
          m.time === time,
      )
    )
      return null;
    moves.push({ appointment, appointmentId: appointment.id, date, time });
  }
  return { replies: [askToMoveAll(moves, input.language)], propose: moveAllProposal(moves) };
}

/** Cancelling several of theirs: those that can be put to them by one question, and why any cannot. */
function cancelSeveral(meant: CustomerAppointment[], language: Language): OwnBookingAnswer {
  const can = meant.filter((a) => a.canCancel);
  const why = meant.filter((a) => !a.canCancel).map((a) => reasonText(a.reason, a, language));
  if (!can.length) return { replies: [why.join('\n')] };
  return { replies: [[...why, askToCancelAll(can, language)].join('\n')], propose: cancelAllProposal(can) };
}

/**
 * "muévela al jueves" → "¿Cuál quieres cambiar?" → "la de la semana que viene": where the request
 * asked to move it, which the answer that picks the appointment does not repeat ('' when it said none).
 */
function askedTarget(askedWhich: boolean, input: Input): string {
  if (!askedWhich || !input.earlier) return '';
  const earlier = normalised(input.earlier);
  const at = targetStart(earlier, input.knowledge);
  return at > 0 ? earlier.slice(at) : '';
}

/** "¿ya he pagado la del jueves?", "is it paid?": whether one of theirs is paid. */
const PAID_ASKED =
  /\b(?:ya\s+)?(?:he|habia|hemos|hube)\s+pagado\b|\b(?:esta|estaba|queda|quedo)\s+(?:ya\s+)?pagad[ao]s?\b|\b(?:la|lo|las)\s+(?:tengo|tenia)\s+(?:ya\s+)?pagad[ao]s?\b|\b(?:did|have|had)\s+i\s+(?:already\s+)?paid\b|\bis\s+it\s+(?:already\s+)?paid\b|\bcuanto\s+(?:me\s+)?(?:costo|cobrasteis|cobraron|pague)\b|\bhow much did (?:i pay|it cost)\b/;

/** Whether each appointment asked about is paid, and how. */
function paidAnswer(appointments: CustomerAppointment[], language: Language): string {
  return appointments
    .map((appointment) => {
      const told = describeAppointment(appointment, language);
      if (appointment.packSessionBack !== null) return say(language).paidWithPack(told);
      return appointment.paid
        ? say(language).paidFor(told, money(appointment.paid.amount, appointment.paid.currency, language))
        : say(language).notPaidOnline(told);
    })
    .join('\n');
}

/** "la otra", "the other one": of the appointments listed, the one not named. */
const OTHER_ONE = /\b(la otra|el otro|the other)\b/;

/** "¿Sigue en pie?", "is it still on?": asking to be told it stands. */
const STILL_ON = /\b(en pie|confirmad\w*|vigente|still on|still booked|still scheduled|still confirmed)\b/;

/**
 * The appointments asked about, as an answer: the ones the words point at, and when they name a
 * day that has none, that first ("el jueves no tienes ninguna; tu próxima es el viernes…").
 */
function listed(
  candidates: CustomerAppointment[],
  upcoming: CustomerAppointment[],
  source: string,
  input: Input,
) {
  const { language, knowledge } = input;
  const lines = candidates.length ? candidates : upcoming;
  const asked = resolveWhen(source, knowledge.now, knowledge.timeZone);
  const single = asked && asked.from === asked.to;
  const onThatDay =
    !asked ||
    lines.some(
      (a) =>
        (a.date >= asked.from && a.date <= asked.to) ||
        (single && WEEKDAY_NAME.test(source) && weekdayOf(a.date) === weekdayOf(asked.from)),
    );
  const none = onThatDay ? '' : single ? say(language).noneOnDay(asked.from) : say(language).noneOnDates;
  const text =
    lines.length === 1
      ? onThatDay && STILL_ON.test(source)
        ? say(language).stillOn(describeAppointment(lines[0]!, language))
        : say(language).next(none, describeAppointment(lines[0]!, language))
      : say(language).these(
          none,
          lines.map((a) => describeAppointment(a, language)),
        );
  return [text, ...whereItIs(lines, source, input), say(language).tellMeToChange(lines.length > 1)].join(
    '\n',
  );
}

// (Also "¿es en Madrid o en Alcobendas?", "is it in Madrid?".)
// ("¿es online o tengo que ir a Barcelona?", "is it online?", "es en granada no?": where too.)
const WHERE =
  /\b(donde|where|en que (sitio|centro|sede|ciudad)|es en [a-z]+(?: [a-z]+)? o (?:en )?[a-z]+|es en [a-z]+(?= (?:no|verdad|cierto)\b|\s*$)|is (?:it|that) in|es (?:online|presencial|en persona)|is (?:it|that) (?:online|in person))\b/;

/** "¿y dónde es?": where the professional of the appointments asked about works, when it is one. */
function whereItIs(lines: CustomerAppointment[], source: string, { knowledge, language }: Input): string[] {
  if (!WHERE.test(source)) return [];
  const usernames = new Set(lines.map((a) => a.employeeUsername));
  const [username] = usernames;
  const professional =
    usernames.size === 1 ? knowledge.employees.find((e) => e.username === username) : undefined;
  if (!professional?.locations.length) return [];
  const places = professional.locations.map((place) => (place === 'Online' ? 'online' : place));
  return [
    places.length === 1
      ? say(language).isIn(places[0]!)
      : say(language).worksInWhich(professional.name, list(places, language)),
  ];
}

/** What the customer asked for in case the first wish cannot be done: a cancellation, or another day or time. */
async function otherwiseAnswer(
  appointment: CustomerAppointment,
  otherwise: string,
  input: Input,
): Promise<OwnBookingAnswer | null> {
  const { knowledge, language } = input;
  if (CANCEL.test(otherwise)) {
    if (!appointment.canCancel) return { replies: [reasonText(appointment.reason, appointment, language)] };
    return {
      replies: [askToCancel(appointment, language)],
      propose: cancelProposal(appointment),
    };
  }
  const clock = clockOf(otherwise);
  const back = pointsBack(otherwise);
  if (
    !resolveWhen(otherwise, knowledge.now, knowledge.timeZone) &&
    !clock.at &&
    !clock.partOfDay &&
    !clock.after &&
    !clock.before &&
    !back.day &&
    !back.time
  )
    return null;
  const { unmet: _unmet, ...answer } = await move(
    appointment,
    { ...input, text: otherwise },
    otherwise,
    null,
  );
  return answer;
}

/** Where the new day or time starts: after the verb that moves it ("pásala del jueves al viernes"), or right after "mejor". */
function targetStart(folded: string, knowledge: AssistantKnowledge): number {
  const verb = MOVE_VERB.exec(folded) ?? PASS_IT.exec(folded);
  const prefer = preferred(folded, knowledge);
  if (prefer && (!verb || prefer.index < verb.index)) return prefer.index;
  if (verb) {
    const end = verb.index + verb[0].length;
    const marker = folded.slice(end).search(TARGET);
    if (marker >= 0) return end + marker;
  }
  return folded.search(TARGET);
}

/** "no me viene bien", "doesn't suit me": said of one of theirs, the time it is at does not suit. */
const NOT_SUITING =
  /\bno me (?:viene|va|cuadra|encaja|vendria|iria|va a venir) (?:nada )?bien\b|\bno me (?:viene|cuadra|encaja)\b|\b(?:doesn'?t|does not|won'?t) (?:suit|work for) me\b/;

/**
 * "la del barbero del miércoles no me viene bien… el viernes a la misma hora mejor": one of theirs
 * (by its day, its professional or their kind) does not suit, and a day or time follows: where
 * they would have it instead starts after the words that it does not suit. -1 when not so said.
 */
function elsewhereWanted(folded: string, knowledge: AssistantKnowledge): number {
  const theirs = knowledge.customer?.appointments ?? [];
  const suitsNot = NOT_SUITING.exec(folded);
  if (!suitsNot || !theirs.length) return -1;
  const before = folded.slice(0, suitsNot.index);
  if (!namesWhen(folded.slice(suitsNot.index + suitsNot[0].length), knowledge)) return -1;
  const day = resolveWhen(before, knowledge.now, knowledge.timeZone);
  const kinds = kindsOfText(before);
  const refers = theirs.some(
    (a) =>
      (day && a.date >= day.from && a.date <= day.to) ||
      words(before).includes(fold(a.employeeName).split(' ')[0]!) ||
      [...kinds].some((kind) => kindsOfTheirs(a, knowledge).has(kind)) ||
      OWN.test(before),
  );
  return refers ? suitsNot.index + suitsNot[0].length : -1;
}

/** "la del miércoles no me viene bien": what follows is where they would have it, no correction. */
export const saysItDoesNotSuit = (text: string) => NOT_SUITING.test(normalised(text));

/** Whether a message says one of the client's appointments does not suit and where they would have it. */
export const theirsElsewhere = (text: string, knowledge: AssistantKnowledge) =>
  elsewhereWanted(normalised(text), knowledge) > 0;

/** "mejor el viernes", "prefiero por la tarde": where the day or time they would rather have is said, if one is. */
function preferred(folded: string, knowledge: AssistantKnowledge) {
  const prefer = PREFER.exec(folded);
  if (!prefer) return null;
  return namesWhen(folded.slice(prefer.index + prefer[0].length), knowledge) ? prefer : null;
}

/** Whether words name a day or a time: a date, an hour, a part of the day, or "the same day/time". */
function namesWhen(words: string, knowledge: AssistantKnowledge): boolean {
  const clock = clockOf(words);
  const back = pointsBack(words);
  return Boolean(
    resolveWhen(words, knowledge.now, knowledge.timeZone) ||
      clock.at ||
      clock.partOfDay ||
      clock.after ||
      clock.before ||
      back.time ||
      back.day,
  );
}

/**
 * "lo de las uñas del jueves… mejor el viernes a la misma hora", "la del viernes mejor por la
 * tarde": a day or time they would rather have, after words that point at one of their own
 * appointments (its day, its time, its professional) or right after talking about them.
 */
function prefersAnother(
  folded: string,
  appointments: CustomerAppointment[],
  input: Input,
  aboutTheirs: boolean,
): boolean {
  const { knowledge } = input;
  const prefer = preferred(folded, knowledge);
  if (!prefer) return false;
  if (aboutTheirs) return true;
  const before = folded.slice(0, prefer.index);
  const day = resolveWhen(before, knowledge.now, knowledge.timeZone);
  const at = clockOf(before).at;
  const named = input.named.map((p) => fold(p.name));
  return appointments.some(
    (a) =>
      (day && a.date >= day.from && a.date <= day.to) ||
      (at && (a.startTime === at || a.startTime === morningTwin(at))) ||
      named.includes(fold(a.employeeName)),
  );
}

/** The options of a which-one question, numbered so "2" or "la segunda" can answer it. */
const numbered = (options: CustomerAppointment[], language: Language) =>
  [...options]
    .sort(soonestFirst)
    .map((a, index) => `${index + 1}. ${describeAppointment(a, language)}`)
    .join('\n');

const ORDINALS: Array<[RegExp, number]> = [
  [
    /^(?:(?:la|el|number|numero|opcion|option|the)\s+)?(\d)(?:\s*(?:a|o|st|nd|rd|th))?(?:\s+(?:one|porfa|por favor|please))?$/,
    0,
  ],
  // "the last one" before "one": the place word decides, not the filler.
  [/\b(ultima|ultimo|last)\b/, -1],
  [/\b(primera|primero|first)\b|^(uno|una|one)$/, 1],
  [/\b(segunda|segundo|second)\b|^(dos|two)$/, 2],
  [/\b(tercera|tercero|third)\b|^(tres|three)$/, 3],
];

/** The options as the numbered question listed them, read back from its numbered lines. */
function optionsListed(lastReply: string, upcoming: CustomerAppointment[], language: Language) {
  return [...lastReply.matchAll(/^(\d+)\. (.+)$/gm)]
    .map((line) => upcoming.find((a) => describeAppointment(a, language) === line[2]))
    .filter((a): a is CustomerAppointment => Boolean(a));
}

/** The appointment a reply to the numbered question names by its number or place, if it does. */
function optionChosen(
  folded: string,
  lastReply: string,
  upcoming: CustomerAppointment[],
  language: Language,
): CustomerAppointment | undefined {
  const options = optionsListed(lastReply, upcoming, language);
  if (options.length < 2) return undefined;
  // "la del lunes no, la otra", "not Monday's, the other one": of two, the one not named.
  if (options.length === 2 && OTHER_ONE.test(folded)) {
    const named = options.filter((option) =>
      fold(describeAppointment(option, language))
        .split(/\s+/)
        .some(
          (word) => word.length > 3 && !/^\d/.test(word) && WEEKDAY_NAME.test(word) && folded.includes(word),
        ),
    );
    if (named.length === 1) return options.find((option) => option !== named[0]);
  }
  if (folded.split(/\s+/).length > 5) return undefined;
  const text = folded.trim();
  for (const [pattern, place] of ORDINALS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const index = place === 0 ? Number(match[1]) - 1 : place === -1 ? options.length - 1 : place - 1;
    return options[index];
  }
  return undefined;
}

/** What moving one appointment would cost: nothing while the policy allows it (no proposal). */
function costOfMoving(appointment: CustomerAppointment, language: Language) {
  if (!appointment.canReschedule) return reasonText(appointment.reason, appointment, language);
  return say(language).movingIsFree(
    appointment.freeCancellationHours,
    describeAppointment(appointment, language),
  );
}

/**
 * "Si al final no voy, ¿pierdo la reserva?": not coming keeps nothing back; cancelling in time does,
 * and until when (the policy's hours before it).
 */
function ifNotComing(appointment: CustomerAppointment, language: Language) {
  const hours = appointment.freeCancellationHours;
  if (appointment.packSessionBack !== null) return packSessionTerms(appointment, language);
  if (appointment.refundOnCancel && hours > 0) {
    const amount = money(appointment.refundOnCancel.amount, appointment.refundOnCancel.currency, language);
    // Whole days before it: the same time that many days earlier.
    const deadline = hours % 24 === 0 ? refundUntil(appointment, language) : '';
    return say(language).notComingRefundIfCancelled(
      describeAppointment(appointment, language),
      hours,
      deadline,
      amount,
    );
  }
  return say(language).notComingNoRefund(describeAppointment(appointment, language), hours);
}

/**
 * An appointment paid with a pack session: cancelled in time the session goes back to the pack;
 * later, or not coming, it counts as used (the same terms as a fee's refund).
 */
function packSessionTerms(appointment: CustomerAppointment, language: Language) {
  const hours = appointment.freeCancellationHours;
  if (appointment.packSessionBack)
    return say(language).packSessionBackInTime(
      describeAppointment(appointment, language),
      hours,
      refundUntil(appointment, language),
    );
  return say(language).packSessionUsed(describeAppointment(appointment, language), hours);
}

/** The last moment a cancellation still refunds: whole days before, the same time that many days earlier. */
function refundUntil(appointment: CustomerAppointment, language: Language) {
  const hours = appointment.freeCancellationHours;
  return hours > 0 && hours % 24 === 0
    ? say(language).until(addDays(appointment.date, -hours / 24), appointment.startTime)
    : '';
}

/**
 * "Si os aviso ese mismo día, ¿me lo devolvéis?": the money comes back when they cancel at least
 * the policy's hours before (until when, for their appointment), and not after that.
 */
function refundDeadline(appointment: CustomerAppointment, language: Language) {
  const hours = appointment.freeCancellationHours;
  if (appointment.packSessionBack !== null) return packSessionTerms(appointment, language);
  if (!appointment.refundOnCancel || hours <= 0) return refundIfCancelled(appointment, language);
  const amount = money(appointment.refundOnCancel.amount, appointment.refundOnCancel.currency, language);
  return say(language).refundedIfInTime(
    hours,
    describeAppointment(appointment, language),
    amount,
    refundUntil(appointment, language),
  );
}

/** What cancelling one appointment now would give back, by the policy, as an answer (no proposal). */
function refundIfCancelled(appointment: CustomerAppointment, language: Language) {
  const _when = (l: Language) => describeAppointment(appointment, l);
  if (!appointment.canCancel) return reasonText(appointment.reason, appointment, language);
  if (appointment.packSessionBack !== null) return packSessionTerms(appointment, language);
  if (appointment.refundOnCancel) {
    const amount = money(appointment.refundOnCancel.amount, appointment.refundOnCancel.currency, language);
    return say(language).refundNow(
      describeAppointment(appointment, language),
      amount,
      appointment.freeCancellationHours,
    );
  }
  return say(language).noRefundNow(
    describeAppointment(appointment, language),
    appointment.freeCancellationHours,
  );
}

/**
 * "My next appointment", "la próxima", "la siguiente cita", "the earlier one": the soonest one, never a date range
 * ("next" read as next week once cancelled the later of two appointments).
 */
const NEXT_APPOINTMENT =
  /\b(?:la|el|the)\s+(?:mas\s+(?:cercana|cercano|proxima|proximo|pronto|temprana|temprano)|closest|nearest|soonest)\b|\bthe (?:earlier|earliest) one\b|\b(?:proxima|siguiente|primera|next|first|upcoming|earliest)\s+(?:cita|sesion|clase|reserva|hora|appointment|session|booking|class|one)\b|\b(?:la|the|mi|my)\s+(?:proxima|siguiente|next)\b(?!\s+(?:semana|week|mes|month|lunes|martes|miercoles|jueves|viernes|sabado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b)/;

/** "La última que tengo", "the later one": the latest one ("la última vez" is not an appointment). */
const LAST_APPOINTMENT =
  /\b(?:la|el|the)\s+(?:mas\s+(?:lejana|lejano|tardia|tardio)|furthest|latest)\b|\bthe later one\b|\b(?:la|el|mi|my|the)\s+(?:ultima|ultimo|last)\b(?!\s+(?:semana|week|mes|month|vez|time|hora)\b)/;

const soonestFirst = (a: CustomerAppointment, b: CustomerAppointment) =>
  a.date === b.date ? a.startTime.localeCompare(b.startTime) : a.date.localeCompare(b.date);

/** "la (cita) de diciembre", "my appointment in December": an appointment named by its month. */
const MONTH_NAMED = new RegExp(
  `\\b(?:la|el|lo|cita|sesion|clase|reserva|consulta|one|appointment|session|booking)\\s+(?:de|del mes de|in|for)\\s+(${Object.keys(MONTHS).join('|')})\\b`,
);

/**
 * The appointments a day said names, read two ways: those on that day (or within the days said),
 * and, when a weekday is said for a single day, all theirs on that weekday ("la del martes" when
 * this Tuesday has none is the one next Tuesday). Each caller weighs the two: `pick` asks when two
 * share the weekday and no week was said, the others take either.
 */
function onDaySaid(appointments: CustomerAppointment[], said: string, knowledge: AssistantKnowledge) {
  const when = resolveWhen(said, knowledge.now, knowledge.timeZone);
  if (!when) return null;
  const weekday = when.from === when.to && WEEKDAY_NAME.test(said) ? weekdayOf(when.from) : null;
  return {
    onDate: appointments.filter((a) => a.date >= when.from && a.date <= when.to),
    onWeekday: weekday === null ? [] : appointments.filter((a) => weekdayOf(a.date) === weekday),
  };
}

/**
 * Of their appointments, the one other than `refused` that the words name by its date, weekday,
 * time or professional, when exactly one is named and `refused` is not.
 */
function pointedAtInstead(
  appointments: CustomerAppointment[],
  refused: CustomerAppointment,
  folded: string,
  input: Input,
): CustomerAppointment | undefined {
  const byDay = onDaySaid(appointments, folded, input.knowledge);
  const at = clockOf(folded).at;
  // "no esa no, la del barbero": the professional of the kind named, as a name would.
  const named = [...input.named, ...(input.ofKind ?? [])].map((p) => fold(p.name));
  if (!byDay && !at && !named.length) {
    // "esa no, la otra" of two: the other one (of more, which is unsaid: nothing is put).
    const rest = appointments.filter((a) => a.id !== refused.id);
    return OTHER_ONE.test(folded) && rest.length === 1 ? rest[0] : undefined;
  }
  const fits = (a: CustomerAppointment) =>
    (!byDay || byDay.onDate.includes(a) || byDay.onWeekday.includes(a)) &&
    (!at || a.startTime === at || a.startTime === morningTwin(at)) &&
    (!named.length || named.includes(fold(a.employeeName)));
  if (fits(refused)) return undefined;
  const others = appointments.filter((a) => a.id !== refused.id && fits(a));
  return others.length === 1 ? others[0] : undefined;
}

/** Words around a name that leave the professional out ("menos la de", "not the one with"). */
const LEAVE_OUT_BEFORE =
  '(?:no|menos|excepto|salvo|except|not|but not)\\s+(?:(?:a|la|el|lo|los|las|the|one|de|del|con|with)\\s+){0,3}';

/**
 * "cancela la del jueves por la tarde, la de lucía no", "menos la de Carlos", "not the one with
 * Marta": professionals the message names only to leave their appointment out. "la de lucía, ¿no?"
 * is a question tag, not a no.
 */
function leftOut(source: string, input: Input): string[] {
  // The words with their commas: "la de lucía no, la otra" leaves her out, "la de lucía, ¿no?" asks, and
  // in "la de iker no, la de ane" the no is Iker's.
  const raw = fold(source === normalised(input.text) ? input.text : source).trim();
  return input.named
    .map((p) => fold(p.name))
    .filter((name) =>
      // Letters and digits only: a name's own signs ("C++ Coach", "Ana (yoga)") never reach the pattern.
      words(name)
        .filter((word) => word.length >= 3)
        .some(
          (word) =>
            new RegExp(`\\b${LEAVE_OUT_BEFORE}${word}\\b`).test(raw) ||
            new RegExp(`\\b${word}\\s+no\\s*(?:[,.;!]|$)`).test(raw),
        ),
    );
}

const GREETING_OF_THE_DAY = /\b(?:buen[oa]s? (?:dias|tardes|noches)|good (?:morning|afternoon|evening))\b/g;

/** "la primera (de las dos)", "the second one": an appointment named by its place among theirs. */
const PLACE_NAMED: Array<[RegExp, number]> = [
  [
    /\b(?:la|el|lo)\s+(?:primera|primer|primero)\b(?!\s+(?:vez|semana|hora|quincena|mes|dia)\b)|\bthe first one\b/,
    0,
  ],
  [
    /\b(?:la|el|lo)\s+(?:segunda|segundo)\b(?!\s+(?:vez|semana|hora|quincena|mes|dia)\b)|\bthe second one\b/,
    1,
  ],
];

/**
 * A clause that keeps an appointment as it is: "la de madrid la mantengo", "I'll keep the nutrition
 * one", "la de las 12 y media sí que la quiero" (said at the end of its clause: not "no la quiero",
 * "la quiero cancelar", "la quiero para el jueves").
 */
const KEEPS =
  /\b(?:(?:solo|solamente) me (?:hago|hare)|me (?:hago|hare) solo|(?:solo|solamente) quiero hacerme|se queda(?:n)? (?:igual|como esta|asi)|mantengo|mantenla|mantenlo|mantener|me (?:la|lo) quedo|me quedo con|conservo|(?:la|lo) dejo como esta|dejala como esta|dejalo como esta|no (?:la|lo) (?:toques|canceles|anules|quites|borres|muevas|cambies)|(?:la|lo) dejas|(?:la|lo) dejamos|(?:la|lo) dejo(?=\s*$)|keep|keeping)\b|(?<!\bno )\b(?:la|lo) (?:quiero|necesito)(?=\s*$|\s+(?:tal cual|igual|asi|como esta|todavia|aun)\b)/;
/**
 * A clause that only refuses an appointment it names: "la del sábado no", "the Saturday one no" (in
 * "uy, la del sábado no, solo la del jueves"). Not a question tag ("la de lucía no?": see `TAGGED_NO`).
 */
const REFUSES =
  /^(?:(?:uy|ay|ah|oh|no|espera|pues|bueno|vale|mejor|oye|perdona|perdon|wait|sorry)\s+)*(?:la|el|lo|the)\s+(?:(?:de|del|de la|de las|con|for|on|with|one)\b.*|\S+\s+one\b.*)\s(?:no|not)$/;
/** "no?" and "¿no?" at the end of a clause ask; they refuse nothing. */
const TAGGED_NO = /\bno\s*\?/g;
/** Where one clause of a message ends and another starts ("las 12 y media" is one time, not two clauses). */
const CLAUSE_BREAK = /[,.;:!?¿¡]|\b(?:pero|but|aunque|while)\b|\b(?:y|and)\b(?!\s+(?:media|cuarto|pico)\b)/;
const keepsOrRefuses = (clause: string) => KEEPS.test(clause) || REFUSES.test(clause.trim());

/**
 * The appointments a clause that keeps one names (by its professional's name, title, role or a
 * place only they work in, its day or its time), and the rest of the message without those clauses.
 */
function keptByClause(upcoming: CustomerAppointment[], input: Input) {
  const clauses = fold(input.text).replace(TAGGED_NO, 'no tag ?').split(CLAUSE_BREAK);
  const keeping = clauses.filter(keepsOrRefuses);
  if (!keeping.length) return null;
  const { knowledge } = input;
  const stems = (text: string) =>
    words(text)
      .filter((word) => word.length >= 4)
      .map((word) => word.slice(0, 5));
  const names = (a: CustomerAppointment) => {
    const entry = knowledge.employees.find((e) => e.username === a.employeeUsername);
    // A place counts only when no other of these appointments' professionals works there.
    const places = (entry?.locations ?? []).filter(
      (place) =>
        !upcoming.some(
          (other) =>
            other.employeeUsername !== a.employeeUsername &&
            knowledge.employees
              .find((e) => e.username === other.employeeUsername)
              ?.locations.some((l) => fold(l) === fold(place)),
        ),
    );
    return new Set(stems(fold([a.employeeName, entry?.title ?? '', entry?.role ?? '', ...places].join(' '))));
  };
  const kept = upcoming.filter((a) =>
    keeping.some((clause) => {
      const said = normalise(dottedTimes(clause));
      const byDay = onDaySaid([a], said, knowledge);
      const at = clockOf(said).at;
      return (
        // (A word every one of them shares, "pedicura" of one esthetician's two, names none.)
        stems(clause).some(
          (stem) => names(a).has(stem) && !upcoming.every((other) => names(other).has(stem)),
        ) ||
        // "solo me hago las manos": the one of the service it names; "la del fisio la dejo": of that kind.
        ofServiceNamed(upcoming, clause).includes(a) ||
        [...kindsOfText(clause)].some(
          (kind) =>
            kindsOfTheirs(a, knowledge).has(kind) &&
            !upcoming.every((other) => kindsOfTheirs(other, knowledge).has(kind)),
        ) ||
        Boolean(byDay?.onDate.length) ||
        // "la del viernes la mantengo" of one on Friday 4: a weekday alone names it by its weekday.
        Boolean(byDay?.onWeekday.length && !SAID_WHICH_WEEK.test(said)) ||
        (at !== undefined && (a.startTime === at || a.startTime === morningTwin(at)))
      );
    }),
  );
  const rest = clauses
    .filter((clause) => !keepsOrRefuses(clause))
    .join(' , ')
    .replaceAll('no tag', 'no');
  return { kept, rest: normalise(dottedTimes(rest)) };
}

/** The kinds of work of an appointment's professional ("fisio", "barbero"), read from their title and role. */
function kindsOfTheirs(appointment: CustomerAppointment, knowledge: AssistantKnowledge): Set<string> {
  const entry = knowledge.employees.find((e) => e.username === appointment.employeeUsername);
  return kindsOfText(fold(`${entry?.title ?? ''} ${entry?.role ?? ''}`));
}

/**
 * Of their appointments, those of the services a message names ("la pedicura", "the yoga one"), read
 * as the price list is (its words and their synonyms: "la de pies" is the pedicure). None when
 * they are of one service or the message names none of theirs.
 */
function ofServiceNamed(among: CustomerAppointment[], source: string): CustomerAppointment[] {
  const names = new Set(among.map((a) => a.serviceName));
  return names.size < 2 ? [] : theirsOfServiceNamed(among, source);
}

/** "¿a qué hora es la manicura?", "cancela la pedicura": a time or a change asked of a service theirs is. */
const OWN_SERVICE_ASKED =
  /\b(?:a que hora|que hora|cuando|que dia)\s+(?:es|era|son|eran|tengo|tenia|me toca|tocaba|seria)\b|\bwhat time (?:is|was)\b|\bwhen(?:'s| is| was)\b/;
export function asksOfOwnService(text: string, theirs: CustomerAppointment[]) {
  if (!theirs.some((a) => a.serviceName)) return false;
  if (!actionAsked(text) && !OWN_SERVICE_ASKED.test(fold(text))) return false;
  return theirsOfServiceNamed(theirs, fold(text)).length > 0;
}

/** Of their appointments, those of the services a message names (any of theirs has a service). */
function theirsOfServiceNamed(among: CustomerAppointment[], source: string): CustomerAppointment[] {
  const names = [...new Set(among.map((a) => a.serviceName).filter((name) => name !== null))];
  if (!names.length) return [];
  const prices = names.map((name) => ({
    name,
    stems: words(name)
      .filter((word) => word.length >= 3 && !STOPWORDS.has(word))
      .map(stem),
    amount: '',
    from: false,
  }));
  const named = findPrices({ sentences: [], prices }, source, SERVICE_SYNONYMS).map((item) => item.name);
  return among.filter((a) => a.serviceName !== null && named.includes(a.serviceName));
}

function pick(
  upcoming: CustomerAppointment[],
  source: string,
  input: Input,
  byDay: boolean,
): CustomerAppointment[] {
  if (upcoming.length === 1) return upcoming;
  // "cancel the one with the guy, I'll keep the nutrition one": what a clause keeps is out, and
  // the rest of the message picks among the others.
  const keeping = keptByClause(upcoming, input);
  if (keeping?.kept.length && keeping.kept.length < upcoming.length) {
    const others = upcoming.filter((a) => !keeping.kept.includes(a));
    return pick(others, keeping.rest, { ...input, text: keeping.rest }, byDay);
  }
  let found = upcoming;
  const excluded = leftOut(source, input);
  const named = input.named.map((p) => fold(p.name)).filter((name) => !excluded.includes(name));
  if (named.length) {
    const byName = found.filter((a) => named.some((name) => fold(a.employeeName) === name));
    if (byName.length) found = byName;
  }
  if (excluded.length) {
    const kept = found.filter((a) => !excluded.includes(fold(a.employeeName)));
    if (kept.length) found = kept;
  }
  // "la del viernes no, la otra": of two, the one not named, when the named one is refused; in
  // "quita la del jueves y la otra la dejas" the other is the one kept.
  const other = /\b(la otra|el otro|the other)\b/.exec(source);
  const before = other ? source.slice(0, other.index).trim() : '';
  if (other && found.length === 2 && (/\b(?:no|not)$/.test(before) || /^(?:no|not)\b/.test(before))) {
    const [excluded, ...more] = pick(found, source.slice(0, other.index), input, byDay);
    if (excluded && more.length === 0) return found.filter((a) => a !== excluded);
  }
  // "la de la nutricionista": the appointment with the professional of that kind.
  // Only when that settles it: "solo el tinte, el corte lo mantengo" names two kinds and is asked.
  if (input.ofKind?.length) {
    const names = input.ofKind.map((p) => fold(p.name));
    const byKind = found.filter((a) => names.includes(fold(a.employeeName)));
    if (byKind.length === 1) found = byKind;
  }
  // "tengo corte y color el jueves, anula solo lo del color": what follows "solo" picks, by the
  // kind of work or the service it names.
  const only = found.length > 1 ? ONLY.exec(source) : null;
  if (only) {
    const after = source.slice(only.index + only[0].length);
    const kinds = kindsOfText(after);
    const byWork = found.filter((a) =>
      [...kinds].some((kind) => kindsOfTheirs(a, input.knowledge).has(kind)),
    );
    const byService = ofServiceNamed(found, after);
    const narrowed = byService.length ? byService : byWork;
    if (narrowed.length && narrowed.length < found.length) found = narrowed;
  }
  // "la pedicura", "la del corte": the one of the service named, when their services differ.
  if (found.length > 1) {
    const byService = ofServiceNamed(found, source);
    if (byService.length) found = byService;
  }
  // "la de granada": the one with a professional who works in the city named, when that settles it.
  if (found.length > 1) {
    const inPlace = found.filter((a) =>
      input.knowledge.employees
        .find((e) => e.username === a.employeeUsername)
        ?.locations.some((place) => new RegExp(`\\b${fold(place)}\\b`).test(source)),
    );
    if (inPlace.length === 1) found = inPlace;
  }
  // "la cita de diciembre": the one in that month, when the month names theirs.
  const month = MONTH_NAMED.exec(source);
  if (month) {
    const number = String(MONTHS[month[1]!]).padStart(2, '0');
    const byMonth = found.filter((a) => a.date.slice(5, 7) === number);
    if (byMonth.length) found = byMonth;
  }
  if (NEXT_APPOINTMENT.test(source)) return [[...found].sort(soonestFirst)[0]!];
  if (LAST_APPOINTMENT.test(source)) return [[...found].sort(soonestFirst).at(-1)!];
  const said = byDay ? onDaySaid(found, source, input.knowledge) : null;
  if (said) {
    // "la del martes" of two Tuesdays, said with no week: either may be meant, so both stay and
    // the customer is asked which (never the nearest guessed).
    if (said.onWeekday.length > 1 && !SAID_WHICH_WEEK.test(source)) found = said.onWeekday;
    else if (said.onDate.length) found = said.onDate;
    else if (said.onWeekday.length) found = said.onWeekday;
  }
  // "la de las 5 del jueves": of those, the one at that time (5 is 17:00 or 05:00).
  const clock = byDay ? clockOf(source) : {};
  if (clock.at && found.length > 1) {
    const at = clock.at;
    const byTime = found.filter((a) => a.startTime === at || a.startTime === morningTwin(at));
    if (byTime.length) found = byTime;
  }
  // "la del jueves por la tarde": of those, the one in that part of the day ("buenas tardes" is a greeting).
  const part = byDay ? clockOf(source.replace(GREETING_OF_THE_DAY, ' ')).partOfDay : undefined;
  if (part && found.length > 1) {
    const [from, before] = PART_OF_DAY[part];
    const byPart = found.filter((a) => a.startTime >= from && a.startTime < before);
    if (byPart.length) found = byPart;
  }
  if (found.length > 1) {
    const place = PLACE_NAMED.find(([pattern]) => pattern.test(source));
    const chosen = place && [...found].sort(soonestFirst)[place[1]];
    if (chosen) found = [chosen];
  }
  // "Tu cita del lunes 23… ya no se puede cambiar… puedo cancelarla" → "entonces cancélala": when
  // the message points at none, the one the last reply was about (a list of them is about none).
  if (found === upcoming) {
    const told = found.filter((a) =>
      LANGUAGES.some((language) => (input.lastReply ?? '').includes(describeAppointment(a, language))),
    );
    if (told.length === 1) found = told;
  }
  return found;
}

const today = (knowledge: AssistantKnowledge) => zonedDate(knowledge.now, knowledge.timeZone);
const distance = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b));

const timesText = (times: string[], language: Language) =>
  list(times.length > 10 ? [...times.slice(0, 10), say(language).more] : times, language);

/** "¿qué horas tiene ese día?", "what times that day?": the free times of the day just said. */
const TIMES_THAT_DAY =
  /\b(?:que|q|k|cuales|what|which)\s+(?:horas|huecos|horarios|times|slots)\b.*\b(?:ese|este|that|this)\s+(?:dia|day)\b/;
/** "la del jueves no, …": an appointment refused by its day, before the one meant. */
const REFUSED_ONE = new RegExp(
  `\\b(?:la|el)\\s+(?:del|de la|de)\\s+(?:${WEEKDAYS_ES}|hoy|manana)(?:\\s+\\d{1,2})?\\s+no\\b`,
  'g',
);
/**
 * The appointments "la del jueves", "la de mañana" point at (the appointment named by its day, not
 * a day to move it to): on that day, else on that weekday.
 */
function referredByDay(folded: string, appointments: CustomerAppointment[], knowledge: AssistantKnowledge) {
  return [...folded.matchAll(APPOINTMENT_BY_DAY)].flatMap((match) => {
    const said = onDaySaid(appointments, match[0], knowledge);
    return !said || said.onDate.length ? (said?.onDate ?? []) : said.onWeekday;
  });
}
const APPOINTMENT_BY_DAY = new RegExp(
  `\\b(?:la|lo|el)\\s+(?:del|de el|de la|de)\\s+(?:${WEEKDAYS_ES}|hoy|manana)(?:\\s+\\d{1,2})?\\b`,
  'g',
);

/**
 * "el miércoles que viene", "el próximo jueves", "next Wednesday": the coming one of a weekday
 * named (not "la próxima", their next appointment).
 */
const THE_COMING = new RegExp(
  `\\b(?:${WEEKDAYS_ES})\\s+(?:q|que|k)\\s+viene\\b|\\bproxim[oa]\\s+(?:${WEEKDAYS_ES})\\b|\\bnext\\s+(?:${WEEKDAYS_EN})\\b`,
);

/**
 * Moving: with a day and time that are free, the proposal; with only a day (or a part of it),
 * that day's free times; with nothing, the question. A bare "a las 6" counts on the day asked before.
 */
async function move(
  appointment: CustomerAppointment,
  input: Input,
  targetText: string,
  draftDate: string | null,
  /** The time of the move proposed just before: "el sábado 5" to "¿…al sábado 28 a las 11:00?" keeps 11:00. */
  draftTime: string | null = null,
): Promise<OwnBookingAnswer> {
  const { knowledge, language } = input;
  // What cannot be done as asked, said without its question (an alternative may follow it).
  const unmet = (reply: string) => ({ text: withoutQuestion(reply), appointment });
  if (!appointment.canReschedule || !appointment.employeeUsername) {
    const reason = reasonText(appointment.reason, appointment, language);
    return { replies: [reason], unmet: unmet(reason) };
  }
  const text = laterWish(targetText || input.text);
  const clock = clockOf(text);
  const timeOnly = Boolean(clock.at || clock.after || clock.before || clock.partOfDay);
  // "a las 4 el mismo día", "push it to 4pm": a time with no day keeps the appointment's day.
  const sameDay = draftDate ?? (timeOnly ? appointment.date : null);
  // "la puedo adelantar a pasado mañana a las 5": the day sits before the words that mark the target.
  // Not the day that names which appointment: "la del martes la puedo poner a las 12 y media" keeps
  // its Tuesday (a week on, the 1st), not the nearest one.
  const wholeDay = targetText.trim()
    ? resolveWhen(
        normalise(fold(input.text)).replace(APPOINTMENT_BY_DAY, ' '),
        knowledge.now,
        knowledge.timeZone,
      )
    : undefined;
  const otherDay = wholeDay && wholeDay.from !== appointment.date ? { ...wholeDay, ...clock } : undefined;
  const read: When | undefined =
    // "no, mejor una hora más tarde" to "¿…al sábado 28 a las 10:00?": an hour after that one.
    (clock.at
      ? undefined
      : shifted(
          normalise(fold(input.text)),
          draftDate && draftTime ? { ...appointment, date: draftDate, startTime: draftTime } : appointment,
        )) ??
    laterDay(text, appointment, knowledge) ??
    inAppointmentWeek(
      inDraftWeek(resolveWhen(text, knowledge.now, knowledge.timeZone), text, draftDate),
      text,
      // "la del lunes 30 me la puedes adelantar al jueves…": the verb may sit before the target's words.
      BROUGHT_FORWARD.test(normalise(fold(input.text))),
      appointment,
      // A day is being chosen already ("…al martes 24?" → "mejor el jueves": that week's, as
      // inDraftWeek reads it), or "El jueves 26 … tiene libre: …" → "vale pues el jueves a las
      // 12": the Thursday just offered.
      (date) =>
        draftDate !== null ||
        LANGUAGES.some((language) => (input.lastReply ?? '').includes(longDate(date, language))),
    ) ??
    otherDay ??
    (sameDay ? { from: sameDay, to: sameDay, ...clock } : undefined);
  const found =
    read && draftTime && !read.at && !read.after && !read.before && !read.partOfDay
      ? { ...read, at: draftTime }
      : read;
  // "a la misma hora": the time asked for just before (in the reply that answered it), else the
  // appointment's; "la semana que viene, el mismo día": the appointment's weekday in that week.
  // Not a time of another of their appointments as the list of them said it ("la segunda … a la
  // misma hora" after "jueves 26 a las 18:00 con Carlos, lunes 30 a las 11:00 con Lucía").
  const others = knowledge.customer?.appointments.filter((a) => a.id !== appointment.id) ?? [];
  const repliedTimes = others.reduce(
    (said, other) =>
      LANGUAGES.reduce((rest, language) => rest.replaceAll(describeAppointment(other, language), ' '), said),
    input.lastReply ?? '',
  );
  // (Nor one that was theirs: "Hecho: tu cita del viernes 27 a las 09:00 con Javier… está cancelada".)
  const askedBefore = /(?:a las|at) (\d{2}:\d{2})(?! (?:con|with) \p{Lu})/u.exec(repliedTimes)?.[1];
  const referred = resolveReference(found, text, {
    date: appointment.date,
    time: askedBefore ?? appointment.startTime,
  });
  // "al miércoles que viene" of an appointment this Wednesday: the Wednesday after it, not its own day.
  const ownDay = referred?.from === appointment.date && referred.to === appointment.date;
  const when =
    referred && ownDay && THE_COMING.test(text)
      ? { ...referred, from: addDays(appointment.date, 7), to: addDays(appointment.date, 7) }
      : referred;
  const draft = (date: string | null): ChangeProposal => ({
    kind: 'reschedule',
    appointmentId: appointment.id,
    date,
    time: null,
  });
  if (!when) {
    return {
      replies: [say(language).askTime(describeAppointment(appointment, language))],
      propose: draft(null),
    };
  }
  const to = when.to > addDays(when.from, 13) ? addDays(when.from, 13) : when.to;
  const window = when.partOfDay ? PART_OF_DAY[when.partOfDay] : null;
  const days: OpenDay[] = (
    await knowledge.openSlots(appointment.employeeUsername, {
      from: when.from,
      to,
      ...(window ? { after: window[0], before: window[1] === '24:00' ? '23:59' : window[1] } : {}),
      ...(when.after ? { after: when.after } : {}),
      ...(when.before ? { before: when.before } : {}),
    })
  )
    .filter((day) => fitsDay(when, day.date))
    .map((day) => ({
      date: day.date,
      times: day.times.filter((time) => !(day.date === appointment.date && time === appointment.startTime)),
    }))
    .filter((day) => day.times.length > 0);
  // "cámbiamela a las 7" of an appointment at 07:30: a bare hour is read in the half of the day
  // theirs is in, before the other; of a move proposed at a time ("¿…al lunes 30 a las 07:00?" →
  // "el lunes 30 a las 7"), in that time's half; once times were offered for a day (a draft with
  // no time), those decide.
  const twin = when.at ? morningTwin(when.at) : undefined;
  const inMorning = draftTime ? draftTime < '13:00' : !draftDate && appointment.startTime < '13:00';
  const morningFirst = Boolean(twin) && inMorning && inHalfOfDay(text, when.at!, 'morning') !== null;
  const wanted = when.at
    ? (morningFirst ? [twin, when.at] : [when.at, twin]).filter((time): time is string => Boolean(time))
    : [];
  if (wanted.length) {
    for (const day of days) {
      const time = wanted.find((candidate) => day.times.includes(candidate));
      if (time) {
        return {
          replies: [askToMove(appointment, day.date, time, language)],
          propose: { kind: 'reschedule', appointmentId: appointment.id, date: day.date, time },
        };
      }
    }
  }
  // "a primera hora" / "a última hora": the first or last free time is the one they mean.
  const edge =
    when.partOfDay === 'early'
      ? days[0]?.times[0]
      : when.partOfDay === 'late'
        ? days[0]?.times.at(-1)
        : undefined;
  if (edge && !when.at) {
    return {
      replies: [askToMove(appointment, days[0]!.date, edge, language)],
      propose: { kind: 'reschedule', appointmentId: appointment.id, date: days[0]!.date, time: edge },
    };
  }
  const single = when.from === to;
  if (days.length === 0 && single && (window || when.after || when.before)) {
    // Nothing in the part of the day asked for: the rest of that day, if it has anything.
    const [whole] = await knowledge.openSlots(appointment.employeeUsername, {
      from: when.from,
      to: when.from,
    });
    const others = (whole?.times ?? []).filter(
      (time) => !(when.from === appointment.date && time === appointment.startTime),
    );
    if (others.length) {
      const said = say(language).thatTimeTaken(
        when.from,
        appointment.employeeName,
        timesText(others, language),
      );
      return { replies: [said], propose: draft(when.from), unmet: unmet(said) };
    }
  }
  if (days.length === 0 && single) {
    // Nothing that day: the nearest days with that time free (or with any time), either side of it.
    const from = addDays(when.from, -6) > today(knowledge) ? addDays(when.from, -6) : today(knowledge);
    const around = (
      await knowledge.openSlots(appointment.employeeUsername, { from, to: addDays(when.from, 7) })
    )
      .map((day) => ({
        date: day.date,
        times: day.times.filter((time) => !(day.date === appointment.date && time === appointment.startTime)),
      }))
      .filter((day) => day.times.length > 0 && (!when.at || day.times.includes(when.at)))
      .sort(
        (a, b) => distance(a.date, when.from) - distance(b.date, when.from) || a.date.localeCompare(b.date),
      )
      .slice(0, 3)
      .sort((a, b) => a.date.localeCompare(b.date));
    if (around.length) {
      const dates = list(
        around.map((day) => longDate(day.date, language)),
        language,
      );
      const said = say(language).nothingOnDayButOn(appointment.employeeName, when.from, when.at, dates);
      return { replies: [said], propose: draft(null), unmet: unmet(said) };
    }
  }
  if (days.length === 0) {
    const span = single ? say(language).onDay(when.from) : say(language).onThoseDays;
    const said = say(language).nothingFree(appointment.employeeName, span, when.at);
    return { replies: [said], propose: draft(single ? when.from : null), unmet: unmet(said) };
  }
  const first = days[0]!;
  const missed = when.at ? say(language).notFreeAt(when.at) : '';
  const said = say(language).freeOn(
    missed,
    first.date,
    appointment.employeeName,
    timesText(first.times, language),
  );
  // A time asked for and not free: what they asked cannot be done as asked.
  return { replies: [said], propose: draft(first.date), ...(missed ? { unmet: unmet(said) } : {}) };
}

/** A reply without its closing question: "No hay hueco el sábado. ¿Te viene bien otro día?" → "No hay hueco el sábado." */
const withoutQuestion = (text: string) => text.replace(/\s*(¿[^¿]*|[^.!?]*)\?\s*$/, '').trim();

const WEEKDAY_NAME = new RegExp(`\\b(${WEEKDAYS_ES}|${WEEKDAYS_EN})\\b`);
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/**
 * "¿la semana que viene?" … "el martes a las 7 entonces": a weekday named bare while choosing a
 * time in the week already offered means that week's, not this week's.
 */
function inDraftWeek(found: When | undefined, text: string, draftDate: string | null): When | undefined {
  if (!found || !draftDate || found.from !== found.to || found.from >= draftDate) return found;
  const bare =
    WEEKDAY_NAME.test(text) &&
    !/\d{1,2}\s*(\/|de\b)|\b(esta semana|this week|hoy|today|manana|tomorrow)\b/.test(text);
  if (!bare) return found;
  const monday = addDays(draftDate, -((weekdayOf(draftDate) + 6) % 7));
  const date = addDays(monday, (weekdayOf(found.from) + 6) % 7);
  return date >= draftDate ? { ...found, from: date, to: date } : found;
}

/**
 * "la del lunes 30 pásamela al martes", "move it to Friday" (of Thursday 3): a weekday named bare
 * for a move is that day of the appointment's own week, not the nearest one, which may fall days
 * before it. A day said with its date, or as this or next week's, is as said.
 */
function inAppointmentWeek(
  found: When | undefined,
  text: string,
  broughtForward: boolean,
  appointment: CustomerAppointment,
  /** The day the conversation is on (asked about, or offered in the last reply): that one, then. */
  onDay: (date: string) => boolean,
) {
  if (!found || found.from !== found.to || !WEEKDAY_NAME.test(text) || SAID_WHICH_WEEK.test(text))
    return found;
  if (onDay(found.from)) return found;
  // "move it earlier, thursday at 9", "adelántala al jueves": the nearest one, before it.
  if (broughtForward) return found;
  const monday = addDays(appointment.date, -((weekdayOf(appointment.date) + 6) % 7));
  if (found.from >= monday) return found;
  const date = addDays(monday, (weekdayOf(found.from) + 6) % 7);
  return date === appointment.date ? found : { ...found, from: date, to: date };
}
/** Words that say which week a weekday is in; "mañana" is tomorrow, not "por la mañana", the morning. */
const SAID_WHICH_WEEK = new RegExp(
  `\\d{1,2}\\s*(?:\\/|de\\b)|${WEEKDAY_NAME.source}\\s+(?:dia\\s+)?\\d{1,2}\\b(?![:.]\\d|\\s*(?:h|am|pm)\\b)|\\b(?:este|esta|this|proximo|proxima|next|que viene|siguiente|coming|hoy|today|tomorrow|semana|week)\\b|(?<!\\b(?:la|esta) )\\bmanana\\b`,
);

const SHIFT =
  /\b(una|un|1|dos|2|media|an?|one|two|half an?)\s+(hora|horas|hour|hours)\b|\b(\d{1,3})\s*(min|mins|minutos|minutes|m)\b/;
/** "retrásala una semana", "a day earlier": whole days or weeks, at the same time. */
const SHIFT_DAYS =
  /\b(una|un|1|dos|2|tres|3|an?|one|two|three)\s+(semana|semanas|week|weeks|dia|dias|day|days)\b/;
const LATER = /\b(back|later|mas tarde|retras\w*|atras\w*|despues)\b/;
const EARLIER = /\b(earlier|sooner|forward|antes|adelant\w*|mas temprano|mas pronto)\b/;
/** Brought forward, not a time bound ("antes de las 10" says when in the day). */
const BROUGHT_FORWARD = /\b(?:earlier|sooner|adelant\w*|mas pronto)\b/;

/**
 * "push it back an hour", "media hora antes": the same day, that much later or earlier;
 * "retrásala una semana", "a day earlier": that many days on or back, at the same time.
 */
function shifted(folded: string, appointment: CustomerAppointment): When | undefined {
  const later = LATER.test(folded);
  const earlier = EARLIER.test(folded);
  if (later === earlier) return undefined;
  const days = SHIFT_DAYS.exec(folded);
  if (days) {
    const count = /^(dos|2|two)$/.test(days[1]!) ? 2 : /^(tres|3|three)$/.test(days[1]!) ? 3 : 1;
    const span = count * (/^(semana|week)/.test(days[2]!) ? 7 : 1) * (later ? 1 : -1);
    const date = addDays(appointment.date, span);
    return { from: date, to: date, at: appointment.startTime };
  }
  const amount = SHIFT.exec(folded);
  if (!amount) return undefined;
  // "30 min más tarde", "15 minutes later": that many minutes.
  const minutes = amount[3]
    ? Number(amount[3])
    : /^(media|half)/.test(amount[1]!)
      ? 30
      : /^(dos|2|two)$/.test(amount[1]!)
        ? 120
        : 60;
  if (minutes <= 0 || minutes > 240) return undefined;
  const [hour, minute] = appointment.startTime.split(':').map(Number) as [number, number];
  const total = hour * 60 + minute + (later ? minutes : -minutes);
  if (total < 0 || total >= 24 * 60) return undefined;
  const at = `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return { from: appointment.date, to: appointment.date, at };
}

/**
 * "move my class del jueves, ¿hay algo el sábado?": with no word marking the new day, the first
 * day named is the appointment's own; the new one is the day named after it.
 */
function laterDay(text: string, appointment: CustomerAppointment, knowledge: AssistantKnowledge) {
  const first = resolveWhen(text, knowledge.now, knowledge.timeZone);
  if (!first || first.from !== appointment.date) return undefined;
  const day = DAY_WORD.exec(text);
  if (!day) return undefined;
  const after = resolveWhen(text.slice(day.index + day[0].length), knowledge.now, knowledge.timeZone);
  return after && after.from !== appointment.date ? after : undefined;
}
const DAY_WORD =
  /\b(lunes|martes|miercoles|jueves|viernes|sabado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday|manana|tomorrow|hoy|today)\b/;
