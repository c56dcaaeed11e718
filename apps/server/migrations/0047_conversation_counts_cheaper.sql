-- The conversation trigger of migration 0045, made cheaper: a message stored mostly moves only
-- its conversation's outcome (answered or not), so that is written as two counts straight away;
-- any other change builds the conversation's counts (insights_conversation_counts) and adds them
-- in this function's own statement, whose plan PL/pgSQL keeps, not through insights_add, which
-- SQL plans again on every call (2,000 such updates took 3.2 s that way, 0.16 s now).
CREATE OR REPLACE FUNCTION "insights_track_conversation"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text;
  now_is text;
  changes jsonb;
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD."channel", OLD."started_at", OLD."first_assistant_reply_at", OLD."first_staff_reply_at",
          OLD."handed_over_at", OLD."handoff_reason", OLD."reopened")
         IS NOT DISTINCT FROM
         (NEW."channel", NEW."started_at", NEW."first_assistant_reply_at", NEW."first_staff_reply_at",
          NEW."handed_over_at", NEW."handoff_reason", NEW."reopened") THEN
    IF NEW."channel" = 'simulator' THEN RETURN NULL; END IF;
    was := insights_settled_outcome(OLD."handed_over_at", OLD."first_staff_reply_at", OLD."last_reply_at",
                                    OLD."last_customer_at", OLD."reopened");
    now_is := insights_settled_outcome(NEW."handed_over_at", NEW."first_staff_reply_at", NEW."last_reply_at",
                                       NEW."last_customer_at", NEW."reopened");
    IF was = now_is THEN RETURN NULL; END IF;
    INSERT INTO "insights_counts" AS c ("figure", "bucket", "key", "detail", "count")
    SELECT 'conversation', insights_bucket(NEW."started_at"), v."key",
           CASE WHEN NEW."handed_over_at" IS NOT NULL THEN coalesce(NEW."handoff_reason", '') ELSE '' END, v."count"
      FROM (VALUES (was, -1), (now_is, 1)) v("key", "count")
     ORDER BY v."key"
    ON CONFLICT ("figure", "bucket", "key", "detail") DO UPDATE SET "count" = c."count" + excluded."count";
    RETURN NULL;
  END IF;
  changes := CASE WHEN TG_OP <> 'INSERT' THEN insights_conversation_counts(OLD, -1) ELSE '[]'::jsonb END
             || CASE WHEN TG_OP <> 'DELETE' THEN insights_conversation_counts(NEW, 1) ELSE '[]'::jsonb END;
  -- As insights_add (migration 0037) does: summed per bucket, those that cancel out dropped, in one order.
  INSERT INTO "insights_counts" AS c ("figure", "bucket", "key", "detail", "count", "amount")
  SELECT d."figure", insights_bucket(d."at"), d."key", d."detail", sum(d."count"), sum(d."amount")
    FROM jsonb_to_recordset(changes) d("figure" text, "at" timestamptz, "key" text, "detail" text, "count" int, "amount" bigint)
   WHERE d."at" IS NOT NULL
   GROUP BY 1, 2, 3, 4 HAVING sum(d."count") <> 0 OR sum(d."amount") <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT ("figure", "bucket", "key", "detail")
  DO UPDATE SET "count" = c."count" + excluded."count", "amount" = c."amount" + excluded."amount";
  RETURN NULL;
END
$$;
