import type { ReactNode } from 'react';
import type { CheckoutFacts } from '../checkout-facts';

/** A link to another step of the checkout: a real link (it opens in a new tab too), followed in the page on a plain click. */
export function StepLink({ checkout, step, className, children }: { checkout: CheckoutFacts; step: string; className?: string; children: ReactNode }) {
  const href = checkout.routeTo(step);
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        checkout.go(href);
      }}
    >
      {children}
    </a>
  );
}
