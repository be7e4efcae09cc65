CREATE TABLE "operator_actions" (
	"action_id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_user_id" integer,
	"operator_name" text DEFAULT '' NOT NULL,
	"customer_user_id" integer,
	"caller_user_id" integer,
	"action" text NOT NULL,
	"request_id" text NOT NULL,
	"outcome" text NOT NULL,
	"http_status" smallint NOT NULL,
	"code" text
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "operator_user_id" integer;--> statement-breakpoint
CREATE INDEX "operator_actions_customer_idx" ON "operator_actions" USING btree ("customer_user_id","at");--> statement-breakpoint
CREATE INDEX "operator_actions_operator_idx" ON "operator_actions" USING btree ("operator_user_id","at");--> statement-breakpoint
CREATE INDEX "operator_actions_at_idx" ON "operator_actions" USING btree ("at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_operator_user_id_users_user_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;