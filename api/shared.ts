/**
 * @module api/shared (#api/shared): the contract's rules the browser needs without zod or the API client: the
 * categories and what an error report may carry. Importing them from here keeps the client in its own lazily
 * loaded chunk (importing '#api/client' for them would pull it into the entry).
 */
export { categoryOf, consultationCategories, formulaCategories, isCategory } from './categories';
export type { Category, FormulaCategory } from './categories';
export { scrubReportText } from './report-text';
