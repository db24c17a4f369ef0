import type { FeatureFlags } from '#api';
import { pageFlags } from '../flags';

let flags: FeatureFlags | null | undefined;

/** The page's flags, read once (app/flags.ts). */
export function trackingFlags(): FeatureFlags | null {
  if (flags === undefined) flags = typeof document === 'undefined' ? null : pageFlags();
  return flags;
}

/** `breadcrumbs-pageview-utms` (spec 001 §9 Feature flags): page views keep their utm_* parameters. */
export function pageviewKeepsUtms(): boolean {
  const value = trackingFlags()?.['breadcrumbs-pageview-utms'];
  return value === true || value === '1';
}

/** Forgets the flags read (tests). */
export function resetTrackingFlags(): void {
  flags = undefined;
}
