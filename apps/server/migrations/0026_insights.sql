CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chat_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_customer_at" timestamp with time zone NOT NULL,
	"last_reply_at" timestamp with time zone,
	"customer_messages" integer DEFAULT 1 NOT NULL,
	"first_assistant_reply_at" timestamp with time zone,
	"first_staff_reply_at" timestamp with time zone,
	"handed_over_at" timestamp with time zone,
	"handoff_reason" text,
	"reopened" boolean DEFAULT false NOT NULL,
	"thanked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "channel" text DEFAULT 'page' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "handoff_reason" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_chat_idx" ON "conversations" USING btree ("chat_id","started_at");--> statement-breakpoint
CREATE INDEX "conversations_started_idx" ON "conversations" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_events_kind_created_idx" ON "appointment_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "appointment_reminders_sent_idx" ON "appointment_reminders" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "appointments_created_idx" ON "appointments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("paid_at");--> statement-breakpoint
-- Whether a customer's message thanks or says goodbye (folded: no case, no accents), for the
-- "resolved" of Insights: a conversation whose last word is thanks ended well.
CREATE FUNCTION "chatdesk_is_thanks"(message text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT chatdesk_fold(message) ~ '(^|[^a-z])(gracias|thanks|thank you|thx|ty|merci|grazie|obrigad[oa]|danke|moltes gracies|genial|perfecto|perfect|hasta luego|adios|bye|nos vemos)([^a-z]|$)'
$$;
--> statement-breakpoint
-- One message moves its chat's conversation: a customer's opens one after 24 quiet hours (or the
-- first ever) or else joins the open one, marking it reopened when it comes an hour or more after
-- an answer; an answer (assistant or staff) joins the open one and opens none. System messages
-- (reminders, notes) are neither.
CREATE FUNCTION "conversations_apply"(chat uuid, sender text, message text, at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  open_id uuid;
  open_last timestamptz;
BEGIN
  IF sender NOT IN ('customer', 'assistant', 'staff') THEN RETURN; END IF;
  SELECT c."id", c."last_message_at" INTO open_id, open_last FROM "conversations" c
   WHERE c."chat_id" = chat ORDER BY c."started_at" DESC LIMIT 1;
  IF sender = 'customer' THEN
    IF open_id IS NULL OR at - open_last >= interval '24 hours' THEN
      INSERT INTO "conversations" ("chat_id", "channel", "started_at", "last_message_at", "last_customer_at", "thanked")
        SELECT chat, ch."channel", at, at, at, chatdesk_is_thanks(message) FROM "chats" ch WHERE ch."id" = chat;
    ELSE
      UPDATE "conversations" SET
        "reopened" = "reopened" OR ("last_reply_at" IS NOT NULL AND "last_reply_at" >= "last_customer_at"
                                    AND at - "last_reply_at" >= interval '60 minutes'),
        "last_message_at" = greatest("last_message_at", at),
        "last_customer_at" = greatest("last_customer_at", at),
        "customer_messages" = "customer_messages" + 1,
        "thanked" = CASE WHEN at >= "last_customer_at" THEN chatdesk_is_thanks(message) ELSE "thanked" END
      WHERE "id" = open_id;
    END IF;
  ELSIF open_id IS NOT NULL AND at - open_last < interval '24 hours' THEN
    UPDATE "conversations" SET
      "last_message_at" = greatest("last_message_at", at),
      "last_reply_at" = greatest(coalesce("last_reply_at", at), at),
      "first_assistant_reply_at" = CASE WHEN sender = 'assistant' THEN coalesce("first_assistant_reply_at", at)
                                        ELSE "first_assistant_reply_at" END,
      "first_staff_reply_at" = CASE WHEN sender = 'staff' THEN coalesce("first_staff_reply_at", at)
                                    ELSE "first_staff_reply_at" END
    WHERE "id" = open_id;
  END IF;
END
$$;
--> statement-breakpoint
-- Every stored message moves its conversation in the statement that stores it. The statement
-- also updates the chat's summary row, whose lock orders two messages of one chat.
CREATE FUNCTION "conversations_track_message"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversations_apply(NEW."chat_id", NEW."sender", NEW."text", NEW."created_at");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conversations_track_message" AFTER INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "conversations_track_message"();
--> statement-breakpoint
-- A handover (the chat starts waiting for a person) is its open conversation's, with its reason.
CREATE FUNCTION "conversations_track_handover"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "conversations" SET "handed_over_at" = NEW."waiting_since", "handoff_reason" = NEW."handoff_reason"
   WHERE "id" = (SELECT c."id" FROM "conversations" c WHERE c."chat_id" = NEW."id"
                  ORDER BY c."started_at" DESC LIMIT 1)
     AND "handed_over_at" IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conversations_track_handover" AFTER UPDATE OF "waiting_since" ON "chats"
  FOR EACH ROW WHEN (OLD."waiting_since" IS NULL AND NEW."waiting_since" IS NOT NULL)
  EXECUTE FUNCTION "conversations_track_handover"();
--> statement-breakpoint
-- The conversations of the messages already stored, replayed in order; the chats waiting now were
-- handed over (why is not known for those).
DO $$
DECLARE m record;
BEGIN
  FOR m IN SELECT "chat_id", "sender", "text", "created_at" FROM "messages"
            WHERE "sender" IN ('customer', 'assistant', 'staff') ORDER BY "chat_id", "created_at", "id" LOOP
    PERFORM conversations_apply(m."chat_id", m."sender", m."text", m."created_at");
  END LOOP;
END
$$;
--> statement-breakpoint
UPDATE "conversations" c SET "handed_over_at" = ch."waiting_since"
  FROM "chats" ch
 WHERE ch."id" = c."chat_id" AND ch."waiting_since" IS NOT NULL
   AND c."id" = (SELECT x."id" FROM "conversations" x WHERE x."chat_id" = ch."id" ORDER BY x."started_at" DESC LIMIT 1);
--> statement-breakpoint
-- The appointments staff booked say so; the others came from the booking page.
UPDATE "appointments" a SET "channel" = 'staff'
 WHERE EXISTS (SELECT 1 FROM "appointment_events" e
                WHERE e."appointment_id" = a."id" AND e."kind" = 'booked' AND e."actor" = 'staff');
