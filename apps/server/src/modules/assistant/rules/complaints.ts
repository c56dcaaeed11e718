/**
 * Complaints said without a complaint word: what happened says it. Each shape is a past service
 * (or a visit) and what went wrong with it; a customer telling one wants a person, not a search
 * for the service they name ("me hice mechas… amarillas" is no request for highlights).
 * Read on the folded message.
 */
const SHAPES: RegExp[] = [
  // what they asked for and what was done differ ("pedí que me cortaran las puntas y me han dejado…")
  /\b(?:no (?:es|era) lo que (?:pedi|queria|habia pedido)|not what i (?:asked|wanted)|(?:le |les |os |te )?(?:pedi|habia pedido|dije|i asked|i told (?:them|her|him|you)) (?:que|solo|only|for|to)\b.*\b(?:y|pero|and|but) (?:me |they |you |she |he )?(?:(?:han|ha|habeis|has) (?:dejado|hecho|cortado|puesto|tenido|quitado|cambiado)|hicieron|hizo|dejaron|dejo|dejasteis|cortaron|corto|cut|left))\b/,
  // a result visibly wrong (colour turned, burnt, uneven)
  /\b(?:quedado|quedaron|quedo|dejado|dejaron|dejo|turned|came out|went)\b(?: \w+){0,3} (?:amarill\w*|naranj\w*|verdos\w*|quemad\w*|torcid\w*|desigual\w*|trasquilad\w*|yellow|orange|brassy|green|burnt|crooked)\b/,
  // harm to the body ("me hizo un corte en la oreja", "todavía me sangra")
  /\b(?:me sangra\w*|sangrando|me (?:ha|han) (?:quemado|herido)|me quem(?:o|aron)|bleeding|burned me|burnt me)\b|\bcorte en (?:la|el|mi) (?:oreja|cuello|cara|dedo|piel|mano|nuca|ceja)\b|\bcut (?:on|in) my (?:ear|neck|face|finger|skin|hand)\b/,
  // charged more than once
  /\b(?:cobr(?:aron|ado|asteis|o)|cargad[oa]|cargaron|pasaron el cargo|charged|billed)\b(?: \w+){0,4} (?:dos veces|2 veces|doble|por duplicado|twice|two times|double)\b|\b(?:doble cobro|doble cargo|double charge\w*|double billed)\b/,
  // waiting at the place and nobody attends ("llevo 15 min en la puerta y no abre nadie")
  /\b(?:no (?:me )?(?:abre|abren|contesta|contestan|atiende|atienden|sale) nadie|nadie (?:me )?(?:abre|contesta|atiende|sale)|(?:nobody|no one|no-one) (?:opens|answers|is here|is there|came|comes))\b/,
  // the same annoyance again ("es la tercera vez que me cambiáis la hora"); "ya está bien" is
  // as often "that's fine now"
  /\b(?:es la|ya es la|this is the|it'?s the) (?:segunda|tercera|cuarta|quinta|enesima|second|third|fourth|fifth|umpteenth) (?:vez|time) (?:que|that)? ?(?:me|nos|you|they)\b|\benough is enough\b/,
];

/** Whether the message tells of something gone wrong in one of the shapes above. */
export const tellsOfComplaint = (folded: string) => SHAPES.some((shape) => shape.test(folded));
