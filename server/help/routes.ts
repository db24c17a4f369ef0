import { defineOperation } from '../http/operation';

// The help centre's calls (spec 001 §7). First mounted answering an empty knowledge base; the content, search and
// inquiries follow (server/help/README.md).
const emptyPage = (page: number, pageSize: number) => ({ page, pageSize, total: 0 });

export const listKbCategoriesOperation = defineOperation(
  'listKbCategories',
  { summary: 'The help centre’s categories', tag: 'help', responses: { 200: 'A page of categories', 400: 'validation_error' } },
  async ({ c, query }) => c.json({ data: [], meta: emptyPage(query.page, query.pageSize) }, 200),
);
export const listKbArticlesOperation = defineOperation(
  'listKbArticles',
  { summary: 'The help centre’s articles', tag: 'help', responses: { 200: 'A page of articles', 400: 'validation_error' } },
  async ({ c, query }) => c.json({ data: [], included: [], meta: emptyPage(query.page, query.pageSize) }, 200),
);
export const searchKbOperation = defineOperation(
  'searchKb',
  { summary: 'Search the help centre', tag: 'help', responses: { 200: 'Hits, best first', 400: 'validation_error' } },
  async ({ c }) => c.json({ data: [] }, 200),
);
export const listKbTagsOperation = defineOperation(
  'listKbTags',
  { summary: 'The help centre’s tags', tag: 'help', responses: { 200: 'A page of tags', 400: 'validation_error' } },
  async ({ c, query }) => c.json({ data: [], meta: emptyPage(query.page, query.pageSize) }, 200),
);
export const sendKbInquiryOperation = defineOperation(
  'sendKbInquiry',
  { summary: 'The contact form', tag: 'help', responses: { 201: 'Received', 400: 'validation_error' } },
  async ({ c, services }) => c.json({ reference: 'pending', received_at: services.clock.now().toISOString() }, 201),
);

export const helpOperations = [listKbCategoriesOperation, listKbArticlesOperation, searchKbOperation, listKbTagsOperation, sendKbInquiryOperation];
