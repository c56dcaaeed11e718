// The zod-free half of the web chat contract: the visitor's panel and loader use it without zod's
// weight (their byte budgets are 60 KB and 10 KB gzip). Types only come from web-chat.ts.

/** The header that carries a visitor's session id on every visitor route after POST /sessions. */
export const WEB_CHAT_SESSION_HEADER = 'X-Web-Chat-Session';

/** Messages are bounded like WhatsApp's. */
export const WEB_CHAT_MAX_MESSAGE_LENGTH = 4096;
export const WEB_CHAT_MAX_ORIGINS = 20;
export const WEB_CHAT_GREETING_MAX = 300;
export const WEB_CHAT_PRIVACY_NOTE_MAX = 1000;
export const WEB_CHAT_CODE_LENGTH = 6;
export const WEB_CHAT_CODE_MINUTES = 10;
export const WEB_CHAT_CODE_TRIES = 5;
/**
 * How long a visitor's session and its verification last (decision 022): a session unused this many
 * days ends (the panel starts a new conversation) and is purged; a verified email lapses after this
 * many hours without use, or this many days after the code, whichever comes first.
 */
export const WEB_CHAT_SESSION_IDLE_DAYS = 30;
export const WEB_CHAT_VERIFICATION_IDLE_HOURS = 24;
export const WEB_CHAT_VERIFICATION_DAYS = 7;
export const WEB_CHAT_POSITIONS = ['right', 'left'] as const;
export type WebChatPosition = (typeof WEB_CHAT_POSITIONS)[number];

export const WEB_CHAT_DEFAULTS = {
  greeting: 'Hi! How can we help you today?',
  color: '#228be6',
  position: 'right' as WebChatPosition,
  privacyNote: '',
} as const;

/** Every text the web chat's routes answer with, and the settings form shows. */
export const WEB_CHAT_MESSAGES = {
  notAvailable: 'This chat is not available',
  sessionRequired: 'Your chat session has ended. Reload the page to start a new one.',
  sessionExpired: `Your chat session expired after ${WEB_CHAT_SESSION_IDLE_DAYS} days without use. Write a message to start a new conversation.`,
  textRequired: 'Message text is required',
  textTooLong: `Messages can be at most ${WEB_CHAT_MAX_MESSAGE_LENGTH} characters`,
  emailInvalid: 'Please enter a valid email address',
  codeInvalid: `Enter the ${WEB_CHAT_CODE_LENGTH}-digit code from the email`,
  codeSent: 'If the address can receive email, a code is on its way. It is valid for 10 minutes.',
  codeWrong: 'That code is not right. Check the email and try again.',
  codeExpired: 'That code has expired or was tried too many times. Ask for a new one.',
  phoneInvalid: 'Enter your phone number with its country code, like +34 600 000 000',
  phoneCodeInvalid: `Enter the ${WEB_CHAT_CODE_LENGTH}-digit code we sent to your phone`,
  phoneCodeSent: 'If the number has WhatsApp, a code is on its way. It is valid for 10 minutes.',
  phoneCodeWrong: 'That code is not right. Check WhatsApp and try again.',
  smsCodeSent: 'If the number can receive text messages, a code is on its way. It is valid for 10 minutes.',
  smsCodeWrong: 'That code is not right. Check your text messages and try again.',
  phoneCodeNotSent: 'The code could not be sent just now. Try again in a moment, or use your email.',
  phoneUnavailable: 'Verifying a phone number is not available here. Use your email instead.',
  contactInvalid: 'Enter an email address or a WhatsApp number',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  originInvalid: 'Each allowed website must be an address like https://www.example.com, without a path',
  tooManyOrigins: `At most ${WEB_CHAT_MAX_ORIGINS} websites`,
  greetingRequired: 'Greeting is required',
  greetingTooLong: `Greeting can be at most ${WEB_CHAT_GREETING_MAX} characters`,
  colorInvalid: 'Colour must be a hex colour like #228be6',
  positionInvalid: 'Choose left or right',
  privacyNoteTooLong: `Privacy note can be at most ${WEB_CHAT_PRIVACY_NOTE_MAX} characters`,
  codeEmailSubject: 'Your chat verification code',
} as const;

/**
 * The text message a number's code goes in (SMS), in the panel's language; the code first, for the
 * phone to offer it, and the business's name when it has one.
 */
export function webChatSmsCodeText(code: string, business: string, language: 'es' | 'en'): string {
  const name = business.trim();
  if (language === 'es')
    return `${code} es tu código para el chat${name ? ` de ${name}` : ''}. Caduca en 10 minutos.`;
  return `${code} is your code for the ${name ? `${name} ` : ''}chat. It expires in 10 minutes.`;
}

/**
 * A website's origin as browsers send it (scheme, host, port; no path, query or credentials), or
 * null when the text is not one. `https://WWW.Example.com:443/` becomes `https://www.example.com`.
 */
export function normaliseOrigin(value: string): string | null {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  // `https://example.com?` and `https://example.com#` parse with empty search and hash.
  if (/[?#]/.test(text)) return null;
  return url.origin;
}

/** The one line a business pastes into its website. */
export function webChatSnippet(publicUrl: string, publicKey: string): string {
  return `<script src="${publicUrl.replace(/\/+$/, '')}/web-chat.js" data-key="${publicKey}" async></script>`;
}
