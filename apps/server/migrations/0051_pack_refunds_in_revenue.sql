-- Insights' revenue nets pack refunds as it nets appointment refunds (#27 item 4): a pack's
-- `refund` row of pack_ledger counts in the `refunded` figure of insights_counts (key its actor,
-- detail its currency, amount what went back), in the quarter hour it was made. A pack's sale is a
-- payment, so it is in the `paid` figure already; without this, a pack sold for 100 and refunded
-- 70 showed 100 of revenue and no refund. Kept in the statement that writes the ledger row, as the
-- appointment events' refunds are (migration 0037), so the counts always equal the rows.
CREATE FUNCTION "insights_track_pack_refund"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insights_add(
    CASE WHEN TG_OP <> 'INSERT' AND OLD."kind" = 'refund' THEN
      jsonb_build_array(jsonb_build_object('figure', 'refunded', 'at', OLD."created_at", 'key', OLD."actor",
                                           'detail', OLD."currency", 'count', -1, 'amount', OLD."amount"))
    ELSE '[]'::jsonb END
    -- Stored negative (money out of the pack); the figure counts what went back, positive.
    || CASE WHEN TG_OP <> 'DELETE' AND NEW."kind" = 'refund' THEN
      jsonb_build_array(jsonb_build_object('figure', 'refunded', 'at', NEW."created_at", 'key', NEW."actor",
                                           'detail', NEW."currency", 'count', 1, 'amount', -NEW."amount"))
    ELSE '[]'::jsonb END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only refund rows: a booking's `use` row (the ledger's busiest write) calls nothing.
CREATE TRIGGER "insights_track_pack_refund_insert" AFTER INSERT ON "pack_ledger"
  FOR EACH ROW WHEN (NEW."kind" = 'refund') EXECUTE FUNCTION "insights_track_pack_refund"();
--> statement-breakpoint
CREATE TRIGGER "insights_track_pack_refund_update" AFTER UPDATE ON "pack_ledger"
  FOR EACH ROW WHEN ((OLD."kind" = 'refund' OR NEW."kind" = 'refund')
                     AND (OLD."kind", OLD."created_at", OLD."actor", OLD."currency", OLD."amount")
                         IS DISTINCT FROM (NEW."kind", NEW."created_at", NEW."actor", NEW."currency", NEW."amount"))
  EXECUTE FUNCTION "insights_track_pack_refund"();
--> statement-breakpoint
CREATE TRIGGER "insights_track_pack_refund_delete" AFTER DELETE ON "pack_ledger"
  FOR EACH ROW WHEN (OLD."kind" = 'refund') EXECUTE FUNCTION "insights_track_pack_refund"();
--> statement-breakpoint
-- insights_counts_of (migration 0049) with the packs' refunds in the `refunded` figure.
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
  UNION ALL
  SELECT 'refunded', insights_bucket(l."created_at"), l."actor", l."currency", count(*), -sum(l."amount")::bigint
    FROM "pack_ledger" l
   WHERE l."kind" = 'refund' AND l."created_at" >= from_at AND l."created_at" < to_at GROUP BY 2, 3, 4
$$;
--> statement-breakpoint
-- The refunds already in the ledger.
SELECT insights_add(coalesce(jsonb_agg(jsonb_build_object('figure', 'refunded', 'at', l."created_at", 'key', l."actor",
                                                          'detail', l."currency", 'count', 1, 'amount', -l."amount")), '[]'))
  FROM "pack_ledger" l WHERE l."kind" = 'refund';
