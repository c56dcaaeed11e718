/**
 * The one form of a typed username that the employee lookup and the sign-in counters both use, so
 * every spelling that reaches an account counts on that account's counters. NFKC turns compatibility
 * forms (full-width ＡＤＭＩＮ, the Kelvin sign) into plain letters; dotted İ and dotless ı fold to i, as a
 * Turkish keyboard types them. Usernames are ASCII (the employee form allows letters, digits, `.`,
 * `_` and `-`), so on stored names this is PostgreSQL's `lower()`, whatever the database's locale.
 */
export function foldUsername(username: string): string {
  return username
    .normalize('NFKC')
    .toLowerCase()
    .replace(/i\u0307/g, 'i')
    .replace(/ı/g, 'i');
}

/**
 * Seconds an account's next attempt waits after `failures` checked failures in a row: none below
 * the threshold, then 1, 2, 4… doubling up to `capSeconds`. The repository's SQL says the same.
 */
export function accountDelaySeconds(failures: number, threshold: number, capSeconds: number): number {
  if (failures < threshold) return 0;
  return Math.min(capSeconds, 2 ** Math.min(failures - threshold, 30));
}
