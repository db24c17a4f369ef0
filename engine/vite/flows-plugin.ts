import type { Plugin } from 'vite';

/** Placeholder until the compiler lands: flows are compiled at build time by this plugin. */
export function flowsPlugin(): Plugin {
  return { name: 'shop-flows' };
}
