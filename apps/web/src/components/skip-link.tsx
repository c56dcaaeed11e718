/** The main content's id, the target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the keyboard on a page: leads past the header and navigation to the main content
 * (which needs `tabIndex={-1}` to take the focus). Styled in global.css: hidden until focused.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus, not the router or a URL fragment: the page stays where it is, the next Tab goes on from main.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}
