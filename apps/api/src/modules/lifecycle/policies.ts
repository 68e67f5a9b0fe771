import { type ChangePolicy, type PolicyAudience, SPEC_POLICIES } from '@cusco/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { changePolicies } from '../../db/schema.ts';

/**
 * A tour's change policy for an audience (its public or its corporate bookings): its row of
 * change_policies, or the spec's terms when it has none (a tour created before its policy was
 * edited).
 */
export async function policyFor(
  db: Executor,
  tourId: string,
  audience: PolicyAudience,
): Promise<ChangePolicy> {
  const [row] = await db
    .select()
    .from(changePolicies)
    .where(and(eq(changePolicies.tourId, tourId), eq(changePolicies.audience, audience)));
  if (!row) return SPEC_POLICIES[audience];
  return {
    windows: row.windows,
    keepDeposit: row.keepDeposit,
    permitCents: row.permitCents,
    entranceCents: row.entranceCents,
    trainCents: row.trainCents,
    dateChangeFeeCents: row.dateChangeFeeCents,
    nameChangeFeeCents: row.nameChangeFeeCents,
    lastChangeDays: row.lastChangeDays,
  };
}

/**
 * Writes a tour's change policy for an audience (the catalogue editor's save, issue 27): its row
 * of change_policies, inserted or replaced. What `policyFor` reads from then on.
 */
export async function writePolicy(
  db: Executor,
  tourId: string,
  audience: PolicyAudience,
  policy: ChangePolicy,
): Promise<void> {
  const values = {
    windows: policy.windows.map(({ daysBefore, keepPercent }) => ({ daysBefore, keepPercent })),
    keepDeposit: policy.keepDeposit,
    permitCents: policy.permitCents,
    entranceCents: policy.entranceCents,
    trainCents: policy.trainCents,
    dateChangeFeeCents: policy.dateChangeFeeCents,
    nameChangeFeeCents: policy.nameChangeFeeCents,
    lastChangeDays: policy.lastChangeDays,
    updatedAt: sql`now()`,
  };
  await db
    .insert(changePolicies)
    .values({ tourId, audience, ...values })
    .onConflictDoUpdate({ target: [changePolicies.tourId, changePolicies.audience], set: values });
}
