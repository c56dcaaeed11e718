import type { Language } from './language.ts';

export const HANDOFF_MESSAGE: Record<Language, string> = {
  es: 'Te paso con una persona de nuestro equipo, que te responderá en breve. ¡Gracias por tu paciencia!',
  en: "I'm passing you to a member of our team, who will follow up shortly. Thank you for your patience!",
};
