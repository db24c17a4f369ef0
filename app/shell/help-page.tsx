import { Navigate, useLocation } from 'react-router';

/**
 * Where the old /help page's sections now live in the help centre (its articles, shop/help/content/articles/): links
 * from before (mail, the home page's content, bookmarks) land on the same answer.
 */
export const helpSectionArticles: Readonly<Record<string, string>> = {
  shipping: '/faq/shipping-and-delivery',
  guarantee: '/faq/our-guarantee',
  subscriptions: '/faq/how-subscriptions-work',
  ingredients: '/faq/ingredients',
  returns: '/faq/returns-and-refunds',
  contact: '/faq/contact-us',
};

/** /help: the help centre moved to /faq (spec 001 §2); /help#section goes to that section's article. */
export default function HelpPage() {
  const { hash } = useLocation();
  return <Navigate to={helpSectionArticles[hash.slice(1)] ?? '/faq'} replace />;
}
