import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Shows the part of the page a link's #fragment names (/help#contact, /privacy#choices): the router does not scroll
 * to it, so this does, and moves focus there (the target has tabIndex -1) so the reading position follows.
 */
export function useHashTarget(): void {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) return;
    target.scrollIntoView();
    target.focus({ preventScroll: true });
  }, [hash]);
}
