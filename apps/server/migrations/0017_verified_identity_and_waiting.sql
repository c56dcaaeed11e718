ALTER TABLE "chats" ADD COLUMN "simulated_client_id" uuid;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_simulated_client_id_clients_id_fk" FOREIGN KEY ("simulated_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chats_waiting_idx" ON "chats" USING btree ("waiting_since","id") WHERE "chats"."waiting_since" is not null;--> statement-breakpoint
-- Chats a person has that were waiting before this column existed (an unread, unsolved handoff
-- notification) keep waiting, from that notification's time.
UPDATE "chats" c SET "waiting_since" = n.first_at
  FROM (SELECT substring("link" from '^/chat/(.*)$') AS chat_id, min("created_at") AS first_at
          FROM "notifications"
         WHERE NOT "is_read" AND NOT "is_solved"
           AND "title" IN ('Chat needs a person', 'Assistant error: chat needs a person')
           AND "link" ~ '^/chat/[0-9a-f-]{36}$'
         GROUP BY 1) n
 WHERE c."id"::text = n.chat_id AND c."assigned_to" = 'human';
