/** What the loader (on the host page) and the panel (in its iframe) tell each other with postMessage. */
export const PANEL_MESSAGE = {
  /** Loader → panel: the panel was opened; it puts focus in its message box. */
  open: 'chatdesk-web-chat:open',
  /** Panel → loader: close the panel and give focus back to the launcher. */
  close: 'chatdesk-web-chat:close',
} as const;
