/**
 * The build's loader of a lazily imported chunk (vite.config.ts puts it in place of Vite's own, `__vitePreload`): it
 * links the chunk's stylesheets and imports the chunk at the same time, and hands the chunk over only once its
 * stylesheets have loaded, so a page never draws without its styles (importing after them cost every lazy page with
 * styles one more round trip).
 * A stylesheet already linked (index.html's, or one a lazy chunk linked before) is not linked twice; one the server
 * preloaded (`<link rel="preload" as="style" crossorigin>`) is linked the same way, `crossorigin`, so the preload is
 * used. A stylesheet that fails to load fails the import, as Vite's does.
 */
const linking: Record<string, Promise<unknown> | undefined> = {};

/** Links `/${file}` unless a stylesheet with its address is linked; settles when it has loaded. */
function linkStylesheet(file: string): Promise<unknown> | undefined {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = '';
  link.href = `/${file}`;
  for (const linked of document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')) if (linked.href === link.href) return linking[file];
  document.head.append(link);
  return (linking[file] = new Promise((resolve, reject) => {
    link.onload = resolve;
    link.onerror = () => {
      // Unlinked, so importing the chunk again fetches it again.
      link.remove();
      linking[file] = undefined;
      reject(new Error(`Unable to preload CSS for ${link.href}`));
    };
  }));
}

/**
 * Imports a lazy chunk (`load`) alongside its stylesheets (`styles`: files under the site's root), and resolves with
 * it once both have loaded: the page draws with its styles, and its code is not fetched a round trip after them.
 */
export function __vitePreload<Module>(load: () => Promise<Module>, styles?: string[]): Promise<Module> {
  if (!styles?.length) return load();
  const module = load();
  return Promise.all([module, ...styles.map(linkStylesheet)]).then(() => module);
}
