-- Insights' professionals' and services' tables from insights_counts too (decision 025's
-- addendum), and the 0037 triggers made as cheap as 0047 made the conversation one.
--
-- insights_add (0037) was a SQL function: PostgreSQL plans its INSERT again on every call, about
-- 1 ms a write of an appointment, an event, a payment or a reminder. In PL/pgSQL its plan is kept
-- for the session, as the conversation trigger's own statement is (migration 0047). Same body.
CREATE OR REPLACE FUNCTION "insights_add"(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "insights_counts" AS c ("figure", "bucket", "key", "detail", "count", "amount")
  SELECT d."figure", insights_bucket(d."at"), d."key", d."detail", sum(d."count"), sum(d."amount")
    FROM jsonb_to_recordset(changes) d("figure" text, "at" timestamptz, "key" text, "detail" text, "count" int, "amount" bigint)
   WHERE d."at" IS NOT NULL
   GROUP BY 1, 2, 3, 4 HAVING sum(d."count") <> 0 OR sum(d."amount") <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT ("figure", "bucket", "key", "detail")
  DO UPDATE SET "count" = c."count" + excluded."count", "amount" = c."amount" + excluded."amount";
END
$$;
--> statement-breakpoint
-- The same for reminder_outcomes_refresh (0037), which the event trigger calls on every
-- cancellation and move.
CREATE OR REPLACE FUNCTION "reminder_outcomes_refresh"(appointment uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "reminder_outcomes" o SET "cancelled_after" = f."cancelled", "moved_after" = f."moved"
    FROM (SELECT x."reminder_id",
                 EXISTS (SELECT 1 FROM "appointment_events" e WHERE e."appointment_id" = x."appointment_id"
                            AND e."kind" = 'cancelled' AND e."created_at" >= x."sent_at") AS "cancelled",
                 EXISTS (SELECT 1 FROM "appointment_events" e WHERE e."appointment_id" = x."appointment_id"
                            AND e."kind" = 'rescheduled' AND e."created_at" >= x."sent_at") AS "moved"
            FROM "reminder_outcomes" x WHERE x."appointment_id" = appointment) f
   WHERE o."reminder_id" = f."reminder_id"
     AND (o."cancelled_after", o."moved_after") IS DISTINCT FROM (f."cancelled", f."moved");
END
$$;
--> statement-breakpoint
-- A count kept per quarter hour and per UTC day (`<figure>_day`), as the reply times' are
-- (migration 0045): a period sums whole days and the quarter hours at its edges.
CREATE FUNCTION "insights_quarter_and_day"(figure text, at timestamptz, key text, detail text, sign integer, amount bigint)
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    jsonb_build_object('figure', figure, 'at', at, 'key', key, 'detail', detail, 'count', sign, 'amount', amount),
    jsonb_build_object('figure', figure || '_day', 'at', date_bin('1 day', at, timestamptz '2000-01-01 00:00:00+00'),
                       'key', key, 'detail', detail, 'count', sign, 'amount', amount))
$$;
--> statement-breakpoint
-- Everything Insights counts of one appointment: booked (by channel, when made) and started (by
-- status, at its start), and for the tables, booked per service (key its id, detail its currency
-- and name, amount its price) and per professional (key their id, detail their name), and started
-- per professional (detail the status and the name). Ids are '' when null (deleted since).
CREATE FUNCTION "insights_appointment_counts"(a "appointments", sign integer) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
      jsonb_build_object('figure', 'booked', 'at', a."created_at", 'key', a."channel", 'detail', '', 'count', sign, 'amount', 0),
      jsonb_build_object('figure', 'started', 'at', a."starts_at", 'key', a."status", 'detail', '', 'count', sign, 'amount', 0))
    || insights_quarter_and_day('service_booked', a."created_at", coalesce(a."service_id"::text, ''),
                                a."price_currency" || ' ' || a."service_name", sign, sign * a."price_amount")
    || insights_quarter_and_day('professional_booked', a."created_at", coalesce(a."employee_id"::text, ''),
                                a."employee_name", sign, 0)
    || insights_quarter_and_day('professional_started', a."starts_at", coalesce(a."employee_id"::text, ''),
                                a."status" || ' ' || a."employee_name", sign, 0)
$$;
--> statement-breakpoint
-- Everything Insights counts of one event: a cancellation (by actor and notice, and per
-- professional of its appointment), a move (by actor) or a refund (by actor and currency, with its
-- amount). `starts`, `employee` and `employee_name` are its appointment's.
CREATE FUNCTION "insights_event_counts"(e "appointment_events", starts timestamptz, employee uuid, employee_name text,
  sign integer) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(jsonb_build_object(
      'figure', e."kind", 'at', e."created_at", 'key', e."actor",
      'detail', CASE e."kind" WHEN 'cancelled' THEN insights_notice(starts, e."created_at")
                              WHEN 'refunded' THEN coalesce(e."data"->>'currency', '') ELSE '' END,
      'count', sign, 'amount', CASE WHEN e."kind" = 'refunded' THEN sign * coalesce((e."data"->>'amount')::int, 0) ELSE 0 END))
    || CASE WHEN e."kind" = 'cancelled'
            THEN insights_quarter_and_day('professional_cancelled', e."created_at", coalesce(employee::text, ''), employee_name, sign, 0)
            ELSE '[]'::jsonb END
$$;
--> statement-breakpoint
-- insights_counts_of (migrations 0037, 0045) with the professionals' and services' figures added.
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
  UNION ALL
  -- Per quarter hour and per day, by when made: a period's rows then hold whole days only when
  -- it starts and ends on UTC midnights (the rebuild's does).
  SELECT f."figure" || v."suffix", v."bucket", f."key", f."detail", count(*), sum(f."amount")::bigint
    FROM "appointments" a,
         LATERAL (VALUES ('service_booked', coalesce(a."service_id"::text, ''), a."price_currency" || ' ' || a."service_name", a."price_amount"),
                         ('professional_booked', coalesce(a."employee_id"::text, ''), a."employee_name", 0)) f("figure", "key", "detail", "amount"),
         LATERAL (VALUES ('', insights_bucket(a."created_at")),
                         ('_day', date_bin('1 day', a."created_at", timestamptz '2000-01-01 00:00:00+00'))) v("suffix", "bucket")
   WHERE a."created_at" >= from_at AND a."created_at" < to_at GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT 'professional_started' || v."suffix", v."bucket", coalesce(a."employee_id"::text, ''), a."status" || ' ' || a."employee_name",
         count(*), 0
    FROM "appointments" a,
         LATERAL (VALUES ('', insights_bucket(a."starts_at")),
                         ('_day', date_bin('1 day', a."starts_at", timestamptz '2000-01-01 00:00:00+00'))) v("suffix", "bucket")
   WHERE a."starts_at" >= from_at AND a."starts_at" < to_at GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT 'professional_cancelled' || v."suffix", v."bucket", coalesce(a."employee_id"::text, ''), a."employee_name", count(*), 0
    FROM "appointment_events" e JOIN "appointments" a ON a."id" = e."appointment_id",
         LATERAL (VALUES ('', insights_bucket(e."created_at")),
                         ('_day', date_bin('1 day', e."created_at", timestamptz '2000-01-01 00:00:00+00'))) v("suffix", "bucket")
   WHERE e."kind" = 'cancelled' AND e."created_at" >= from_at AND e."created_at" < to_at GROUP BY 1, 2, 3, 4
$$;
--> statement-breakpoint
-- An appointment's counts move in the statement that changes it: its old counts off, its new ones
-- on (those that cancel out are dropped). Moving its start moves its cancellations between
-- notices, and changing its professional moves them between professionals; its status is its
-- sent reminders' outcome. The statement changing the row holds its lock, which the event and
-- reminder triggers take too, so they never miss each other's changes.
CREATE OR REPLACE FUNCTION "insights_track_appointment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_WHEN = 'BEFORE' THEN
    -- Its events go with it (cascade) after the row: their trigger finds no appointment and
    -- leaves the counts, which are taken off here while its start and professional are known.
    PERFORM insights_add(coalesce(jsonb_agg(x."c"), '[]'))
       FROM "appointment_events" e,
            jsonb_array_elements(insights_event_counts(e, OLD."starts_at", OLD."employee_id", OLD."employee_name", -1)) x("c")
      WHERE e."appointment_id" = OLD."id" AND e."kind" IN ('cancelled', 'rescheduled', 'refunded');
    RETURN OLD;
  END IF;
  PERFORM insights_add(
    CASE WHEN TG_OP <> 'INSERT' THEN insights_appointment_counts(OLD, -1) ELSE '[]'::jsonb END
    || CASE WHEN TG_OP <> 'DELETE' THEN insights_appointment_counts(NEW, 1) ELSE '[]'::jsonb END
    || CASE WHEN TG_OP = 'UPDATE' AND (OLD."starts_at", OLD."employee_id", OLD."employee_name")
                                       IS DISTINCT FROM (NEW."starts_at", NEW."employee_id", NEW."employee_name") THEN
         (SELECT coalesce(jsonb_agg(v."c"), '[]') FROM "appointment_events" e,
                 LATERAL (SELECT * FROM jsonb_array_elements(insights_event_counts(e, OLD."starts_at", OLD."employee_id", OLD."employee_name", -1))
                          UNION ALL
                          SELECT * FROM jsonb_array_elements(insights_event_counts(e, NEW."starts_at", NEW."employee_id", NEW."employee_name", 1))) v("c")
           WHERE e."appointment_id" = NEW."id" AND e."kind" = 'cancelled')
       ELSE '[]'::jsonb END);
  IF TG_OP = 'UPDATE' AND OLD."status" IS DISTINCT FROM NEW."status" THEN
    UPDATE "reminder_outcomes" SET "appointment_status" = NEW."status" WHERE "appointment_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "insights_track_appointment_update" ON "appointments";
--> statement-breakpoint
CREATE TRIGGER "insights_track_appointment_update" AFTER UPDATE OF "created_at", "channel", "starts_at", "status",
    "employee_id", "employee_name", "service_id", "service_name", "price_amount", "price_currency" ON "appointments"
  FOR EACH ROW WHEN ((OLD."created_at", OLD."channel", OLD."starts_at", OLD."status", OLD."employee_id", OLD."employee_name",
                      OLD."service_id", OLD."service_name", OLD."price_amount", OLD."price_currency")
                     IS DISTINCT FROM
                     (NEW."created_at", NEW."channel", NEW."starts_at", NEW."status", NEW."employee_id", NEW."employee_name",
                      NEW."service_id", NEW."service_name", NEW."price_amount", NEW."price_currency"))
  EXECUTE FUNCTION "insights_track_appointment"();
--> statement-breakpoint
-- A cancellation, a move or a refund counts (insights_event_counts), and changes what followed the
-- appointment's sent reminders. For a cancellation or a move the appointment's row is taken
-- first: its start (a cancellation's notice) and professional cannot change meanwhile, and a
-- reminder being marked sent at the same time waits for this, or this for it (see
-- insights_track_reminder).
CREATE OR REPLACE FUNCTION "insights_track_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_starts timestamptz;
  new_starts timestamptz;
  old_employee uuid;
  new_employee uuid;
  old_employee_name text;
  new_employee_name text;
  found_old boolean := false;
  found_new boolean := false;
BEGIN
  -- A refund's count needs nothing of its appointment, so it takes no lock on it (a refund written
  -- beside a payment's update must not start waiting on a cancellation that waits on the payment).
  IF TG_OP <> 'DELETE' AND NEW."kind" IN ('cancelled', 'rescheduled') THEN
    SELECT a."starts_at", a."employee_id", a."employee_name" INTO new_starts, new_employee, new_employee_name
      FROM "appointments" a WHERE a."id" = NEW."appointment_id" FOR NO KEY UPDATE;
    found_new := FOUND;
  ELSIF TG_OP <> 'DELETE' AND NEW."kind" = 'refunded' THEN
    found_new := true;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."kind" IN ('cancelled', 'rescheduled') THEN
    -- None when the appointment itself is being deleted (see insights_track_appointment).
    SELECT a."starts_at", a."employee_id", a."employee_name" INTO old_starts, old_employee, old_employee_name
      FROM "appointments" a WHERE a."id" = OLD."appointment_id" FOR NO KEY UPDATE;
    found_old := FOUND;
  ELSIF TG_OP <> 'INSERT' AND OLD."kind" = 'refunded' THEN
    found_old := EXISTS (SELECT 1 FROM "appointments" a WHERE a."id" = OLD."appointment_id");
  END IF;
  PERFORM insights_add(
    CASE WHEN found_old THEN insights_event_counts(OLD, old_starts, old_employee, old_employee_name, -1) ELSE '[]'::jsonb END
    || CASE WHEN found_new THEN insights_event_counts(NEW, new_starts, new_employee, new_employee_name, 1) ELSE '[]'::jsonb END);
  -- A cancellation or a move changes what followed the appointment's reminders; a refund does not.
  IF found_old AND OLD."kind" <> 'refunded' THEN PERFORM reminder_outcomes_refresh(OLD."appointment_id"); END IF;
  IF found_new AND NEW."kind" <> 'refunded' THEN PERFORM reminder_outcomes_refresh(NEW."appointment_id"); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The new figures for the rows already stored, as insights_counts_of counts them (the other figures
-- are counted already).
INSERT INTO "insights_counts" ("figure", "bucket", "key", "detail", "count", "amount")
SELECT f."figure" || v."suffix", v."bucket", f."key", f."detail", count(*), sum(f."amount")::bigint
  FROM "appointments" a,
       LATERAL (VALUES ('service_booked', coalesce(a."service_id"::text, ''), a."price_currency" || ' ' || a."service_name", a."price_amount"),
                       ('professional_booked', coalesce(a."employee_id"::text, ''), a."employee_name", 0)) f("figure", "key", "detail", "amount"),
       LATERAL (VALUES ('', insights_bucket(a."created_at")),
                       ('_day', date_bin('1 day', a."created_at", timestamptz '2000-01-01 00:00:00+00'))) v("suffix", "bucket")
 GROUP BY 1, 2, 3, 4
UNION ALL
SELECT 'professional_started' || v."suffix", v."bucket", coalesce(a."employee_id"::text, ''), a."status" || ' ' || a."employee_name",
       count(*), 0
  FROM "appointments" a,
       LATERAL (VALUES ('', insights_bucket(a."starts_at")),
                       ('_day', date_bin('1 day', a."starts_at", timestamptz '2000-01-01 00:00:00+00'))) v("suffix", "bucket")
 GROUP BY 1, 2, 3, 4
UNION ALL
SELECT 'professional_cancelled' || v."suffix", v."bucket", coalesce(a."employee_id"::text, ''), a."employee_name", count(*), 0
  FROM "appointment_events" e JOIN "appointments" a ON a."id" = e."appointment_id",
       LATERAL (VALUES ('', insights_bucket(e."created_at")),
                       ('_day', date_bin('1 day', e."created_at", timestamptz '2000-01-01 00:00:00+00'))) v("suffix", "bucket")
 WHERE e."kind" = 'cancelled'
 GROUP BY 1, 2, 3, 4;
