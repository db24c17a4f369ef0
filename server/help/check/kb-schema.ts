import { z } from 'zod';

/** Ids and slugs: lower-case words joined by hyphens (they appear in addresses: /faq/{slug}, /faq/{articleId}). */
const kebab = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected lower-case words joined by hyphens (our-guarantee).');
const line = (max: number) => z.string().trim().min(1, 'Expected some text.').max(max, `Keep it to ${max} characters.`);

/** shop/help/content/categories.yaml: spec 001 §3 Category (id, title, description, slug, deleted) and its place. */
export const kbCategoryEntry = z
  .object({ id: kebab, title: line(60), description: line(200), slug: kebab, order: z.number().int().min(0), deleted: z.boolean().default(false) })
  .strict();
export const kbCategoriesFile = z.array(kbCategoryEntry);
export type KbCategoryEntry = z.infer<typeof kbCategoryEntry>;

/** shop/help/content/tags.yaml: spec 001 §3 Tag (id, name); popular and contact-us-top-3 are §2's. */
export const kbTagEntry = z.object({ id: kebab, name: line(60) }).strict();
export const kbTagsFile = z.array(kbTagEntry);
export type KbTagEntry = z.infer<typeof kbTagEntry>;

/** An article's front matter: spec 001 §3 Article (id, title, tags, slug, status, categories, deleted) and ours. */
export const kbFrontMatter = z
  .object({
    id: kebab,
    title: line(120),
    slug: kebab,
    status: z.enum(['published', 'draft']),
    tags: z.array(kebab).default([]),
    categories: z.array(kebab).min(1, 'Expected at least one category.'),
    deleted: z.boolean().default(false),
    /** Where it comes in lists (lower first); then by title. */
    order: z.number().int().min(0).default(100),
    /** When the text last changed in substance (YYYY-MM-DD). */
    updated: z.iso.date('Expected a date as YYYY-MM-DD.'),
  })
  .strict();
export type KbFrontMatter = z.infer<typeof kbFrontMatter>;

/** The keys front matter may have (for "did you mean" on an unknown one). */
export const FRONT_MATTER_KEYS = Object.keys(kbFrontMatter.shape);
