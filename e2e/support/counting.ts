import type { Locator } from 'playwright-core';

/** What a customer did to get somewhere: clicks (and taps, ticks) and fields filled. */
export interface Effort {
  clicks: number;
  fields: number;
}

/**
 * A customer's hands (issue 28's "clicks and fields from the catalogue to paid"): every click and
 * every field a flow fills goes through these, which count them; what the test only reads or
 * waits for is not counted. A field filled twice counts twice, as the customer types twice.
 */
export function countingHands() {
  const effort: Effort = { clicks: 0, fields: 0 };
  return {
    effort,
    async click(target: Locator) {
      effort.clicks += 1;
      await target.click();
    },
    async check(target: Locator) {
      effort.clicks += 1;
      await target.check();
    },
    async fill(target: Locator, value: string) {
      effort.fields += 1;
      await target.fill(value);
    },
    /** A key that ends typing in a field (a date, then Tab): part of filling it, not counted. */
    async press(target: Locator, key: string) {
      await target.press(key);
    },
  };
}
export type Hands = ReturnType<typeof countingHands>;
