/**
 * `use-sync-external-store/shim` for React 18 and later, which have useSyncExternalStore built in: @xstate/react
 * imports the shim (written for React 16 and 17), and this stands in for it at build time (vite.config.ts).
 */
export { useSyncExternalStore } from 'react';
