DROP INDEX "waitlist_entries_one_email_key";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ALTER COLUMN "employee_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "any_professional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_any_email_key" ON "waitlist_entries" USING btree ("service_id","starts_at",lower("email")) WHERE "waitlist_entries"."any_professional";--> statement-breakpoint
CREATE INDEX "waitlist_entries_any_line_idx" ON "waitlist_entries" USING btree ("starts_at","seq") WHERE "waitlist_entries"."any_professional" and "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_email_key" ON "waitlist_entries" USING btree ("employee_id","starts_at",lower("email")) WHERE "waitlist_entries"."class_time_id" is null and not "waitlist_entries"."any_professional";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_professional_check" CHECK ((not "waitlist_entries"."any_professional" or "waitlist_entries"."class_time_id" is null) and ("waitlist_entries"."employee_id" is not null or ("waitlist_entries"."any_professional" and "waitlist_entries"."status" not in ('offered', 'booked'))));--> statement-breakpoint
-- Decision 026's addendum ('anyone available'): a freed one-to-one time of a professional is offered
-- to the first in line for it, in join order, whether they wait for that professional or for the
-- service at that start with anyone who offers it (an entry with no professional yet). The offer
-- fixes the professional (employee_id, the holder row's). Two professionals' times freed at once
-- both lock the first such entry FOR UPDATE: the second finds it offered (its row read again as
-- committed: no longer waiting) and passes over it, so an entry is offered once.
CREATE OR REPLACE FUNCTION "waitlist_offer_one_time"(employee uuid, starts timestamptz, holder uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  entry record;
BEGIN
  IF EXISTS (SELECT 1 FROM waitlist_entries WHERE class_time_id IS NULL AND employee_id = employee
              AND starts_at = starts AND status = 'offered') THEN RETURN; END IF;
  FOR entry IN SELECT w.id, w.blocked_from, w.blocked_until FROM waitlist_entries w
                WHERE w.class_time_id IS NULL AND w.starts_at = starts AND w.status = 'waiting'
                  AND (w.employee_id = employee
                       OR (w.any_professional AND w.employee_id IS NULL
                           AND EXISTS (SELECT 1 FROM service_employees se
                                        WHERE se.service_id = w.service_id AND se.employee_id = employee)))
                ORDER BY w.seq FOR UPDATE OF w LOOP
    -- A row moved to a time that overlaps its old one cannot hold the old one for someone else.
    CONTINUE WHEN EXISTS (SELECT 1 FROM appointments WHERE id = holder AND status <> 'cancelled'
                           AND tstzrange(blocked_from, blocked_until) && tstzrange(entry.blocked_from, entry.blocked_until));
    BEGIN
      UPDATE appointments SET held_from = entry.blocked_from, held_until = entry.blocked_until
       WHERE id = holder AND held_from IS NULL;
      IF NOT FOUND THEN RETURN; END IF;
      UPDATE waitlist_entries SET status = 'offered', employee_id = employee, holder_id = holder,
                                  offered_at = NULL, hold_until = NULL
       WHERE id = entry.id;
      RETURN;
    EXCEPTION WHEN exclusion_violation THEN
      NULL;
    END;
  END LOOP;
END $$;--> statement-breakpoint
-- Who waits for a professional's one-to-one time: their own line, and those waiting for one of
-- their services at that start with anyone.
CREATE FUNCTION "waitlist_waits_for"(employee uuid, starts timestamptz) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM waitlist_entries w
                  WHERE w.class_time_id IS NULL AND w.starts_at = starts AND w.status = 'waiting'
                    AND (w.employee_id = employee
                         OR (w.any_professional AND w.employee_id IS NULL
                             AND EXISTS (SELECT 1 FROM service_employees se
                                          WHERE se.service_id = w.service_id AND se.employee_id = employee))))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "waitlist_time_freed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_row record;
BEGIN
  IF OLD.employee_id IS NULL OR NOT waitlist_waits_for(OLD.employee_id, OLD.starts_at) THEN RETURN NULL; END IF;
  SELECT status, starts_at, employee_id INTO now_row FROM appointments WHERE id = OLD.id;
  -- Deleted: no row is left to hold the time with (staff cannot delete one that holds a time).
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF now_row.status <> 'cancelled' AND now_row.starts_at = OLD.starts_at
     AND now_row.employee_id IS NOT DISTINCT FROM OLD.employee_id THEN RETURN NULL; END IF;
  PERFORM waitlist_offer_one_time(OLD.employee_id, OLD.starts_at, OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A live one-to-one booking is not deleted while anyone waits for its time, for its professional or
-- for one of their services at that start with anyone (they would be offered it on a cancel).
CREATE OR REPLACE FUNCTION "appointments_waited_for_not_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF waitlist_waits_for(OLD.employee_id, OLD.starts_at) THEN
    RAISE EXCEPTION 'appointments_waited_for: people are on the waitlist for this time'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END $$;
