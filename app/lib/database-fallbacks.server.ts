/**
 * Renders that fell back on built-in defaults because the database failed. A page made that way
 * is right for the moment and wrong a minute later: the page cache never keeps one, and while the
 * database keeps failing it does not even try (its hits, pages rendered before, go on serving).
 */
let count = 0;
let lastAt = 0;

/** Called wherever a read falls back on defaults (or an empty list) after a database failure. */
export function noteDatabaseFallback() {
  count += 1;
  lastAt = Date.now();
}

/** How many fallbacks this process has made: compared before and after a render. */
export function databaseFallbacks() {
  return count;
}

/** Whether a read fell back within the last `ms` milliseconds. */
export function fellBackRecently(ms = 5_000) {
  return lastAt > 0 && Date.now() - lastAt < ms;
}
