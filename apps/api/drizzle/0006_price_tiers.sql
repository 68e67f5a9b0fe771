-- Tour prices are stored as tiers (a price from a group size on) instead of a row for every group
-- size: a row whose price equals the row one size smaller in the same series (category, type,
-- customer type) adds nothing, and goes. The API expands the tiers in memory (ADR 0010).
DELETE FROM "tour_prices" AS "row"
USING "tour_prices" AS "smaller"
WHERE "smaller"."tour_id" = "row"."tour_id"
  AND "smaller"."category_id" = "row"."category_id"
  AND "smaller"."type_id" = "row"."type_id"
  AND "smaller"."customer_type_id" = "row"."customer_type_id"
  AND "smaller"."group_size" = "row"."group_size" - 1
  AND "smaller"."price_cents" = "row"."price_cents";
