ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_valid";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "refunded_attempt_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refunded_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("refunded_attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_refunded_attempt_idx" ON "ledger_entries" USING btree ("refunded_attempt_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_names_attempt" CHECK (("ledger_entries"."kind" = 'refund') = ("ledger_entries"."refunded_attempt_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_valid" CHECK ("ledger_entries"."kind" in ('purchase', 'addition', 'discount', 'payment', 'refund'));