/**
 * The knowledge base's limits the pages show, copied from api/schemas/knowledge-base.ts: importing a value from there
 * brings zod into the pages' first download (15 KB gzipped). tests/app/help-centre.test.tsx checks they agree.
 */
export const SEARCH_TERM_MAX = 100;
export const INQUIRY_MESSAGE_MAX = 5000;
