import type { Answers } from '#engine';

/**
 * The answers of a cancellation under way, kept on the device (sessionStorage, by subscription) until it ends: the
 * server keeps a reason only with the cancel itself, so a reload or the back button finds the step where it was,
 * with its answers (spec 001 §4; app/subscription-cancel/README.md).
 */
export interface CancelMemory {
  read(): Answers;
  write(values: Answers): void;
  clear(): void;
}

const keyOf = (subscription: string) => `subscription-cancel:${subscription}`;

/** The memory of one subscription's cancellation in `storage` (a private window without storage keeps nothing). */
export function cancelMemory(subscription: string, storage: Storage | undefined = globalThis.sessionStorage): CancelMemory {
  const key = keyOf(subscription);
  const read = (): Answers => {
    try {
      const text = storage?.getItem(key);
      const value: unknown = text ? JSON.parse(text) : {};
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Answers) : {};
    } catch {
      return {};
    }
  };
  return {
    read,
    write(values) {
      try {
        storage?.setItem(key, JSON.stringify({ ...read(), ...values }));
      } catch {
        // Full or refused storage: a reload then starts again at the reason.
      }
    },
    clear() {
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing kept.
      }
    },
  };
}
