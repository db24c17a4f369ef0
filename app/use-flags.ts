import { useSyncExternalStore } from 'react';
import { appFlags, type FlagsSnapshot } from './flags';

const subscribe = (listener: () => void) => appFlags().subscribe(listener);
const snapshot = () => appFlags().snapshot();

/** The app's flags and their fetch state (app/flags.ts), re-rendering when they change. */
export function useFlags(): FlagsSnapshot {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
