CREATE TABLE "business_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_closures_dates_check" CHECK ("business_closures"."to_date" >= "business_closures"."from_date")
);
--> statement-breakpoint
CREATE TABLE "employee_date_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_date_overrides_dates_check" CHECK ("employee_date_overrides"."to_date" >= "employee_date_overrides"."from_date")
);
--> statement-breakpoint
ALTER TABLE "employee_date_overrides" ADD CONSTRAINT "employee_date_overrides_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_closures_to_date_idx" ON "business_closures" USING btree ("to_date");--> statement-breakpoint
CREATE INDEX "employee_date_overrides_employee_idx" ON "employee_date_overrides" USING btree ("employee_id","to_date");