-- The search scans each matching article's full-text document: keep it in the row (storage main) and move the
-- article's HTML and plain text out of it first (storage external), so a search reads no TOAST (server/help/README.md).
ALTER TABLE "kb_articles" ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
ALTER TABLE "kb_articles" ALTER COLUMN "html_body" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "kb_articles" ALTER COLUMN "body_text" SET STORAGE EXTERNAL;
