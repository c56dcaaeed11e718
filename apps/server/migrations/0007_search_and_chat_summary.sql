-- Search reads trigram indexes (pg_trgm: a trusted extension, so the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Lower case without accents, in the database so the stored columns and the searches agree
-- ("Lucía" is found by "lucia"). translate() folds the accented letters of the languages we serve;
-- it is immutable, unlike unaccent(), so generated columns and indexes may use it.
CREATE OR REPLACE FUNCTION chatdesk_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(translate(value, 'ÁÀÂÄÃÅĀáàâäãåāÉÈÊËĒéèêëēÍÌÎÏĪíìîïīÓÒÔÖÕØŌóòôöõøōÚÙÛÜŪúùûüūÑñÇçÝýÿ', 'AAAAAAAaaaaaaaEEEEEeeeeeIIIIIiiiiiOOOOOOOoooooooUUUUUuuuuuNnCcYyy')) $$;--> statement-breakpoint
-- A text list joined by spaces; array_to_string() is only stable in general, but for text it cannot change.
CREATE OR REPLACE FUNCTION chatdesk_join(value text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(value, ' '), '') $$;--> statement-breakpoint
DROP INDEX "chats_last_message_idx";--> statement-breakpoint
DROP INDEX "clients_phone_idx";--> statement-breakpoint
DROP INDEX "notifications_created_idx";--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "last_message_text" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "last_message_sender" text;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(prefix || phone, '\D', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (chatdesk_fold(name || ' ' || coalesce(email, '')) || ' ' || regexp_replace(prefix || phone, '\D', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(phone, '\D', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (chatdesk_fold(name || ' ' || coalesce(email, '') || ' ' || phone) || ' ' || regexp_replace(phone, '\D', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "search_text" text GENERATED ALWAYS AS (chatdesk_fold(name || ' ' || email || ' ' || username || ' ' || coalesce(role, '') || ' ' || coalesce(title, '') || ' ' || chatdesk_join(locations))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (chatdesk_fold(plan_name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "chats_activity_idx" ON "chats" USING btree (coalesce("last_message_at", "created_at") desc,"id");--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_phone_digits_idx" ON "clients" USING btree ("phone_digits","created_at");--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "employees_search_idx" ON "employees" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_search_idx" ON "subscriptions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at","id");--> statement-breakpoint
-- The chat list's summary of each chat, from the history it already has.
UPDATE "chats" c SET "last_message_text" = lm."text", "last_message_sender" = lm."sender", "last_message_at" = lm."created_at"
  FROM (SELECT DISTINCT ON ("chat_id") "chat_id", "text", "sender", "created_at" FROM "messages" ORDER BY "chat_id", "created_at" DESC, "id" DESC) lm
 WHERE lm."chat_id" = c."id";--> statement-breakpoint
UPDATE "chats" c SET "unread_count" = u.n
  FROM (SELECT "chat_id", count(*)::int AS n FROM "messages" WHERE "sender" = 'customer' AND "read_at" IS NULL GROUP BY "chat_id") u
 WHERE u."chat_id" = c."id";
