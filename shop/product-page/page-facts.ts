import { createContext } from 'react';
import type { Product } from '#api';

/** What a page's modules may know of the shopper (supplied by the app): the skincare consultation's progress. */
export interface PageFactsValue {
  skincareConsultation: 'completed' | 'started' | 'not_started';
  /** The catalogue in the shopper's currency, once loaded (the product carousels draw from it). */
  products?: readonly Product[] | undefined;
  /** The page's own product type, which "Discover more" leaves out. */
  current?: string | undefined;
}

/** The shopper's facts for the page's modules; a first-time visitor has started nothing. */
export const PageFacts = createContext<PageFactsValue>({ skincareConsultation: 'not_started' });
