CREATE INDEX "conversations_open_idx" ON "conversations" USING btree ("last_message_at") WHERE "conversations"."handed_over_at" is null and "conversations"."first_staff_reply_at" is null;--> statement-breakpoint
-- What a conversation's outcome will be once it is over (decision 016's order, with no "in
-- progress"): handed over, handled by staff, unanswered, reopened, else resolved. Only a
-- conversation still open can read otherwise now (insights.repository.ts reads those from the rows).
CREATE FUNCTION "insights_settled_outcome"(handed_over_at timestamptz, first_staff_reply_at timestamptz,
  last_reply_at timestamptz, last_customer_at timestamptz, reopened boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN handed_over_at IS NOT NULL THEN 'handed_over'
              WHEN first_staff_reply_at IS NOT NULL THEN 'staff'
              WHEN last_reply_at IS NULL OR last_reply_at < last_customer_at THEN 'unanswered'
              WHEN reopened THEN 'reopened'
              ELSE 'resolved' END
$$;
--> statement-breakpoint
-- The bin a reply time falls in (decision 025): whole seconds under a minute (bin n holds
-- [n, n + 1) s, negative times too), then bins 5% wide (bin 60 + n holds [60 × 1.05^n, 60 × 1.05^(n+1)) s).
CREATE FUNCTION "insights_reply_bin"(seconds double precision) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN seconds < 60 THEN floor(seconds)::int ELSE 60 + floor(ln(seconds / 60) / ln(1.05))::int END
$$;
--> statement-breakpoint
-- A reply time's counts: its bin, by the quarter hour the conversation started in and by its UTC
-- day (a long period sums days, its edges quarter hours), with the milliseconds in the amount.
CREATE FUNCTION "insights_reply_counts"(figure text, started timestamptz, took interval, sign integer)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN took IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(
    jsonb_build_object('figure', figure, 'at', started, 'key', insights_reply_bin(extract(epoch from took))::text,
                       'detail', '', 'count', sign, 'amount', sign * round(extract(epoch from took) * 1000)),
    jsonb_build_object('figure', figure || '_day', 'at', date_bin('1 day', started, timestamptz '2000-01-01 00:00:00+00'),
                       'key', insights_reply_bin(extract(epoch from took))::text,
                       'detail', '', 'count', sign, 'amount', sign * round(extract(epoch from took) * 1000))) END
$$;
--> statement-breakpoint
-- Everything Insights counts of one conversation (a customer's: the simulator's are staff trying
-- the assistant), by when it started: its settled outcome (with the handover's reason), whether
-- it was reopened, and its reply times (the assistant's and a person's first reply, the wait for a
-- person after a handover). The one definition the trigger and insights_counts_of both use.
CREATE FUNCTION "insights_conversation_counts"(c "conversations", sign integer) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN c."channel" = 'simulator' THEN '[]'::jsonb ELSE
    jsonb_build_array(jsonb_build_object(
      'figure', 'conversation', 'at', c."started_at",
      'key', insights_settled_outcome(c."handed_over_at", c."first_staff_reply_at", c."last_reply_at", c."last_customer_at", c."reopened"),
      'detail', CASE WHEN c."handed_over_at" IS NOT NULL THEN coalesce(c."handoff_reason", '') ELSE '' END,
      'count', sign, 'amount', 0))
    || CASE WHEN c."reopened" THEN jsonb_build_array(jsonb_build_object(
         'figure', 'conversation_reopened', 'at', c."started_at", 'key', '', 'detail', '', 'count', sign, 'amount', 0))
       ELSE '[]'::jsonb END
    || insights_reply_counts('reply_assistant', c."started_at", c."first_assistant_reply_at" - c."started_at", sign)
    || insights_reply_counts('reply_staff', c."started_at", c."first_staff_reply_at" - c."started_at", sign)
    || CASE WHEN c."first_staff_reply_at" >= c."handed_over_at"
            THEN insights_reply_counts('reply_waiting', c."started_at", c."first_staff_reply_at" - c."handed_over_at", sign)
            ELSE '[]'::jsonb END
  END
$$;
--> statement-breakpoint
-- insights_counts_of (migration 0037) with the conversations' figures added.
CREATE OR REPLACE FUNCTION "insights_counts_of"(from_at timestamptz, to_at timestamptz)
RETURNS TABLE ("figure" text, "bucket" timestamptz, "key" text, "detail" text, "count" bigint, "amount" bigint)
LANGUAGE sql STABLE AS $$
  SELECT 'booked', insights_bucket(a."created_at"), a."channel", '', count(*), 0::bigint FROM "appointments" a
   WHERE a."created_at" >= from_at AND a."created_at" < to_at GROUP BY 2, 3
  UNION ALL
  SELECT 'started', insights_bucket(a."starts_at"), a."status", '', count(*), 0 FROM "appointments" a
   WHERE a."starts_at" >= from_at AND a."starts_at" < to_at GROUP BY 2, 3
  UNION ALL
  SELECT 'cancelled', insights_bucket(e."created_at"), e."actor", insights_notice(a."starts_at", e."created_at"), count(*), 0
    FROM "appointment_events" e JOIN "appointments" a ON a."id" = e."appointment_id"
   WHERE e."kind" = 'cancelled' AND e."created_at" >= from_at AND e."created_at" < to_at GROUP BY 2, 3, 4
  UNION ALL
  SELECT 'rescheduled', insights_bucket(e."created_at"), e."actor", '', count(*), 0 FROM "appointment_events" e
   WHERE e."kind" = 'rescheduled' AND e."created_at" >= from_at AND e."created_at" < to_at GROUP BY 2, 3
  UNION ALL
  SELECT 'refunded', insights_bucket(e."created_at"), e."actor", coalesce(e."data"->>'currency', ''), count(*),
         coalesce(sum((e."data"->>'amount')::int), 0)
    FROM "appointment_events" e
   WHERE e."kind" = 'refunded' AND e."created_at" >= from_at AND e."created_at" < to_at GROUP BY 2, 3, 4
  UNION ALL
  SELECT 'paid', insights_bucket(p."paid_at"), p."currency", '', count(*), sum(p."amount") FROM "payments" p
   WHERE p."status" IN ('completed', 'refunded') AND p."paid_at" >= from_at AND p."paid_at" < to_at GROUP BY 2, 3
  UNION ALL
  SELECT 'reminded', insights_bucket(r."sent_at"), a."status",
         insights_followed(
           EXISTS (SELECT 1 FROM "appointment_events" e WHERE e."appointment_id" = r."appointment_id"
                      AND e."kind" = 'cancelled' AND e."created_at" >= r."sent_at"),
           EXISTS (SELECT 1 FROM "appointment_events" e WHERE e."appointment_id" = r."appointment_id"
                      AND e."kind" = 'rescheduled' AND e."created_at" >= r."sent_at")),
         count(*), 0
    FROM "appointment_reminders" r JOIN "appointments" a ON a."id" = r."appointment_id"
   WHERE r."status" = 'sent' AND r."sent_at" >= from_at AND r."sent_at" < to_at GROUP BY 2, 3, 4
  UNION ALL
  SELECT d."figure", insights_bucket(d."at"), d."key", d."detail", sum(d."count"), sum(d."amount")::bigint
    FROM "conversations" c,
         jsonb_to_recordset(insights_conversation_counts(c, 1)) d("figure" text, "at" timestamptz, "key" text, "detail" text, "count" int, "amount" bigint)
   WHERE c."started_at" >= from_at AND c."started_at" < to_at GROUP BY 1, 2, 3, 4
$$;
--> statement-breakpoint
-- A conversation moves its counts in the statement that changes it (a message stored, a handover):
-- its old counts off, its new ones on; insights_add drops those that cancel out.
CREATE FUNCTION "insights_track_conversation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insights_add(
    CASE WHEN TG_OP <> 'INSERT' THEN insights_conversation_counts(OLD, -1) ELSE '[]'::jsonb END
    || CASE WHEN TG_OP <> 'DELETE' THEN insights_conversation_counts(NEW, 1) ELSE '[]'::jsonb END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "insights_track_conversation" AFTER INSERT OR DELETE ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION "insights_track_conversation"();
--> statement-breakpoint
CREATE TRIGGER "insights_track_conversation_update" AFTER UPDATE OF "channel", "started_at", "last_reply_at",
    "last_customer_at", "first_assistant_reply_at", "first_staff_reply_at", "handed_over_at", "handoff_reason", "reopened"
  ON "conversations"
  FOR EACH ROW WHEN ((OLD."channel", OLD."started_at", OLD."last_reply_at", OLD."last_customer_at", OLD."first_assistant_reply_at",
                      OLD."first_staff_reply_at", OLD."handed_over_at", OLD."handoff_reason", OLD."reopened")
                     IS DISTINCT FROM
                     (NEW."channel", NEW."started_at", NEW."last_reply_at", NEW."last_customer_at", NEW."first_assistant_reply_at",
                      NEW."first_staff_reply_at", NEW."handed_over_at", NEW."handoff_reason", NEW."reopened"))
  EXECUTE FUNCTION "insights_track_conversation"();
--> statement-breakpoint
-- The conversations' counts for the rows already stored (and every other count again).
SELECT insights_counts_rebuild();
