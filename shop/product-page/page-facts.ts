import { createContext } from 'react';

/** What a page's modules may know of the shopper (supplied by the app): the skincare consultation's progress. */
export interface PageFactsValue {
  skincareConsultation: 'completed' | 'started' | 'not_started';
}

/** The shopper's facts for the page's modules; a first-time visitor has started nothing. */
export const PageFacts = createContext<PageFactsValue>({ skincareConsultation: 'not_started' });
