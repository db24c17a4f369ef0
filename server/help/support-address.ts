import type { AppConfig } from '../config';

/**
 * Where the contact form's messages go: SUPPORT_EMAIL, else support@ the shop's own host (server/README.md settings).
 * @example supportAddress({ publicUrl: 'https://shop.example.com' }, {}) // 'support@shop.example.com'
 */
export function supportAddress(config: Pick<AppConfig, 'publicUrl'>, env: NodeJS.ProcessEnv = process.env): string {
  const set = env.SUPPORT_EMAIL?.trim();
  if (set) return set;
  let host = 'localhost';
  try {
    host = new URL(config.publicUrl).hostname || host;
  } catch {
    // publicUrl is checked at start; a test's odd one falls back to localhost.
  }
  return `support@${host}`;
}
