CREATE TABLE "calendar_busy" (
	"calendar_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"url" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_checked_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_busy" ADD CONSTRAINT "calendar_busy_calendar_id_employee_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."employee_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy" ADD CONSTRAINT "calendar_busy_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_calendars" ADD CONSTRAINT "employee_calendars_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_calendar_idx" ON "calendar_busy" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "employee_calendars_employee_idx" ON "employee_calendars" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_calendars_checked_idx" ON "employee_calendars" USING btree ("last_checked_at");--> statement-breakpoint
-- The slot engine reads busy time by employee and range, as it reads appointments' (btree_gist, 0023).
CREATE INDEX "calendar_busy_range_idx" ON "calendar_busy" USING gist ("employee_id", tstzrange("starts_at", "ends_at"));
