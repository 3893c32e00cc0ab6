/**
 * What must never reach a log line. Names are compared after decoding (`%74oken` is `token`
 * to the query parser, so it is to us) and lower-cased; the list errs on the side of hiding.
 */
const SENSITIVE_NAME =
  /token|authorization|cookie|passw|pwd|secret|signature|session|api[-_]?key|otp|^(?:code|verificationcode|smscode|mailcode)$/;

export const isSensitiveName = (name: string): boolean => SENSITIVE_NAME.test(name.trim().toLowerCase());

/** Decodes like the query parser does; a name that does not decode is treated as sensitive. */
function decodedName(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The URL with the value of every sensitive query parameter replaced, whatever its spelling.
 * The path is kept as sent: support needs it, and no secret travels in a path.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash === -1 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      const name = decodedName(rawName);
      if (name !== null && !isSensitiveName(name)) return pair;
      return `${rawName}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${redacted}${hash === -1 ? '' : url.slice(hash)}`;
}

/** pino `redact` paths: a safety net for any log call that passes headers along. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.token',
  'req.headers["x-signature"]',
  'headers.authorization',
  'headers.cookie',
  'headers.token',
  'headers["x-signature"]',
  'res.headers["set-cookie"]',
];
