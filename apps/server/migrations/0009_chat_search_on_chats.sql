-- Chat search moves onto the chats table (a copy of the contact's folded text, kept in step by the
-- statements that write contacts), so it filters and orders on one table; the contacts' index goes.
DROP INDEX "contacts_search_idx";--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "chats" c SET "search_text" = ct."search_text" FROM "contacts" ct WHERE ct."id" = c."contact_id";--> statement-breakpoint
CREATE INDEX "chats_search_idx" ON "chats" USING gin ("search_text" gin_trgm_ops);
