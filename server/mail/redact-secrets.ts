// A link's token, also inside another link's encoded `next` (a sign-in link back to /account/confirm-email?token=…).
const SECRET_PARAM = /((?:[?&]|%3F|%26)token(?:=|%3D))[^&%\s"'<>]+/gi;
const EMAIL_ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// drizzle's "Failed query: ...\nparams: ..." lists the query's values (answers, addresses, token hashes).
const QUERY_PARAMS = /(\bparams: )[\s\S]*?(?=\n {4}at |$)/g;
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]+/g;
const BEARER = /(\bBearer\s+)[A-Za-z0-9._~+/=-]+/gi;
// Random tokens (base64url of 32 bytes and the like): long runs with upper and lower case letters and digits.
const RANDOM_TOKEN = /[A-Za-z0-9_-]{32,}/g;
// A gift card's code (server/gifts/gift-code.ts): four groups of four of Crockford's base32, in a gift mail's text and link.
const GIFT_CODE = /\b[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){3}\b/g;

/** The text with every `token=` link parameter and gift card code replaced: once mail is delivered, the outbox keeps no usable secret. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAM, (_, name: string) => `${name}redacted`).replace(GIFT_CODE, '[gift code]');
}

/** The text with e-mail addresses replaced (a mail server's refusal names the recipient). */
export function redactAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[email]');
}

/** Text fit for a log line: no query parameters, link tokens, bearer or access tokens, random tokens or e-mail addresses. */
export function redactLogText(text: string): string {
  return redactAddresses(redactSecrets(text.replace(QUERY_PARAMS, '$1[redacted]')))
    .replace(BEARER, '$1[redacted]')
    .replace(JWT, '[jwt]')
    .replace(RANDOM_TOKEN, (run) => (/[a-z]/.test(run) && /[A-Z]/.test(run) && /[0-9]/.test(run) ? '[secret]' : run));
}
