CREATE TABLE "assistant_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"example" text NOT NULL,
	"example_key" text NOT NULL,
	"intent" text,
	"employee_id" uuid,
	"service_id" uuid,
	"day" text,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_lessons_kind_check" CHECK (("assistant_lessons"."kind" = 'meaning' and "assistant_lessons"."intent" is not null and "assistant_lessons"."answer" is null)
        or ("assistant_lessons"."kind" = 'answer' and "assistant_lessons"."answer" is not null and "assistant_lessons"."intent" is null
          and "assistant_lessons"."employee_id" is null and "assistant_lessons"."service_id" is null and "assistant_lessons"."day" is null))
);
--> statement-breakpoint
CREATE TABLE "assistant_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"lines" jsonb NOT NULL,
	"must_contain" text DEFAULT '' NOT NULL,
	"must_do" text DEFAULT 'answer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviewed_conversations" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_lessons" ADD CONSTRAINT "assistant_lessons_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_lessons" ADD CONSTRAINT "assistant_lessons_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewed_conversations" ADD CONSTRAINT "reviewed_conversations_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_lessons_example_key" ON "assistant_lessons" USING btree ("example_key");