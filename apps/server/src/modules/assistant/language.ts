export type Language = 'es' | 'en';

const SPANISH =
  /\b(hola|buen[oa]s|busco|quiero|necesito|entrenador[a]?|gracias|cita|precio|cu[aá]nto|d[oó]nde|persona|por favor|tengo|puedo|reservar|horario|clases?|fisio|nutricionista|s[ií]|vale|qu[eé]|para|en|de)\b|[¿¡ñáéíóú]/gi;
const ENGLISH =
  /\b(hello|hi|hey|looking|need|want|trainer|thanks|thank|appointment|price|how|where|person|please|book|can|could|would|the|for|in|is|are|and)\b/gi;

/** The customer's language, from the latest messages first; English when unsure. */
export function detectLanguage(texts: string[]): Language {
  for (const text of [...texts].reverse()) {
    const es = text.match(SPANISH)?.length ?? 0;
    const en = text.match(ENGLISH)?.length ?? 0;
    if (es > en) return 'es';
    if (en > es) return 'en';
  }
  return 'en';
}

/** Lowercase without accents, for matching what customers type against names and places. */
export const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
