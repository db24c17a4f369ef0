import { useState } from 'react';

/**
 * The step's selection, kept locally so the inputs answer at once, and reset whenever the
 * screen brings a different selection (the machine pre-filled or changed the answer).
 */
export function useSelection<T>(fromScreen: T): [T, (next: T) => void] {
  const [state, setState] = useState({ key: keyOf(fromScreen), value: fromScreen });
  const key = keyOf(fromScreen);
  if (key !== state.key) {
    // Adjusting state while rendering is React's documented way to follow a prop.
    setState({ key, value: fromScreen });
    return [fromScreen, (value) => setState({ key, value })];
  }
  return [state.value, (value) => setState({ key, value })];
}

function keyOf(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}
