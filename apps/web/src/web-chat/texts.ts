// The panel's words, in the visitor's language (the browser's: English, or Spanish by default).
import { WEB_CHAT_MESSAGES } from '@chatdesk/contract/web-chat-rules';

const es = {
  close: 'Cerrar el chat',
  online: 'En línea',
  offlineStatus: 'Te responderemos pronto',
  conversation: 'Conversación',
  you: 'Tú',
  assistant: 'Asistente',
  staff: (business: string) => `Equipo de ${business}`,
  messageLabel: 'Escribe tu mensaje',
  messageHint: 'Intro envía, Mayús + Intro añade una línea.',
  send: 'Enviar',
  tooLong: 'Un mensaje puede tener como máximo 4.096 caracteres.',
  sendFailed: 'No se pudo enviar el mensaje. Inténtalo de nuevo.',
  failed: 'Algo ha fallado. Inténtalo de nuevo.',
  offline: 'Ahora mismo no hay nadie conectado: una persona te responderá en cuanto pueda.',
  replyToLabel: 'Email o número de WhatsApp para responderte',
  save: 'Guardar',
  replyToSaved: (contact: string) => `Te responderemos en ${contact}.`,
  verify: 'Verificar tu email',
  verifyWhy: 'Verifica tu email para consultar, cancelar o cambiar tus citas en este chat.',
  email: 'Email',
  verifyAny: 'Verificar tu email o WhatsApp',
  verifyWhyAny:
    'Verifica tu email o tu número de WhatsApp para consultar, cancelar o cambiar tus citas en este chat.',
  verifyWith: 'Verificar con',
  phoneOption: 'WhatsApp',
  phone: 'Número de WhatsApp, con prefijo (+34…)',
  codeSentPhone: (phone: string) =>
    `Te hemos enviado un código por WhatsApp al ${phone}. Caduca en 10 minutos.`,
  verifiedPhone: (phone: string) => `Número verificado: ${phone}`,
  sendCode: 'Enviar código',
  code: 'Código de 6 cifras',
  confirmCode: 'Verificar',
  codeSent: (email: string) => `Te hemos enviado un código a ${email}. Caduca en 10 minutos.`,
  verified: (email: string) => `Email verificado: ${email}`,
  cancel: 'Cancelar',
  download: 'Descargar conversación',
  delete: 'Borrar conversación',
  deleteTitle: '¿Borrar la conversación?',
  deleteBody: 'Se borrarán todos los mensajes de este chat. No se puede deshacer.',
  deleteConfirm: 'Borrar',
  deleted: 'Conversación borrada.',
  unavailable: 'Este chat no está disponible ahora.',
  sessionEnded: 'Tu conversación anterior ha terminado. Lo que escribas empezará una nueva.',
  verifyAgain:
    'Tu verificación ha caducado. Verifica tu email otra vez para consultar, cancelar o cambiar tus citas.',
  verifyAgainAny:
    'Tu verificación ha caducado. Verifica tu email o tu WhatsApp otra vez para consultar, cancelar o cambiar tus citas.',
  newMessage: (author: string, text: string) => `${author}: ${text}`,
};

const en: typeof es = {
  close: 'Close chat',
  online: 'Online',
  offlineStatus: 'We will reply soon',
  conversation: 'Conversation',
  you: 'You',
  assistant: 'Assistant',
  staff: (business) => `${business} team`,
  messageLabel: 'Type your message',
  messageHint: 'Enter sends, Shift + Enter adds a line.',
  send: 'Send',
  tooLong: 'A message can be at most 4,096 characters.',
  sendFailed: 'The message could not be sent. Try again.',
  failed: 'Something went wrong. Try again.',
  offline: 'Nobody is available right now: a person will answer as soon as they can.',
  replyToLabel: 'Email or WhatsApp number to reply to',
  save: 'Save',
  replyToSaved: (contact) => `We will reply to ${contact}.`,
  verify: 'Verify your email',
  verifyWhy: 'Verify your email to see, cancel or move your appointments in this chat.',
  email: 'Email',
  verifyAny: 'Verify your email or WhatsApp',
  verifyWhyAny: 'Verify your email or WhatsApp number to see, cancel or move your appointments in this chat.',
  verifyWith: 'Verify with',
  phoneOption: 'WhatsApp',
  phone: 'WhatsApp number, with country code (+1…)',
  codeSentPhone: (phone) => `We sent a code by WhatsApp to ${phone}. It expires in 10 minutes.`,
  verifiedPhone: (phone) => `Verified number: ${phone}`,
  sendCode: 'Send code',
  code: '6-digit code',
  confirmCode: 'Verify',
  codeSent: (email) => `We sent a code to ${email}. It expires in 10 minutes.`,
  verified: (email) => `Verified email: ${email}`,
  cancel: 'Cancel',
  download: 'Download conversation',
  delete: 'Delete conversation',
  deleteTitle: 'Delete the conversation?',
  deleteBody: 'All the messages of this chat will be erased. This cannot be undone.',
  deleteConfirm: 'Delete',
  deleted: 'Conversation deleted.',
  unavailable: 'This chat is not available right now.',
  sessionEnded: 'Your earlier conversation has ended. What you write now starts a new one.',
  verifyAgain:
    'Your verification has expired. Verify your email again to see, cancel or move your appointments.',
  verifyAgainAny:
    'Your verification has expired. Verify your email or WhatsApp again to see, cancel or move your appointments.',
  newMessage: (author, text) => `${author}: ${text}`,
};

export type Texts = typeof es;
export const TEXTS = { es, en };

/** Where a number's code goes by text message (SMS) instead of WhatsApp: the words that name the channel. */
export const SMS_TEXTS: { es: Partial<Texts>; en: Partial<Texts> } = {
  es: {
    verifyAny: 'Verificar tu email o teléfono',
    verifyWhyAny:
      'Verifica tu email o tu número de teléfono para consultar, cancelar o cambiar tus citas en este chat.',
    phoneOption: 'SMS',
    phone: 'Número de móvil, con prefijo (+34…)',
    codeSentPhone: (phone: string) => `Te hemos enviado un código por SMS al ${phone}. Caduca en 10 minutos.`,
    verifyAgainAny:
      'Tu verificación ha caducado. Verifica tu email o tu teléfono otra vez para consultar, cancelar o cambiar tus citas.',
  },
  en: {
    verifyAny: 'Verify your email or phone',
    verifyWhyAny: 'Verify your email or phone number to see, cancel or move your appointments in this chat.',
    phoneOption: 'SMS',
    phone: 'Mobile number, with country code (+1…)',
    codeSentPhone: (phone: string) => `We sent a code by text message to ${phone}. It expires in 10 minutes.`,
    verifyAgainAny:
      'Your verification has expired. Verify your email or phone again to see, cancel or move your appointments.',
  },
};

/** The server answers in English (WEB_CHAT_MESSAGES); a Spanish visitor reads its messages in Spanish. */
export const SERVER_MESSAGES_ES: Record<string, string> = {
  [WEB_CHAT_MESSAGES.notAvailable]: 'Este chat no está disponible.',
  [WEB_CHAT_MESSAGES.sessionRequired]: 'Tu sesión de chat ha terminado. Recarga la página para empezar otra.',
  [WEB_CHAT_MESSAGES.sessionExpired]:
    'Tu sesión de chat caducó tras 30 días sin usarse. Escribe un mensaje para empezar una conversación nueva.',
  [WEB_CHAT_MESSAGES.textRequired]: 'Escribe un mensaje.',
  [WEB_CHAT_MESSAGES.textTooLong]: es.tooLong,
  [WEB_CHAT_MESSAGES.emailInvalid]: 'Escribe un email válido.',
  [WEB_CHAT_MESSAGES.codeInvalid]: 'Escribe el código de 6 cifras del email.',
  [WEB_CHAT_MESSAGES.codeSent]:
    'Si la dirección puede recibir emails, el código está en camino. Vale durante 10 minutos.',
  [WEB_CHAT_MESSAGES.codeWrong]: 'Ese código no es correcto. Revisa el email y vuelve a intentarlo.',
  [WEB_CHAT_MESSAGES.codeExpired]: 'Ese código ha caducado o se ha probado demasiadas veces. Pide uno nuevo.',
  [WEB_CHAT_MESSAGES.phoneInvalid]: 'Escribe tu número de teléfono con su prefijo, como +34 600 000 000.',
  [WEB_CHAT_MESSAGES.phoneCodeInvalid]: 'Escribe el código de 6 cifras que te enviamos a tu teléfono.',
  [WEB_CHAT_MESSAGES.phoneCodeSent]:
    'Si el número tiene WhatsApp, el código está en camino. Vale durante 10 minutos.',
  [WEB_CHAT_MESSAGES.phoneCodeWrong]: 'Ese código no es correcto. Revisa WhatsApp y vuelve a intentarlo.',
  [WEB_CHAT_MESSAGES.smsCodeSent]:
    'Si el número puede recibir SMS, el código está en camino. Vale durante 10 minutos.',
  [WEB_CHAT_MESSAGES.smsCodeWrong]: 'Ese código no es correcto. Revisa tus SMS y vuelve a intentarlo.',
  [WEB_CHAT_MESSAGES.phoneCodeNotSent]:
    'Ahora mismo no se ha podido enviar el código. Inténtalo dentro de un momento o usa tu email.',
  [WEB_CHAT_MESSAGES.phoneUnavailable]: 'Aquí no se puede verificar un número de teléfono. Usa tu email.',
  [WEB_CHAT_MESSAGES.contactInvalid]: 'Escribe un email o un número de WhatsApp.',
  [WEB_CHAT_MESSAGES.tooManyRequests]: 'Demasiadas peticiones. Espera un momento y vuelve a intentarlo.',
};
