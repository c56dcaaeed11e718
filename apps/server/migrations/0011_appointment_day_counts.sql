CREATE TABLE "appointment_day_counts" (
	"local_date" date NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "appointment_day_counts_local_date_status_pk" PRIMARY KEY("local_date","status")
);
--> statement-breakpoint
-- Every change to an appointment's date or status moves one count, in the same statement: the
-- counts can never drift from the rows, whatever the concurrency.
CREATE FUNCTION "appointment_day_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "appointment_day_counts" SET "count" = "count" - 1
      WHERE "local_date" = OLD."local_date" AND "status" = OLD."status";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "appointment_day_counts" ("local_date", "status", "count")
      VALUES (NEW."local_date", NEW."status", 1)
      ON CONFLICT ("local_date", "status") DO UPDATE SET "count" = "appointment_day_counts"."count" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "appointment_day_counts_insert_delete" AFTER INSERT OR DELETE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION "appointment_day_counts_track"();
--> statement-breakpoint
CREATE TRIGGER "appointment_day_counts_update" AFTER UPDATE OF "local_date", "status" ON "appointments"
  FOR EACH ROW WHEN (OLD."local_date" IS DISTINCT FROM NEW."local_date" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "appointment_day_counts_track"();
--> statement-breakpoint
INSERT INTO "appointment_day_counts" ("local_date", "status", "count")
  SELECT "local_date", "status", count(*) FROM "appointments" GROUP BY "local_date", "status";
