/** Where Debian's Chromium lives; CHROME_PATH overrides it (a laptop's Chrome, say). */
export function chromiumPath(): string {
  return process.env.CHROME_PATH ?? '/usr/bin/chromium';
}

/** Flags for headless Chromium on a machine with no outside network (see ../shared/TOOLCHAIN.md). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
