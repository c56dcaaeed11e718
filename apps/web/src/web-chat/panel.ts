// The web chat's panel, /web-chat/panel?key=…: a page of our own origin shown in the loader's
// iframe (decision 022). Vanilla TypeScript and one stylesheet, so it stays within 60 KB gzip.
// It keeps nothing in the browser but the opaque session id.
import type { WebChatConfig, WebChatConversation, WebChatMessage } from '@chatdesk/contract/web-chat';
import { WEB_CHAT_MAX_MESSAGE_LENGTH, WEB_CHAT_SESSION_HEADER } from '@chatdesk/contract/web-chat-rules';
import { languageOf, safeColor, textColorOn } from './color.ts';
import { openLiveStream } from './event-stream.ts';
import { PANEL_MESSAGE } from './messages.ts';
import { SERVER_MESSAGES_ES, SMS_TEXTS, TEXTS, type Texts } from './texts.ts';

type ReplyTo = { replyTo: string };

const language = languageOf(navigator.language);
/** The panel's words; those naming the phone's channel change once the config says it is SMS. */
let t: Texts = TEXTS[language];
const key = new URLSearchParams(location.search).get('key') ?? '';
const storageKey = `chatdesk-web-chat:${key}`;

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const ui = {
  business: $('business'),
  avatar: $('avatar'),
  status: $('status'),
  close: $<HTMLButtonElement>('close'),
  scroller: $('scroller'),
  greeting: $('greeting'),
  privacy: $('privacy'),
  notice: $('notice'),
  messages: $('messages'),
  announcer: $('announcer'),
  offline: $('offline'),
  replyToForm: $<HTMLFormElement>('reply-to-form'),
  replyTo: $<HTMLInputElement>('reply-to'),
  replyToStatus: $('reply-to-status'),
  verify: $('verify'),
  verifyToggle: $<HTMLButtonElement>('verify-toggle'),
  verifyBy: $<HTMLFieldSetElement>('verify-by'),
  phoneOption: $('phone-option'),
  verifyTitle: $('verify-title'),
  verifyWhy: $('verify-why'),
  emailLabel: $('email-label'),
  emailForm: $<HTMLFormElement>('email-form'),
  email: $<HTMLInputElement>('email'),
  emailError: $('email-error'),
  codeForm: $<HTMLFormElement>('code-form'),
  code: $<HTMLInputElement>('code'),
  codeSent: $('code-sent'),
  codeError: $('code-error'),
  verified: $('verified'),
  composer: $<HTMLFormElement>('composer'),
  message: $<HTMLTextAreaElement>('message'),
  messageError: $('message-error'),
  download: $<HTMLButtonElement>('download'),
  remove: $<HTMLButtonElement>('delete'),
  dialog: $<HTMLDialogElement>('confirm-delete'),
  deleteError: $('delete-error'),
  deleteCancel: $<HTMLButtonElement>('delete-cancel'),
  deleteConfirm: $<HTMLButtonElement>('delete-confirm'),
};

const inFrame = window.parent !== window;
let config: WebChatConfig | null = null;
const shown = new Set<string>();
let stream: { stop: () => void } | null = null;

// The session id lives in this origin's storage (partitioned per website by the browser). A browser
// that refuses third-party storage (Chromium blocking third-party cookies, for one) gets it kept by
// the loader in the website's own storage instead: still only the opaque id, so the visitor can
// close the tab and come back to the same conversation. Without either, it lasts as long as the tab.
let sessionId: string | null = null;
/** The website's origin, once its loader has answered: where the id is sent to be kept. */
let loaderOrigin: string | null = null;

function ownStorage(): Storage | null {
  try {
    localStorage.getItem(storageKey);
    return localStorage;
  } catch {
    return null;
  }
}

const session = {
  get: () => sessionId,
  set(id: string | null) {
    sessionId = id;
    showTools(id);
    const storage = ownStorage();
    if (storage) {
      if (id) storage.setItem(storageKey, id);
      else storage.removeItem(storageKey);
    } else if (loaderOrigin) {
      window.parent.postMessage({ type: PANEL_MESSAGE.keepSession, id }, loaderOrigin);
    }
  },
};

/** The session a previous visit left, from this origin's storage or else from the loader. */
function restoreSession(): Promise<string | null> {
  const storage = ownStorage();
  if (storage) return Promise.resolve(storage.getItem(storageKey));
  if (!inFrame) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 2000);
    const answer = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; id?: unknown } | null;
      if (event.source !== window.parent || data?.type !== PANEL_MESSAGE.session) return;
      removeEventListener('message', answer);
      clearTimeout(timer);
      loaderOrigin = event.origin;
      resolve(typeof data.id === 'string' ? data.id : null);
    };
    addEventListener('message', answer);
    window.parent.postMessage({ type: PANEL_MESSAGE.askSession }, '*');
  });
}

/** Nothing to download or delete before the first message. */
function showTools(sessionId: string | null) {
  ui.download.hidden = !sessionId;
  ui.remove.hidden = !sessionId;
}

class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * The server's message in the visitor's language, or a general one for what is not theirs to fix; a
 * 503 of ours (a code that could not be sent) says what to do.
 */
function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.message) return fallback;
  if (error.status >= 500 && !(error.message in SERVER_MESSAGES_ES)) return fallback;
  return language === 'es' ? (SERVER_MESSAGES_ES[error.message] ?? error.message) : error.message;
}

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  const id = session.get();
  if (id) headers[WEB_CHAT_SESSION_HEADER] = id;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`/api/web-chat${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
  if (response.ok) return response;
  const answer = (await response.json().catch(() => null)) as {
    message?: string;
    errors?: Array<{ message?: string }>;
  } | null;
  // A refused field comes as "contact: …" with the bare message in `errors`: the visitor reads that
  // one (and in Spanish, SERVER_MESSAGES_ES knows it), not the field's name.
  throw new ApiError(response.status, answer?.errors?.[0]?.message ?? answer?.message ?? '');
}

const json = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
  (await call(method, path, body)).json() as Promise<T>;

/** The session, made on the first thing the visitor does that needs one (not on opening the panel). */
async function ensureSession(): Promise<void> {
  if (session.get()) return;
  const { sessionId } = await json<{ sessionId: string }>('POST', '/sessions', { key });
  session.set(sessionId);
  startStream();
}

/** Runs `action` with a session; if the server no longer knows it (deleted, expired), once more with a new one. */
async function withSession<T>(action: () => Promise<T>): Promise<T> {
  await ensureSession();
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    sessionLost();
    await ensureSession();
    return action();
  }
}

function endSession() {
  stream?.stop();
  stream = null;
  session.set(null);
}

/** A line above the conversation that says what changed (a session ended, a verification lapsed). */
function showNotice(text: string) {
  // Always in the page (empty hides it), so screen readers announce the status line when it fills.
  ui.notice.textContent = text;
}

/** The panel shows no conversation: after the visitor deletes it, or the server ended it. */
function clearConversation() {
  shown.clear();
  ui.messages.replaceChildren();
  showVerified(null);
  ui.replyTo.removeAttribute('aria-invalid');
  showReplyTo(null);
  ui.replyTo.value = '';
}

/**
 * The server no longer knows the session (unused for 30 days, or deleted elsewhere): the panel
 * forgets it, and the visitor's next message starts a new conversation, which the panel says.
 */
function sessionLost() {
  endSession();
  clearConversation();
  showNotice(t.sessionEnded);
}

function authorOf(message: WebChatMessage): string {
  if (message.from === 'visitor') return t.you;
  if (message.from === 'assistant') return t.assistant;
  return t.staff(config?.businessName ?? '');
}

const timeFormat = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });

const URL_PATTERN = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)»]/g;

/** The text with its web addresses as links (a booking link, say), opened in a new tab; the rest stays text. */
function withLinks(text: string): Node[] {
  const nodes: Node[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    nodes.push(document.createTextNode(text.slice(last, match.index)));
    const link = document.createElement('a');
    link.href = match[0];
    link.textContent = match[0];
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    nodes.push(link);
    last = match.index + match[0].length;
  }
  nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

function messageItem(message: WebChatMessage): HTMLLIElement {
  const item = document.createElement('li');
  item.className = `message from-${message.from}`;
  item.dataset.id = message.id;
  const author = document.createElement('span');
  author.className = 'author';
  author.textContent = authorOf(message);
  const text = document.createElement('p');
  text.className = 'text';
  text.append(...withLinks(message.text));
  const time = document.createElement('time');
  time.dateTime = message.timestamp;
  time.textContent = timeFormat.format(new Date(message.timestamp));
  item.append(author, text, time);
  return item;
}

function scrollToEnd() {
  ui.scroller.scrollTop = ui.scroller.scrollHeight;
}

/** Adds a message once, in time order (the stream and the POST's answer may both bring it). */
function addMessage(message: WebChatMessage, announce: boolean) {
  if (shown.has(message.id)) return;
  shown.add(message.id);
  const item = messageItem(message);
  const later = [...ui.messages.children].find(
    (element) => (element.querySelector('time')?.dateTime ?? '') > message.timestamp,
  );
  ui.messages.insertBefore(item, later ?? null);
  if (announce && message.from !== 'visitor') {
    const line = document.createElement('p');
    line.textContent = t.newMessage(authorOf(message), message.text);
    ui.announcer.append(line);
    while (ui.announcer.childElementCount > 3) ui.announcer.firstElementChild?.remove();
  }
  scrollToEnd();
}

/** Whether the visitor proves a number by WhatsApp (offered only when the server can send the code). */
let byPhone = false;

function showVerified(email: string | null, phone: string | null = null) {
  ui.verified.hidden = !email && !phone;
  ui.verified.textContent = email ? t.verified(email) : phone ? t.verifiedPhone(phone) : '';
  ui.verifyToggle.hidden = Boolean(email || phone);
  if (email || phone) toggleVerify(false);
}

/** The one address field asks for an email or a WhatsApp number; a new choice starts over. */
function chooseVerification(phone: boolean) {
  byPhone = phone;
  ui.emailLabel.textContent = phone ? t.phone : t.email;
  ui.email.type = phone ? 'tel' : 'email';
  ui.email.autocomplete = phone ? 'tel' : 'email';
  ui.email.value = '';
  ui.email.removeAttribute('aria-invalid');
  ui.emailError.textContent = '';
  ui.codeForm.hidden = true;
}

function showReplyTo(contact: string | null) {
  if (contact) {
    ui.replyTo.value = contact;
    ui.replyToStatus.textContent = t.replyToSaved(contact);
    return;
  }
  // A refused contact's message stays until the visitor tries again: the conversation a first
  // save's new session loads may arrive after the refusal, and has nothing new to say.
  if (ui.replyTo.getAttribute('aria-invalid') !== 'true') ui.replyToStatus.textContent = '';
}

async function loadConversation(): Promise<void> {
  if (!session.get()) return;
  try {
    const conversation = await json<WebChatConversation>('GET', '/conversation');
    for (const message of conversation.messages) addMessage(message, false);
    showVerified(conversation.verifiedEmail, conversation.verifiedPhone);
    showReplyTo(conversation.replyTo);
    // The email stops counting after a day unused or a week (decision 022): ask for it again.
    if (conversation.verificationLapsed)
      showNotice(config?.phoneVerification ? t.verifyAgainAny : t.verifyAgain);
  } catch (error) {
    // A session the server no longer knows: start afresh on the next message.
    if (error instanceof ApiError && error.status === 401) sessionLost();
  }
}

function startStream() {
  if (stream || !session.get()) return;
  stream = openLiveStream({
    url: '/api/web-chat/stream',
    headers: (): Record<string, string> => {
      const id = session.get();
      return id ? { [WEB_CHAT_SESSION_HEADER]: id } : {};
    },
    // Reading the conversation on each connection catches what came while the stream was down.
    onOpen: () => void loadConversation(),
    onEvent: (event) => {
      if (event.event === 'message') addMessage(JSON.parse(event.data) as WebChatMessage, true);
      else if (event.event === 'resync') void loadConversation();
    },
    onUnauthorized: sessionLost,
  });
}

async function send(): Promise<void> {
  const text = ui.message.value.trim();
  ui.messageError.textContent = '';
  if (!text) return;
  if (text.length > WEB_CHAT_MAX_MESSAGE_LENGTH) {
    ui.messageError.textContent = t.tooLong;
    return;
  }
  ui.composer.setAttribute('aria-busy', 'true');
  try {
    const message = await withSession(() => json<WebChatMessage>('POST', '/messages', { text }));
    ui.message.value = '';
    fitMessageBox();
    addMessage(message, false);
  } catch (error) {
    ui.messageError.textContent = messageOf(error, t.sendFailed);
  } finally {
    ui.composer.removeAttribute('aria-busy');
  }
}

/** The message box grows with what is typed, up to a few lines, then scrolls. */
function fitMessageBox() {
  ui.message.style.height = 'auto';
  ui.message.style.height = `${Math.min(ui.message.scrollHeight, 132)}px`;
}

function toggleVerify(open: boolean) {
  ui.verify.hidden = !open;
  ui.verifyToggle.setAttribute('aria-expanded', String(open));
  if (open) {
    ui.verify.scrollIntoView({ block: 'nearest' });
    (ui.codeForm.hidden ? ui.email : ui.code).focus();
  }
}

async function requestCode(): Promise<void> {
  ui.emailError.textContent = '';
  const email = ui.email.value.trim();
  try {
    await withSession(() =>
      byPhone
        ? call('POST', '/phone-verification', { phone: email, language })
        : call('POST', '/verification', { email }),
    );
    ui.codeSent.textContent = byPhone ? t.codeSentPhone(email) : t.codeSent(email);
    ui.codeForm.hidden = false;
    ui.code.value = '';
    ui.codeError.textContent = '';
    ui.code.focus();
  } catch (error) {
    ui.emailError.textContent = messageOf(error, t.failed);
    ui.email.setAttribute('aria-invalid', 'true');
  }
}

async function confirmCode(): Promise<void> {
  ui.codeError.textContent = '';
  try {
    const address = ui.email.value.trim();
    const code = ui.code.value.trim();
    const { verifiedEmail = null, verifiedPhone = null } = await json<{
      verifiedEmail?: string;
      verifiedPhone?: string;
    }>(
      'POST',
      byPhone ? '/phone-verification/confirm' : '/verification/confirm',
      byPhone ? { phone: address, code } : { email: address, code },
    );
    ui.codeForm.hidden = true;
    showNotice('');
    showVerified(verifiedEmail, verifiedPhone);
    ui.announcer.textContent = ui.verified.textContent;
    ui.message.focus();
  } catch (error) {
    ui.codeError.textContent = messageOf(error, t.failed);
    ui.code.setAttribute('aria-invalid', 'true');
  }
}

async function saveReplyTo(): Promise<void> {
  ui.replyToStatus.textContent = '';
  try {
    const { replyTo } = await withSession(() =>
      json<ReplyTo>('PUT', '/reply-to', { contact: ui.replyTo.value.trim() }),
    );
    ui.replyTo.removeAttribute('aria-invalid');
    showReplyTo(replyTo);
  } catch (error) {
    ui.replyTo.setAttribute('aria-invalid', 'true');
    ui.replyToStatus.textContent = messageOf(error, t.failed);
  }
}

async function download(): Promise<void> {
  if (!session.get()) return;
  try {
    const blob = await (await call('GET', '/export')).blob();
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'conversation.json';
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  } catch (error) {
    ui.messageError.textContent = messageOf(error, t.failed);
  }
}

async function deleteConversation(): Promise<void> {
  ui.deleteError.textContent = '';
  try {
    if (session.get()) await call('DELETE', '/conversation');
  } catch (error) {
    // Already gone on the server: the browser forgets it all the same.
    if (!(error instanceof ApiError && error.status === 401)) {
      ui.deleteError.textContent = messageOf(error, t.failed);
      return;
    }
  }
  endSession();
  clearConversation();
  showNotice('');
  ui.dialog.close('deleted');
  ui.announcer.textContent = t.deleted;
  ui.message.focus();
}

const closePanel = () => window.parent.postMessage({ type: PANEL_MESSAGE.close }, '*');

function fillTexts() {
  document.documentElement.lang = language;
  for (const element of document.querySelectorAll<HTMLElement>('[data-text]'))
    element.textContent = String(t[element.dataset.text as keyof Texts]);
  for (const element of document.querySelectorAll<HTMLElement>('[data-label]'))
    element.setAttribute('aria-label', String(t[element.dataset.label as keyof Texts]));
  for (const element of document.querySelectorAll<HTMLElement>('[data-title]'))
    element.title = String(t[element.dataset.title as keyof Texts]);
  for (const element of document.querySelectorAll<HTMLTextAreaElement>('[data-placeholder]'))
    element.placeholder = String(t[element.dataset.placeholder as keyof Texts]);
}

function showConfig(loaded: WebChatConfig) {
  config = loaded;
  const color = safeColor(loaded.color);
  document.documentElement.style.setProperty('--accent', color);
  document.documentElement.style.setProperty('--on-accent', textColorOn(color));
  document.title = loaded.businessName;
  ui.business.textContent = loaded.businessName;
  ui.avatar.textContent = loaded.businessName.trim().charAt(0).toUpperCase();
  ui.status.textContent = loaded.online ? t.online : t.offlineStatus;
  ui.status.classList.toggle('is-online', loaded.online);
  ui.greeting.textContent = loaded.greeting;
  ui.privacy.textContent = loaded.privacyNote;
  ui.privacy.hidden = !loaded.privacyNote;
  ui.offline.hidden = loaded.online;
  ui.verifyBy.hidden = !loaded.phoneVerification;
  if (loaded.phoneChannel === 'sms') {
    t = { ...TEXTS[language], ...SMS_TEXTS[language] };
    ui.phoneOption.textContent = t.phoneOption;
  }
  if (loaded.phoneVerification) {
    ui.verifyTitle.textContent = t.verifyAny;
    ui.verifyToggle.textContent = t.verifyAny;
    ui.verifyWhy.textContent = t.verifyWhyAny;
  }
}

function bindEvents() {
  ui.close.hidden = !inFrame;
  ui.close.addEventListener('click', closePanel);
  document.addEventListener('keydown', (event) => {
    // An open dialog takes Escape itself (it closes the dialog, not the panel).
    if (event.key === 'Escape' && inFrame && !ui.dialog.open) closePanel();
  });
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    if ((event.data as { type?: unknown } | null)?.type === PANEL_MESSAGE.open) ui.message.focus();
  });
  ui.composer.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
  ui.message.addEventListener('keydown', (event) => {
    // Enter sends; Shift+Enter is a new line; Enter while composing (an IME) is the IME's.
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    void send();
  });
  ui.message.addEventListener('input', fitMessageBox);
  ui.verifyToggle.addEventListener('click', () =>
    toggleVerify(ui.verifyToggle.getAttribute('aria-expanded') !== 'true'),
  );
  ui.verifyBy.addEventListener('change', (event) =>
    chooseVerification((event.target as HTMLInputElement).value === 'phone'),
  );
  ui.emailForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void requestCode();
  });
  ui.codeForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void confirmCode();
  });
  ui.replyToForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void saveReplyTo();
  });
  ui.download.addEventListener('click', () => void download());
  ui.remove.addEventListener('click', () => {
    ui.deleteError.textContent = '';
    ui.dialog.returnValue = '';
    ui.dialog.showModal();
    ui.deleteCancel.focus();
  });
  ui.deleteCancel.addEventListener('click', () => ui.dialog.close());
  ui.deleteConfirm.addEventListener('click', () => void deleteConversation());
  ui.dialog.addEventListener('close', () => {
    if (ui.dialog.returnValue !== 'deleted') ui.remove.focus();
  });
}

async function start() {
  fillTexts();
  showTools(null);
  bindEvents();
  try {
    showConfig(await json<WebChatConfig>('GET', `/config?key=${encodeURIComponent(key)}`));
  } catch {
    ui.greeting.textContent = t.unavailable;
    ui.composer.hidden = true;
    document.querySelector('.tools')?.setAttribute('hidden', '');
    return;
  }
  sessionId = await restoreSession();
  showTools(sessionId);
  // The stream's first connection reads the conversation (onOpen).
  startStream();
}

void start();
