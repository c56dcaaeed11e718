import classes from './full-screen-loader.module.css';

/**
 * Needs no Mantine: it is the first thing a visitor sees while the page's chunk loads, and
 * index.html draws the same spinner before any JavaScript has run.
 */
export function FullScreenLoader() {
  return (
    <div className={classes.screen} role="status" aria-label="Loading">
      <svg className={classes.spinner} viewBox="0 0 36 36" aria-hidden="true">
        <circle cx="18" cy="18" r="15" fill="none" stroke="#dce3ff" strokeWidth="4" />
        <path
          d="M18 3a15 15 0 0 1 15 15"
          fill="none"
          stroke="#4769f2"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
    </div>
  );
}
