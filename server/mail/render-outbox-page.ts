import type { OutboxMessage } from '#api';

const LINK = /https?:\/\/[^\s<>"']+/g;

/** The dev outbox page: each message with its text, links made clickable; everything escaped. `nonce` admits its style block under the page's CSP. */
export function renderOutboxPage(messages: OutboxMessage[], nonce: string): string {
  const items = messages
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${escapeHtml(m.created_at)}">${escapeHtml(m.created_at)}</time> · #${m.id}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox</title>
<style nonce="${escapeHtml(nonce)}">
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; color: #1d1d1f; }
  article { border-top: 1px solid #ccc; padding: 0.5rem 0 1rem; }
  h2 { font-size: 1.1rem; margin: 0.5rem 0 0; }
  .meta { color: #555; margin: 0 0 0.5rem; font-size: 0.9rem; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: 0.75rem; border-radius: 4px; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>Mail the shop has sent, newest first (<a href="/dev/outbox.json">JSON</a>). This page does not exist in production.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>
`;
}

function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    html += escapeHtml(text.slice(last, match.index)) + `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}
