/** The server's reasons are lower-case phrases ("draws in and holds moisture: …"); shown alone, each reads as a sentence. */
export function sentence(phrase: string): string {
  const text = phrase.trim();
  if (text === '') return text;
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.');
}
