/** What the loader (on the host page) and the panel (in its iframe) tell each other with postMessage. */
export const PANEL_MESSAGE = {
  /** Loader → panel: the panel was opened; it puts focus in its message box. */
  open: 'chatdesk-web-chat:open',
  /** Panel → loader: close the panel and give focus back to the launcher. */
  close: 'chatdesk-web-chat:close',
  /**
   * Panel → loader, when the browser refuses the panel its own storage (third-party storage
   * blocked, the default in some browsers): the session id the loader keeps for it, if any.
   */
  askSession: 'chatdesk-web-chat:ask-session',
  /** Loader → panel: `{ id }`, the kept session id or null. */
  session: 'chatdesk-web-chat:session',
  /** Panel → loader: `{ id }`, keep this session id (null: forget it). */
  keepSession: 'chatdesk-web-chat:keep-session',
} as const;
