const SECRET_PARAM = /([?&]token=)[^&\s"'<>]+/g;

/** The text with every `token=` link parameter replaced: once mail is delivered, the outbox keeps no usable secret. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAM, '$1redacted');
}
