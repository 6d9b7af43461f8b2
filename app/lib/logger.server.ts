import pino from "pino";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");

export const logger = pino({
  level,
  base: undefined,
  redact: {
    paths: [
      "password",
      "*.password",
      "token",
      "*.token",
      "headers.cookie",
      "headers.authorization",
    ],
    censor: "[redacted]",
  },
});

/**
 * The request log's own logger: one line per answer (method, path without its query, status,
 * time, address). Its fields never hold a secret, so it skips the redaction pass, which costs
 * more than the rest of the line; and its lines are written in blocks of 4 KB (at least once a
 * second, and at exit) instead of one write each. At tens of thousands of page-cache hits a
 * second, the line was the largest cost of a hit after sending the page. Its lines may reach
 * the output up to a second after the other logger's; each carries its time.
 */
// At most 16 MB waiting when the output stalls (lines past it are dropped, not kept in memory).
const requestLines = pino.destination({
  dest: 1,
  minLength: 4096,
  maxLength: 16 * 1024 * 1024,
  sync: false,
});
const flushRequestLines = setInterval(() => requestLines.flush(), 1000);
flushRequestLines.unref();
// Closed at exit (pino flushes it then): no flush after that.
requestLines.once("close", () => clearInterval(flushRequestLines));

export const requestLogger = pino({ level, base: undefined }, requestLines);
