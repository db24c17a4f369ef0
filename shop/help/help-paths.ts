/** The help centre's addresses (shop/help/README.md): one place, so links and routes agree. */
export const helpPaths = {
  home: '/faq',
  contact: '/faq/contact-us',
  /** A category's articles, or a search for a slug that names no category (spec 001 §2). */
  topic: (slug: string) => `/faq/topics/${encodeURIComponent(slug)}`,
  search: (term: string) => `/faq/search?${new URLSearchParams({ term }).toString()}`,
  /** /faq/{articleId} (spec 001 §2). */
  article: (id: string) => `/faq/${encodeURIComponent(id)}`,
} as const;

/** The extra "Contact Us" entry among the categories (spec 001 §2). */
export const contactUsEntry = { slug: 'contact-us', title: 'Contact Us', description: 'Reach out to get in touch with our team of Pros' } as const;

/** §2: a topic that matches no category is titled so. */
export const searchTitle = (term: string) => `Search results for "${term}"`;
