import type { ModuleOf } from './module-types.ts';

/** The product's claims as one list (a marquee is decoration; the list reads the same without it). */
export function Ticker({ module }: { module: ModuleOf<'ticker'> }) {
  return (
    <ul className="pp-ticker" aria-label="What's never in it">
      {module.claims.map((claim) => (
        <li key={claim}>{claim}</li>
      ))}
    </ul>
  );
}
