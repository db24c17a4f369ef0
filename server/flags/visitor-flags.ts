import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { visitorOf } from '../http/visitor';
import type { FlagValue, Flags } from './load-flags';

/** What decides a visitor's flags: the shop's (flags.yaml, FLAGS on top) and the A/B flags FLAGS pinned. */
export interface FlagSettings {
  flags: Flags;
  /** The flags the operator's FLAGS set: an A/B flag among them has that arm for everyone. */
  pinnedFlags?: readonly string[];
}

/**
 * A visitor's arm of an A/B test (spec 001 §9 Feature flags, "0"/"1"): the low bit of sha256(flag, visitor id), so
 * the same visitor always gets the same arm, visitors split about half and half, and each test splits them apart
 * from the others.
 * @example armOf('skip-by-product-ab-test', 'q7W0b0n2mY3k4Xn9Lw2aZg') // '0' or '1', always the same
 */
export function armOf(flag: string, visitor: string): '0' | '1' {
  const digest = createHash('sha256').update(`${flag}\n${visitor}`).digest();
  return (digest[0]! & 1) === 1 ? '1' : '0';
}

/** The flags with each A/B test's arm for this visitor, except those FLAGS pinned. */
export function flagsForVisitor(settings: FlagSettings, visitor: string): Flags {
  const pinned = new Set(settings.pinnedFlags ?? []);
  const result: Record<string, FlagValue> = {};
  for (const [name, value] of Object.entries(settings.flags))
    result[name] = (value === '0' || value === '1') && !pinned.has(name) ? armOf(name, visitor) : value;
  return result;
}

/** The request's flags: its visitor's arms (the `visitor` cookie, server/http/visitor.ts). */
export function flagsOf(c: Context, settings: FlagSettings): Flags {
  return flagsForVisitor(settings, visitorOf(c));
}
