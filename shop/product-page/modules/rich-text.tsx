import { Link } from 'react-router';

/**
 * Text that may hold links written as [words](/path): a site path becomes a router link, anything else
 * a plain link. Content never carries HTML, so nothing is injected.
 */
export function RichText({ text }: { text: string }) {
  const parts = text.split(/(\[[^\]]+\]\([^)]+\))/);
  return (
    <>
      {parts.map((part, i) => {
        const link = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(part);
        if (!link) return part;
        const [, words, href] = link as unknown as [string, string, string];
        return href.startsWith('/') ? (
          <Link key={i} to={href}>
            {words}
          </Link>
        ) : (
          <a key={i} href={href} rel="noopener">
            {words}
          </a>
        );
      })}
    </>
  );
}
