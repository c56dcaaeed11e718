-- One place in line per email and one-to-one start, whichever kind of line it was joined by (a
-- professional's, or the service's with anyone available; decision 026's addendum). The unique
-- indexes hold it within each kind; across the two kinds the join's own check read only what had
-- committed when its statement began, so two joins at once, one per kind, could both get in and
-- the customer be offered one time twice. The check is made here again under a lock on the email
-- and start: the second join waits for the first to commit, then (each statement of a volatile
-- function reads what has committed) sees its row and is skipped, as a second join of one line is.
CREATE FUNCTION "waitlist_entries_one_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('waitlist ' || lower(NEW.email) || ' ' || NEW.starts_at::text, 0));
  IF NEW.any_professional THEN
    IF EXISTS (SELECT 1 FROM waitlist_entries
                WHERE class_time_id IS NULL AND NOT any_professional AND starts_at = NEW.starts_at
                  AND lower(email) = lower(NEW.email) AND status IN ('waiting', 'offered')
                  AND employee_id IN (SELECT employee_id FROM service_employees WHERE service_id = NEW.service_id)) THEN
      RETURN NULL;
    END IF;
  ELSIF EXISTS (SELECT 1 FROM waitlist_entries
                 WHERE class_time_id IS NULL AND any_professional AND starts_at = NEW.starts_at
                   AND lower(email) = lower(NEW.email) AND status IN ('waiting', 'offered')
                   AND (employee_id = NEW.employee_id
                        OR (employee_id IS NULL AND service_id IN
                              (SELECT service_id FROM service_employees WHERE employee_id = NEW.employee_id)))) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_one_place"
  BEFORE INSERT ON "waitlist_entries"
  FOR EACH ROW WHEN (NEW.class_time_id IS NULL)
  EXECUTE FUNCTION "waitlist_entries_one_place"();
