-- The 0037 triggers made as cheap as 0047 made the conversation one (#25). A SQL function that
-- PostgreSQL does not inline into its caller (one whose body is less immutable than it is declared:
-- jsonb_build_object and concat_ws are only stable) is planned again on every call; a PL/pgSQL
-- one keeps its plans for the session. The functions the triggers call per write become PL/pgSQL,
-- bodies unchanged (insights_add and reminder_outcomes_refresh did in 0049): measured at 1,000×,
-- 1,000 status changes each committed took 2.8-3.5 s with 0049's SQL helpers, 1.1-1.6 s as
-- PL/pgSQL, and 0.6-1.0 s with the status-only path below (0.6 s with no Insights trigger).
CREATE OR REPLACE FUNCTION "insights_quarter_and_day"(figure text, at timestamptz, key text, detail text, sign integer, amount bigint)
RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN jsonb_build_array(
    jsonb_build_object('figure', figure, 'at', at, 'key', key, 'detail', detail, 'count', sign, 'amount', amount),
    jsonb_build_object('figure', figure || '_day', 'at', date_bin('1 day', at, timestamptz '2000-01-01 00:00:00+00'),
                       'key', key, 'detail', detail, 'count', sign, 'amount', amount));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "insights_appointment_counts"(a "appointments", sign integer) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN jsonb_build_array(
      jsonb_build_object('figure', 'booked', 'at', a."created_at", 'key', a."channel", 'detail', '', 'count', sign, 'amount', 0),
      jsonb_build_object('figure', 'started', 'at', a."starts_at", 'key', a."status", 'detail', '', 'count', sign, 'amount', 0))
    || insights_quarter_and_day('service_booked', a."created_at", coalesce(a."service_id"::text, ''),
                                a."price_currency" || ' ' || a."service_name", sign, sign * a."price_amount")
    || insights_quarter_and_day('professional_booked', a."created_at", coalesce(a."employee_id"::text, ''),
                                a."employee_name", sign, 0)
    || insights_quarter_and_day('professional_started', a."starts_at", coalesce(a."employee_id"::text, ''),
                                a."status" || ' ' || a."employee_name", sign, 0);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "insights_event_counts"(e "appointment_events", starts timestamptz, employee uuid, employee_name text,
  sign integer) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN jsonb_build_array(jsonb_build_object(
      'figure', e."kind", 'at', e."created_at", 'key', e."actor",
      'detail', CASE e."kind" WHEN 'cancelled' THEN insights_notice(starts, e."created_at")
                              WHEN 'refunded' THEN coalesce(e."data"->>'currency', '') ELSE '' END,
      'count', sign, 'amount', CASE WHEN e."kind" = 'refunded' THEN sign * coalesce((e."data"->>'amount')::int, 0) ELSE 0 END))
    || CASE WHEN e."kind" = 'cancelled'
            THEN insights_quarter_and_day('professional_cancelled', e."created_at", coalesce(employee::text, ''), employee_name, sign, 0)
            ELSE '[]'::jsonb END;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "insights_followed"(cancelled boolean, moved boolean) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN concat_ws(' ', CASE WHEN cancelled THEN 'cancelled' END, CASE WHEN moved THEN 'moved' END);
END
$$;
--> statement-breakpoint
-- insights_track_appointment (0049) with a path of its own for a change of status alone.
CREATE OR REPLACE FUNCTION "insights_track_appointment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Its status alone changed (attended, no-show, cancelled: most updates): the start's counts move
  -- from the old status to the new, written straight away.
  IF TG_OP = 'UPDATE'
     AND (OLD."created_at", OLD."channel", OLD."starts_at", OLD."employee_id", OLD."employee_name", OLD."service_id",
          OLD."service_name", OLD."price_amount", OLD."price_currency")
         IS NOT DISTINCT FROM
         (NEW."created_at", NEW."channel", NEW."starts_at", NEW."employee_id", NEW."employee_name", NEW."service_id",
          NEW."service_name", NEW."price_amount", NEW."price_currency") THEN
    INSERT INTO "insights_counts" AS c ("figure", "bucket", "key", "detail", "count")
    SELECT v."figure", v."bucket", v."key", v."detail", v."count"
      FROM (VALUES ('started', insights_bucket(NEW."starts_at"), OLD."status", '', -1),
                   ('started', insights_bucket(NEW."starts_at"), NEW."status", '', 1),
                   ('professional_started', insights_bucket(NEW."starts_at"), coalesce(NEW."employee_id"::text, ''),
                    OLD."status" || ' ' || NEW."employee_name", -1),
                   ('professional_started', insights_bucket(NEW."starts_at"), coalesce(NEW."employee_id"::text, ''),
                    NEW."status" || ' ' || NEW."employee_name", 1),
                   ('professional_started_day', date_bin('1 day', NEW."starts_at", timestamptz '2000-01-01 00:00:00+00'),
                    coalesce(NEW."employee_id"::text, ''), OLD."status" || ' ' || NEW."employee_name", -1),
                   ('professional_started_day', date_bin('1 day', NEW."starts_at", timestamptz '2000-01-01 00:00:00+00'),
                    coalesce(NEW."employee_id"::text, ''), NEW."status" || ' ' || NEW."employee_name", 1)
           ) v("figure", "bucket", "key", "detail", "count")
     -- In one order, as insights_add's, so two transactions moving the same counts wait, not deadlock.
     ORDER BY 1, 2, 3, 4
    ON CONFLICT ("figure", "bucket", "key", "detail") DO UPDATE SET "count" = c."count" + excluded."count";
    UPDATE "reminder_outcomes" SET "appointment_status" = NEW."status" WHERE "appointment_id" = NEW."id";
    RETURN NULL;
  END IF;
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
