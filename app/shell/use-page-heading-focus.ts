import { useEffect, useRef } from 'react';

/** Focuses the page's heading when the page opens, so screen readers announce where they are. */
export function usePageHeadingFocus<T extends HTMLElement = HTMLHeadingElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
