import { normalise } from './text.ts';

/**
 * Complaints said without a complaint word: what happened says it. Each shape is a past service
 * (or a visit) and what went wrong with it; a customer telling one wants a person, not a search
 * for the service they name ("me hice mechas… amarillas" is no request for highlights).
 * Read on the folded message.
 */
const SHAPES: RegExp[] = [
  // what they asked for and what was done differ ("pedí que me cortaran las puntas y me han dejado…")
  /\b(?:no (?:es|era) lo que (?:pedi|queria|habia pedido)|not what i (?:asked|wanted)|(?:le |les |os |te )?(?:pedi|habia pedido|dije|i asked|i told (?:them|her|him|you))(?: (?!y |pero |and |but )\w+){0,3} (?:que|solo|only|for|to)\b.*\b(?:y|pero|and|but) (?:me |they |you |she |he )?(?:(?:han|ha|habeis|has) (?:dejado|hecho|cortado|puesto|tenido|quitado|cambiado)|hicieron|hizo|dejaron|dejo|dejasteis|cortaron|corto|cut|left))\b/,
  // a result visibly wrong (colour turned, burnt, uneven)
  /\b(?:quedado|quedaron|quedo|dejado|dejaron|dejo|turned|came out|went)\b(?: \w+){0,3} (?:amarill\w*|naranj\w*|verdos\w*|quemad\w*|torcid\w*|desigual\w*|trasquilad\w*|yellow|orange|brassy|green|burnt|crooked)\b/,
  // harm to the body ("me hizo un corte en la oreja", "todavía me sangra")
  /\b(?:me sangra\w*|sangrando|me (?:ha|han) (?:quemado|herido)|me quem(?:o|aron)|bleeding|burned me|burnt me|(?:burned|burnt) my \w+)\b|\bcorte en (?:la|el|mi) (?:oreja|cuello|cara|dedo|piel|mano|nuca|ceja)\b|\bcut (?:on|in) my (?:ear|neck|face|finger|skin|hand)\b/,
  // worse or in pain since a visit ("desde que fui al fisio me duele más", "worse than before")
  /\b(?:desde que (?:(?:fui|vine|estuve) (?:al |a la |a |con )?(?:fisio\w*|sesion|cita|clase|consulta|entreno|entrenamiento|masaje|tratamiento|peluqueria|salon|vosotros|veros|(?<=con )\w+)|me (?:atendio|atendieron|trato|hizo|hicieron))|(?:despues de|desde) (?:ir|la sesion|la cita|la clase|el masaje|el tratamiento|el entreno|el entrenamiento|la visita)|since (?:i went|i saw|my (?:session|visit|appointment|treatment)|the (?:session|visit|appointment|treatment|class))|after (?:my|the) (?:session|visit|appointment|treatment|massage))\b.*\b(?:duele\w*|dolor\w*|peor|fatal|lesion\w*|me lesione|no me puedo (?:ni )?(?:mover|agachar|levantar|sentar|andar)|hurts?|pain\w*|worse|injur\w*|can'?t (?:move|bend|walk))\b|\b(?:duele|dolor|hurts?|pain)\b(?: \w+){0,4} (?:mas|peor|more|worse) (?:que|than) (?:antes|before)\b|\b(?:duele|dolor|hurts?|pain)\b (?:mas|peor|more|worse)\b(?: \w+){1,3} (?:que|than) (?:antes|before)\b/,
  // a session that failed and nobody came back ("la videollamada se cortó y nadie me ha vuelto a llamar")
  /\b(?:llamada|videollamada|video|conexion|call|video call)\b(?: \w+){0,4} (?:se (?:corto|colgo|cayo)|(?:dropped|cut off|disconnected))\b|\bnadie (?:me )?(?:ha |han )?(?:vuelto a |volvio a )?(?:llamar|llamado|escribir|escrito|contestar|contestado|responder|respondido)\b|\b(?:nobody|no one|no-one) (?:has )?(?:called|rang|wrote|got back|came back)(?: to)?(?: me)?(?: back)?\b|\bnever (?:called|got back|wrote)(?: to)?(?: me)?(?: back)?\b/,
  // charged again after stopping ("me di de baja y me habéis vuelto a cobrar", "os di de baja la
  // suscripción y me seguís pasando el cargo")
  /\b(?:(?:habeis|han|has|ha) vuelto a cobrar\w*|volvisteis a cobrar\w*|me (?:seguis|siguen) (?:cobrando|pasando el cargo|cargando)|charged me again|still charging|kept charging|keep charging)\b|\b(?:me di|me he dado|os di|di) de baja\b.*\b(?:cobr\w*|cargo|cargos|recibo)\b/,
  // closed, or nobody there, when they came ("fui y estaba cerrado", "la persiana bajada")
  /\b(?:fui|he ido|vine|he venido|fuimos|went|came)\b(?: \w+){0,8} (?:y |and )?(?:estaba|estaban|was|it was) (?:cerrado|cerrada|closed|la persiana bajada|todo cerrado)\b|\bnadie (?:me |nos )?(?:aviso|avisaron|ha avisado|dijo nada)\b|\b(?:nobody|no one|no-one) (?:told|warned) (?:me|us)\b/,
  // a result uneven or not what was asked in size ("me dejó una más alta que otra", "el triple de lo que pedí")
  /\b(?:dejo|dejaron|ha dejado|han dejado|quedo|quedaron|ha quedado|left)\b(?: \w+){0,3} (?:una|uno|un lado|one|one side)(?: \w+)? (?:mas|more|much) \w+ (?:que|than) (?:la |el |the )?(?:otra|otro|other)\b|\b(?:el doble|el triple|mucho mas|mas corto|twice|three times)\b(?: \w+){0,2} (?:de lo que|of what|than (?:what )?i) (?:pedi|queria|dije|habia pedido|asked|wanted)\b/,
  // charged more than once
  /\b(?:cobr(?:aron|ado|asteis|o)|cargad[oa]|cargaron|pasaron el cargo|charged|billed)\b(?: \w+){0,4} (?:dos veces|2 veces|doble|por duplicado|twice|two times|double)\b|\b(?:doble cobro|doble cargo|double charge\w*|double billed)\b/,
  // waiting at the place and nobody attends ("llevo 15 min en la puerta y no abre nadie")
  /\b(?:no (?:me )?(?:abre|abren|contesta|contestan|atiende|atienden|sale) nadie|nadie (?:me )?(?:abre|contesta|atiende|sale)|(?:nobody|no one|no-one) (?:opens|answers|is here|is there|came|comes))\b/,
  // a result that did not last, after a visit ("fui a hacerme las uñas y a los dos días ya se me
  // habían levantado"); a broken nail alone is a reason to book, so the visit must be told
  /\b(?:fui|vine|me hice|me hicieron|me hizo|hacerme|went|had my)\b.*\bse me (?:ha |han |habia |habian )?(?:levantad[oa]s?|levanto|levantaron|caid[oa]s?|cayo|cayeron|despegad[oa]s?|despego|despegaron|rot[oa]s?|rompio|rompieron|ido|fue)\b/,
  // a demand to put right what was done ("quiero que me lo solucionéis")
  /\b(?:quiero|exijo|necesito) que (?:me )?lo (?:solucion\w*|arregl\w*|repar\w*)\b|\b(?:solucionadmelo|arregladmelo)\b|\bi (?:want|expect|demand) (?:you to|it) (?:fix|put right|sort)\w*\b/,
  // money that should have come back and did not ("avisé con dos días y no me devolvisteis nada")
  /\bno (?:me |nos )?(?:devolvisteis|devolvieron|devolviste|habeis devuelto|han devuelto|has devuelto|reembolsasteis|reembolsaron|habeis reembolsado|han reembolsado)\b|\b(?:you|they) (?:never|didn'?t|did not|haven'?t|have not|still haven'?t) (?:refund|refunded|pay me back|paid me back|give me my money back|gave me my money back)\b|\b(?:never|still haven'?t|didn'?t) (?:got|get|received|receive) (?:my|the|a) (?:refund|money back)\b/,
  // kept waiting again, said with a sigh or sarcasm ("genial, otra vez esperando 20 min a carlos 🙃")
  /\b(?:otra vez|de nuevo|una vez mas)\b(?: \w+){0,2} esperando\b|\besperando\b(?: \w+){0,5} (?:otra vez|de nuevo)\b|\b(?:waiting|kept waiting) again\b|\bagain\b(?: \w+){0,2} waiting\b/,
  // nobody came to their session ("great, nobody showed up again", "no apareció nadie")
  /\b(?:nobody|no one|no-one) (?:showed up|turned up|was there)\b|\bno (?:aparecio|vino|se presento) nadie\b|\bnadie (?:aparecio|vino|se presento)\b|\b(?:the trainer|my trainer|she|he|they) (?:didn'?t|did not|never) (?:show up|turn up)\b/,
  // a session that fell short of what they came for ("esperaba otra cosa de la sesión… ni me miró la rodilla")
  /\b(?:(?:me )?esperaba (?:otra cosa|mas|algo mas|algo mejor|bastante mas)|not what i expected|expected (?:more|better|much more)|ni (?:me|nos) (?:miro|miraron|escucho|escucharon|hizo caso|hicieron caso|toco|exploro)|(?:didn'?t|did not) even (?:look at|listen to|check) (?:me|my))\b/,
  // the same annoyance again ("es la tercera vez que me cambiáis la hora"); "ya está bien" is
  // as often "that's fine now"
  /\b(?:es la|ya es la|this is the|it'?s the) (?:segunda|tercera|cuarta|quinta|enesima|second|third|fourth|fifth|umpteenth) (?:vez|time) (?:que|that)? ?(?:me|nos|you|they)\b|\benough is enough\b/,
  // charged after stopping, said the other way round ("me han cobrado 9,99 este mes y me di de baja hace semanas")
  /\bcobr\w*\b.*\b(?:me di|me he dado|os di|di) de baja\b|\bcharged\b.*\b(?:cancel+ed|unsubscribed)\b/,
  // harm done by the one who saw them ("el fisio me hizo más daño que otra cosa", "she hurt me")
  /\bme (?:hizo|hicieron|ha hecho|han hecho|hiciste|hicisteis) (?:mas |mucho |bastante )?(?:dano|polvo)\b|\b(?:he|she|they|the \w+) (?:hurt|injured) me\b/,
  // a disappointment about us ("no me esperaba esto de vosotros"), tears after a visit ("salió llorando")
  /\bno (?:me )?esperaba esto\b|\b(?:sal\w*|vino|volvio|came out|left) llorando\b|\b(?:came out|left) (?:crying|in tears)\b/,
  // a result that did not last, told by how soon ("¿es normal que el semipermanente se me haya
  // levantado a los 2 días?"): a nail that broke today is a reason to book, one that lifted days
  // after a visit is a complaint
  /\bse me (?:ha |han |haya |hayan |habia |habian )?(?:levantad\w*|levanto|levantaron|caid\w*|cayo|cayeron|despegad\w*|despego|despegaron|saltad\w*|salto|saltaron)\b(?: \w+){0,4} (?:a los|al|en|tras) (?:\d+|un|una|dos|tres|pocos|pocas) (?:dias?|horas?|semanas?)\b/,
  // kept waiting long when they came ("estuve esperando 40 minutos", "we waited an hour"); a few
  // minutes, or a wait ahead ("¿hay que esperar mucho?"), is no complaint
  /\b(?:estuve|estuvimos|he estado|hemos estado|llevo|llevamos|tuve que estar|tuvimos que estar)(?: \w+){0,2} esperando\b(?: \w+){0,2} (?:(?:1[5-9]|[2-9]\d|\d{3}) ?(?:min|mins|minutos)|(?:media|una|mas de una|casi una|dos) hora|tres cuartos)\b|\b(?:espere|esperamos|tuve que esperar|tuvimos que esperar|me tuvieron esperando|me hicieron esperar|nos hicieron esperar)\b(?: \w+){0,2} (?:(?:1[5-9]|[2-9]\d|\d{3}) ?(?:min|mins|minutos)|(?:media|una|mas de una|casi una|dos) hora|tres cuartos)\b|\b(?:waited|i ?ve been waiting|i was waiting|we were waiting|kept (?:me|us) waiting|had to wait)\b(?: \w+){0,2} (?:(?:1[5-9]|[2-9]\d|\d{3}) ?(?:min|mins|minutes)|(?:half an|an|over an|two) hours?)\b/,
  // disrespect or a lack of care while they were seen ("estuvo con el móvil toda la consulta, una falta de respeto")
  /\b(?:(?:una|menuda|vaya|que) falta de (?:respeto|profesionalidad|educacion|seriedad)|poco profesional\w*|(?:estuvo|estaba|estuvieron|estaban) (?:todo el rato |toda la \w+ )?(?:con|mirando|pendiente del?) (?:el )?movil|(?:was|were) (?:on|looking at|checking) (?:her|his|their) phone|unprofessional|so rude|very rude|(?:fue|estuvo|era) (?:muy |super |bastante )?(?:borde|maleducad[oa]|groser[oa]))\b/,
  // fed up, or stood up after changes ("me cambiasteis la hora tres veces y al final ni apareció")
  /\b(?:estoy|estamos) (?:ya |bastante |muy |un poco |hasta las narices,? )?(?:hart[oa]s?\b(?!\s+de\b)|hart[oa]s? de (?:vosotr\w*|vuestr\w*|esperar|que (?:me|nos)\b)|quemad[oa]s? con vosotr\w*)|\b(?:al final )?ni (?:aparecio|vino|se presento|aparecieron|vinieron)\b|\bi'?m (?:really |so )?fed up\b/,
  // a colour that turned, told after the visit ("fui a hacerme mechas… y están naranjas")
  /\b(?:fui|me hice|me hicieron|me hizo|hacerme|went|had (?:my|it))\b.*\b(?:estan|esta|se ven|se me ven|salieron|salio|are|look|looks|came out)\b(?: \w+){0,2} (?:naranj\w*|amarill\w*|verdos\w*|orange|yellow|brassy|green)\b/,
];

/** Whether the message tells of something gone wrong in one of the shapes above. */
export const tellsOfComplaint = (folded: string) => {
  const written = normalise(folded);
  return SHAPES.some((shape) => shape.test(written));
};
