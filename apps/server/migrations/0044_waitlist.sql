CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"class_time_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"token" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"hold_minutes" integer NOT NULL,
	"offered_at" timestamp with time zone,
	"hold_until" timestamp with time zone,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_token_unique" UNIQUE("token"),
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'booked', 'declined', 'expired', 'cancelled')),
	CONSTRAINT "waitlist_entries_hold_check" CHECK ("waitlist_entries"."hold_minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_class_time_id_class_times_id_fk" FOREIGN KEY ("class_time_id") REFERENCES "public"."class_times"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_email_key" ON "waitlist_entries" USING btree ("class_time_id",lower("email"));--> statement-breakpoint
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("class_time_id","seq") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_entries_offered_idx" ON "waitlist_entries" USING btree ("hold_until") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
-- An offer holds its seat (decision 025): an entry entering 'offered' takes one of its class
-- time's seats_taken and one leaving it gives it back, in the statement that moves it, under
-- class_times_seats_check as a booked seat is. So a held place is never visible as free, and
-- confirming one (offered -> booked, then the seat's insert) cannot be overtaken.
CREATE FUNCTION "waitlist_offer_seat"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_offer boolean := TG_OP <> 'INSERT' AND OLD.status = 'offered';
  is_offer boolean := TG_OP <> 'DELETE' AND NEW.status = 'offered';
BEGIN
  IF was_offer AND NOT is_offer THEN
    UPDATE class_times SET seats_taken = seats_taken - 1 WHERE id = OLD.class_time_id;
  ELSIF is_offer AND NOT was_offer THEN
    UPDATE class_times SET seats_taken = seats_taken + 1 WHERE id = NEW.class_time_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_seat"
  AFTER INSERT OR DELETE OR UPDATE OF "status" ON "waitlist_entries"
  FOR EACH ROW EXECUTE FUNCTION "waitlist_offer_seat"();--> statement-breakpoint
-- At the commit of whatever freed a seat (a cancelled seat, an offer declined or expired), each
-- free seat is offered to the first in line. Deferred, so a transaction that gives a seat back and
-- takes it again (an offer confirmed: the offer leaves, the booking's seat arrives) offers nothing,
-- and the class time's row, locked by that transaction's update, is read as it will be committed.
CREATE FUNCTION "waitlist_offer_free_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  free integer;
BEGIN
  SELECT seats - seats_taken INTO free FROM class_times WHERE id = NEW.id;
  IF free IS NULL OR free <= 0 THEN RETURN NULL; END IF;
  UPDATE waitlist_entries SET status = 'offered', offered_at = NULL, hold_until = NULL
   WHERE id IN (SELECT id FROM waitlist_entries
                 WHERE class_time_id = NEW.id AND status = 'waiting'
                 ORDER BY seq LIMIT free FOR UPDATE);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "class_times_offer_freed"
  AFTER UPDATE OF "seats_taken" ON "class_times"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "waitlist_offer_free_seats"();
