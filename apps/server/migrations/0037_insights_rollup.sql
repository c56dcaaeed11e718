CREATE TABLE "insights_counts" (
	"figure" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_counts_figure_bucket_key_detail_pk" PRIMARY KEY("figure","bucket","key","detail")
);
--> statement-breakpoint
CREATE TABLE "reminder_outcomes" (
	"reminder_id" uuid PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"appointment_status" text NOT NULL,
	"cancelled_after" boolean DEFAULT false NOT NULL,
	"moved_after" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_outcomes" ADD CONSTRAINT "reminder_outcomes_reminder_id_appointment_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."appointment_reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_outcomes_appointment_idx" ON "reminder_outcomes" USING btree ("appointment_id");--> statement-breakpoint
-- The quarter hour (UTC) an instant falls in: every time zone's offset is a whole number of
-- quarter hours, so a local day is whole buckets, in Kolkata (+5:30) and Kathmandu (+5:45) too.
CREATE FUNCTION "insights_bucket"(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00')
$$;
--> statement-breakpoint
-- How long before its start an appointment was cancelled, as Insights groups cancellations.
CREATE FUNCTION "insights_notice"(starts timestamptz, cancelled timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN starts - cancelled < interval '24 hours' THEN 'under_24h'
              WHEN starts - cancelled < interval '7 days' THEN 'under_7d'
              ELSE 'earlier' END
$$;
--> statement-breakpoint
-- What followed a reminder, as the detail of its count: 'cancelled', 'moved', both or neither.
CREATE FUNCTION "insights_followed"(cancelled boolean, moved boolean) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(' ', CASE WHEN cancelled THEN 'cancelled' END, CASE WHEN moved THEN 'moved' END)
$$;
--> statement-breakpoint
-- Every figure of insights_counts recomputed from the rows, for the instants in [from_at, to_at):
-- what the triggers below keep, the backfill, and the report's read for a period whose ends are
-- not on a quarter hour. A reminder's cancellation or move counts when it came at or after the
-- reminder was sent; its attended or no-show is its appointment's status now.
CREATE FUNCTION "insights_counts_of"(from_at timestamptz, to_at timestamptz)
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
$$;
--> statement-breakpoint
-- Adds changes to the counts: the rows (figure, instant, key, detail, count, amount) summed per
-- bucket, those that cancel out dropped, in one order, so two transactions moving the same two
-- counts take their rows in the same order and wait for each other instead of deadlocking.
CREATE FUNCTION "insights_add"(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "insights_counts" AS c ("figure", "bucket", "key", "detail", "count", "amount")
  SELECT d."figure", insights_bucket(d."at"), d."key", d."detail", sum(d."count"), sum(d."amount")
    FROM jsonb_to_recordset(changes) d("figure" text, "at" timestamptz, "key" text, "detail" text, "count" int, "amount" bigint)
   WHERE d."at" IS NOT NULL
   GROUP BY 1, 2, 3, 4 HAVING sum(d."count") <> 0 OR sum(d."amount") <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT ("figure", "bucket", "key", "detail")
  DO UPDATE SET "count" = c."count" + excluded."count", "amount" = c."amount" + excluded."amount"
$$;
--> statement-breakpoint
-- A reminder's outcome recomputed from its appointment's history: cancelled or moved at or after
-- it was sent. Written only when it changed, so its count moves only then.
CREATE FUNCTION "reminder_outcomes_refresh"(appointment uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "reminder_outcomes" o SET "cancelled_after" = f."cancelled", "moved_after" = f."moved"
    FROM (SELECT x."reminder_id",
                 EXISTS (SELECT 1 FROM "appointment_events" e WHERE e."appointment_id" = x."appointment_id"
                            AND e."kind" = 'cancelled' AND e."created_at" >= x."sent_at") AS "cancelled",
                 EXISTS (SELECT 1 FROM "appointment_events" e WHERE e."appointment_id" = x."appointment_id"
                            AND e."kind" = 'rescheduled' AND e."created_at" >= x."sent_at") AS "moved"
            FROM "reminder_outcomes" x WHERE x."appointment_id" = appointment) f
   WHERE o."reminder_id" = f."reminder_id"
     AND (o."cancelled_after", o."moved_after") IS DISTINCT FROM (f."cancelled", f."moved")
$$;
--> statement-breakpoint
-- An appointment counts as booked (when made, by channel) and as started (at its start, by
-- status); moving its start moves its cancellations between notices; its status is its sent
-- reminders' outcome. The statement changing the row holds its lock, which the event and reminder
-- triggers below take too, so they never miss each other's changes.
CREATE FUNCTION "insights_track_appointment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_WHEN = 'BEFORE' THEN
    -- Its events go with it (cascade) after the row: their trigger finds no appointment and
    -- leaves the counts, which are taken off here while its start (a cancellation's notice) is known.
    PERFORM insights_add(coalesce(jsonb_agg(jsonb_build_object('figure', e."kind", 'at', e."created_at", 'key', e."actor",
              'detail', CASE e."kind" WHEN 'cancelled' THEN insights_notice(OLD."starts_at", e."created_at")
                                      WHEN 'refunded' THEN coalesce(e."data"->>'currency', '') ELSE '' END,
              'count', -1, 'amount', CASE WHEN e."kind" = 'refunded' THEN -coalesce((e."data"->>'amount')::int, 0) ELSE 0 END)), '[]'))
       FROM "appointment_events" e
      WHERE e."appointment_id" = OLD."id" AND e."kind" IN ('cancelled', 'rescheduled', 'refunded');
    RETURN OLD;
  END IF;
  PERFORM insights_add(jsonb_build_array(
    jsonb_build_object('figure', 'booked', 'at', OLD."created_at", 'key', OLD."channel", 'detail', '', 'count', -1, 'amount', 0),
    jsonb_build_object('figure', 'booked', 'at', NEW."created_at", 'key', NEW."channel", 'detail', '', 'count', 1, 'amount', 0),
    jsonb_build_object('figure', 'started', 'at', OLD."starts_at", 'key', OLD."status", 'detail', '', 'count', -1, 'amount', 0),
    jsonb_build_object('figure', 'started', 'at', NEW."starts_at", 'key', NEW."status", 'detail', '', 'count', 1, 'amount', 0)
  ) || CASE WHEN TG_OP = 'UPDATE' AND OLD."starts_at" IS DISTINCT FROM NEW."starts_at" THEN
         (SELECT coalesce(jsonb_agg(c), '[]') FROM "appointment_events" e, LATERAL (VALUES
            (jsonb_build_object('figure', 'cancelled', 'at', e."created_at", 'key', e."actor",
                                'detail', insights_notice(OLD."starts_at", e."created_at"), 'count', -1, 'amount', 0)),
            (jsonb_build_object('figure', 'cancelled', 'at', e."created_at", 'key', e."actor",
                                'detail', insights_notice(NEW."starts_at", e."created_at"), 'count', 1, 'amount', 0))) v(c)
           WHERE e."appointment_id" = NEW."id" AND e."kind" = 'cancelled')
       ELSE '[]' END);
  IF TG_OP = 'UPDATE' AND OLD."status" IS DISTINCT FROM NEW."status" THEN
    UPDATE "reminder_outcomes" SET "appointment_status" = NEW."status" WHERE "appointment_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "insights_track_appointment" AFTER INSERT OR DELETE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "insights_track_appointment"();
--> statement-breakpoint
CREATE TRIGGER "insights_track_appointment_update" AFTER UPDATE OF "created_at", "channel", "starts_at", "status" ON "appointments"
  FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."channel" IS DISTINCT FROM NEW."channel"
                     OR OLD."starts_at" IS DISTINCT FROM NEW."starts_at" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "insights_track_appointment"();
--> statement-breakpoint
CREATE TRIGGER "insights_track_appointment_delete" BEFORE DELETE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "insights_track_appointment"();
--> statement-breakpoint
-- A cancellation (by actor and notice), a move (by actor) or a refund (by actor and currency, with
-- its amount), and what followed the appointment's sent reminders. For a cancellation or a move the
-- appointment's row is taken first: its start (a cancellation's notice) cannot change meanwhile,
-- and a reminder being marked sent at the same time waits for this, or this for it (see
-- insights_track_reminder).
CREATE FUNCTION "insights_track_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_starts timestamptz;
  new_starts timestamptz;
  found_old boolean := false;
  found_new boolean := false;
BEGIN
  -- A refund's count needs nothing of its appointment, so it takes no lock on it (a refund written
  -- beside a payment's update must not start waiting on a cancellation that waits on the payment).
  IF TG_OP <> 'DELETE' AND NEW."kind" IN ('cancelled', 'rescheduled') THEN
    SELECT a."starts_at" INTO new_starts FROM "appointments" a WHERE a."id" = NEW."appointment_id" FOR NO KEY UPDATE;
    found_new := FOUND;
  ELSIF TG_OP <> 'DELETE' AND NEW."kind" = 'refunded' THEN
    found_new := true;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."kind" IN ('cancelled', 'rescheduled') THEN
    -- None when the appointment itself is being deleted (see insights_track_appointment).
    SELECT a."starts_at" INTO old_starts FROM "appointments" a WHERE a."id" = OLD."appointment_id" FOR NO KEY UPDATE;
    found_old := FOUND;
  ELSIF TG_OP <> 'INSERT' AND OLD."kind" = 'refunded' THEN
    found_old := EXISTS (SELECT 1 FROM "appointments" a WHERE a."id" = OLD."appointment_id");
  END IF;
  PERFORM insights_add(
    CASE WHEN found_old THEN jsonb_build_array(jsonb_build_object(
      'figure', OLD."kind", 'at', OLD."created_at", 'key', OLD."actor",
      'detail', CASE OLD."kind" WHEN 'cancelled' THEN insights_notice(old_starts, OLD."created_at")
                                WHEN 'refunded' THEN coalesce(OLD."data"->>'currency', '') ELSE '' END,
      'count', -1, 'amount', CASE WHEN OLD."kind" = 'refunded' THEN -coalesce((OLD."data"->>'amount')::int, 0) ELSE 0 END))
    ELSE '[]' END
    || CASE WHEN found_new THEN jsonb_build_array(jsonb_build_object(
      'figure', NEW."kind", 'at', NEW."created_at", 'key', NEW."actor",
      'detail', CASE NEW."kind" WHEN 'cancelled' THEN insights_notice(new_starts, NEW."created_at")
                                WHEN 'refunded' THEN coalesce(NEW."data"->>'currency', '') ELSE '' END,
      'count', 1, 'amount', CASE WHEN NEW."kind" = 'refunded' THEN coalesce((NEW."data"->>'amount')::int, 0) ELSE 0 END))
    ELSE '[]' END);
  -- A cancellation or a move changes what followed the appointment's reminders; a refund does not.
  IF found_old AND OLD."kind" <> 'refunded' THEN PERFORM reminder_outcomes_refresh(OLD."appointment_id"); END IF;
  IF found_new AND NEW."kind" <> 'refunded' THEN PERFORM reminder_outcomes_refresh(NEW."appointment_id"); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "insights_track_event_insert" AFTER INSERT ON "appointment_events"
  FOR EACH ROW WHEN (NEW."kind" IN ('cancelled', 'rescheduled', 'refunded'))
  EXECUTE FUNCTION "insights_track_event"();
--> statement-breakpoint
CREATE TRIGGER "insights_track_event_delete" AFTER DELETE ON "appointment_events"
  FOR EACH ROW WHEN (OLD."kind" IN ('cancelled', 'rescheduled', 'refunded'))
  EXECUTE FUNCTION "insights_track_event"();
--> statement-breakpoint
CREATE TRIGGER "insights_track_event_update" AFTER UPDATE ON "appointment_events"
  FOR EACH ROW WHEN (OLD."kind" IN ('cancelled', 'rescheduled', 'refunded') OR NEW."kind" IN ('cancelled', 'rescheduled', 'refunded'))
  EXECUTE FUNCTION "insights_track_event"();
--> statement-breakpoint
-- A reminder marked sent gets its outcome row (taken off when it stops being sent; deleted with
-- it). Its appointment's row is read FOR SHARE: a cancellation, move or status change being
-- written holds it, so this waits and then sees them; or they wait for this and then update the
-- new row.
CREATE FUNCTION "insights_track_reminder"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_sent boolean := TG_OP = 'UPDATE' AND OLD."status" = 'sent' AND OLD."sent_at" IS NOT NULL;
  is_sent boolean := NEW."status" = 'sent' AND NEW."sent_at" IS NOT NULL;
  same boolean := TG_OP = 'UPDATE' AND OLD."id" = NEW."id" AND OLD."appointment_id" = NEW."appointment_id"
                  AND OLD."sent_at" = NEW."sent_at";
  status_now text;
BEGIN
  IF was_sent AND is_sent AND same THEN RETURN NULL; END IF;
  IF was_sent THEN DELETE FROM "reminder_outcomes" WHERE "reminder_id" = OLD."id"; END IF;
  IF is_sent THEN
    SELECT a."status" INTO status_now FROM "appointments" a WHERE a."id" = NEW."appointment_id" FOR SHARE;
    INSERT INTO "reminder_outcomes" ("reminder_id", "appointment_id", "sent_at", "appointment_status", "cancelled_after", "moved_after")
      VALUES (NEW."id", NEW."appointment_id", NEW."sent_at", status_now,
              EXISTS (SELECT 1 FROM "appointment_events" e WHERE e."appointment_id" = NEW."appointment_id"
                         AND e."kind" = 'cancelled' AND e."created_at" >= NEW."sent_at"),
              EXISTS (SELECT 1 FROM "appointment_events" e WHERE e."appointment_id" = NEW."appointment_id"
                         AND e."kind" = 'rescheduled' AND e."created_at" >= NEW."sent_at"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "insights_track_reminder" AFTER INSERT OR UPDATE OF "id", "appointment_id", "status", "sent_at" ON "appointment_reminders"
  FOR EACH ROW EXECUTE FUNCTION "insights_track_reminder"();
--> statement-breakpoint
-- Each outcome row is one reminder sent, counted by its appointment's status and what followed.
CREATE FUNCTION "insights_track_reminder_outcome"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insights_add(jsonb_build_array(
    jsonb_build_object('figure', 'reminded', 'at', OLD."sent_at", 'key', OLD."appointment_status",
                       'detail', insights_followed(OLD."cancelled_after", OLD."moved_after"), 'count', -1, 'amount', 0),
    jsonb_build_object('figure', 'reminded', 'at', NEW."sent_at", 'key', NEW."appointment_status",
                       'detail', insights_followed(NEW."cancelled_after", NEW."moved_after"), 'count', 1, 'amount', 0)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "insights_track_reminder_outcome" AFTER INSERT OR UPDATE OR DELETE ON "reminder_outcomes"
  FOR EACH ROW EXECUTE FUNCTION "insights_track_reminder_outcome"();
--> statement-breakpoint
-- A payment taken (completed, or refunded later: its refund is counted as a refund) counts by
-- currency when it was paid.
CREATE FUNCTION "insights_track_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insights_add(
    CASE WHEN TG_OP <> 'INSERT' AND OLD."status" IN ('completed', 'refunded') THEN jsonb_build_array(jsonb_build_object(
      'figure', 'paid', 'at', OLD."paid_at", 'key', OLD."currency", 'detail', '', 'count', -1, 'amount', -OLD."amount"))
    ELSE '[]' END
    || CASE WHEN TG_OP <> 'DELETE' AND NEW."status" IN ('completed', 'refunded') THEN jsonb_build_array(jsonb_build_object(
      'figure', 'paid', 'at', NEW."paid_at", 'key', NEW."currency", 'detail', '', 'count', 1, 'amount', NEW."amount"))
    ELSE '[]' END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "insights_track_payment" AFTER INSERT OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "insights_track_payment"();
--> statement-breakpoint
CREATE TRIGGER "insights_track_payment_update" AFTER UPDATE OF "status", "paid_at", "currency", "amount" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "insights_track_payment"();
--> statement-breakpoint
-- Every count recomputed from the rows: the backfill below, and a restore of a backup taken before
-- this migration (db/backup.ts). The reminders' outcome rows are written last: their trigger
-- counts them, so 'reminded' is left out of the first insert.
CREATE FUNCTION "insights_counts_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "insights_counts", "reminder_outcomes";
  INSERT INTO "insights_counts" ("figure", "bucket", "key", "detail", "count", "amount")
  SELECT c."figure", c."bucket", c."key", c."detail", c."count", c."amount"
    FROM insights_counts_of('-infinity', 'infinity') c WHERE c."figure" <> 'reminded';
  INSERT INTO "reminder_outcomes" ("reminder_id", "appointment_id", "sent_at", "appointment_status", "cancelled_after", "moved_after")
  SELECT r."id", r."appointment_id", r."sent_at", a."status",
         EXISTS (SELECT 1 FROM "appointment_events" e WHERE e."appointment_id" = r."appointment_id"
                    AND e."kind" = 'cancelled' AND e."created_at" >= r."sent_at"),
         EXISTS (SELECT 1 FROM "appointment_events" e WHERE e."appointment_id" = r."appointment_id"
                    AND e."kind" = 'rescheduled' AND e."created_at" >= r."sent_at")
    FROM "appointment_reminders" r JOIN "appointments" a ON a."id" = r."appointment_id"
   WHERE r."status" = 'sent' AND r."sent_at" IS NOT NULL;
END
$$;
--> statement-breakpoint
SELECT insights_counts_rebuild();
