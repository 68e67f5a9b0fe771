import { randomUUID } from 'node:crypto';
import type {
  CrewRole,
  PurchaseItemEntry,
  PurchaseItemView,
  PurchaseKind,
  tourPurchaseItemsRequest,
} from '@cusco/shared';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { Executor, Transaction } from '../../db/client.ts';
import { personPurchases, tourPurchaseItems } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/**
 * What a tour needs bought per person (issue 29), in the catalogue editor: read as the editor
 * shows it, and saved whole (its own section, PUT admin/tours/{code}/purchase-items). An item
 * with purchases recorded keeps its id and its kind, and cannot be removed: the purchases point
 * at it (and a bought one locks its person).
 */

/** The details each kind keeps, in the order the editor shows them. */
export const detailFields: Record<PurchaseKind, readonly (keyof PurchaseItemEntry & string)[]> = {
  permit: [],
  entry: ['circuit', 'route', 'hour'],
  train: ['direction', 'time', 'class'],
  bus: ['direction'],
};

/** An entry's details as stored: only its kind's fields. */
export function detailsOf(entry: PurchaseItemEntry): Record<string, string> {
  return Object.fromEntries(
    detailFields[entry.kind].map((field) => [field, String(entry[field] ?? '')]),
  );
}

type ItemRow = typeof tourPurchaseItems.$inferSelect;

function viewOf(row: ItemRow, purchases: number): PurchaseItemView {
  const details = row.details;
  return {
    id: row.id,
    kind: row.kind,
    circuit: details.circuit ?? '',
    route: details.route ?? '',
    hour: details.hour ?? '',
    direction: details.direction ?? '',
    time: details.time ?? '',
    class: details.class ?? '',
    buyDaysBefore: row.buyDaysBefore,
    crewRoles: row.crewRoles as CrewRole[],
    purchases,
  };
}

/** The purchases recorded for each of these items (bought or cancelled). */
async function purchaseCounts(db: Executor, itemIds: string[]): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: personPurchases.itemId, purchases: count() })
    .from(personPurchases)
    .where(inArray(personPurchases.itemId, itemIds))
    .groupBy(personPurchases.itemId);
  return new Map(rows.map((row) => [row.itemId, row.purchases]));
}

/** The tour's items as the editor shows them, in order. */
export async function editorPurchaseItems(
  db: Executor,
  tourId: string,
): Promise<PurchaseItemView[]> {
  const rows = await db
    .select()
    .from(tourPurchaseItems)
    .where(eq(tourPurchaseItems.tourId, tourId))
    .orderBy(asc(tourPurchaseItems.sortOrder));
  const counts = await purchaseCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => viewOf(row, counts.get(row.id) ?? 0));
}

/**
 * Saves the tour's items (its row locked by the editor's save): existing ones (by id) take
 * their new details, days and crew roles; new ones are added; one left out is deleted. Refused:
 * an id not of the tour (422), the kind of an item with purchases changed (422), an item with
 * purchases left out (409). Answers what the section was and became, for the audit.
 */
export async function savePurchaseItems(
  tx: Transaction,
  tourId: string,
  input: z.output<typeof tourPurchaseItemsRequest>,
) {
  // Its items locked first: a purchase being recorded holds its item (FOR SHARE) until it
  // commits, so that an item is never deleted, with the purchases its deletion cascades to,
  // between being counted and being deleted.
  await tx
    .select({ id: tourPurchaseItems.id })
    .from(tourPurchaseItems)
    .where(eq(tourPurchaseItems.tourId, tourId))
    .for('update');
  const before = await editorPurchaseItems(tx, tourId);
  const existing = new Map(before.map((item) => [item.id, item]));
  const rows = input.items.map((entry, index) => {
    const id = entry.id ? entry.id.toLowerCase() : null;
    const current = id ? existing.get(id) : undefined;
    if (id && !current) {
      throw new AppError('BUSINESS_RULE', 'catalogueUnknownOption', { field: `items.${index}.id` });
    }
    if (current && current.purchases > 0 && current.kind !== entry.kind) {
      throw new AppError('BUSINESS_RULE', 'purchaseItemKindFixed', {
        field: `items.${index}.kind`,
      });
    }
    return {
      id: id ?? randomUUID(),
      tourId,
      kind: entry.kind,
      details: detailsOf(entry),
      buyDaysBefore: entry.buyDaysBefore,
      crewRoles: [...entry.crewRoles],
      sortOrder: index,
    };
  });
  const kept = new Set(rows.map((row) => row.id));
  const leaving = before.filter((item) => !kept.has(item.id));
  if (leaving.some((item) => item.purchases > 0)) {
    throw new AppError('CONFLICT', 'purchaseItemInUse', { field: 'items' });
  }
  if (leaving.length > 0) {
    await tx.delete(tourPurchaseItems).where(
      inArray(
        tourPurchaseItems.id,
        leaving.map((item) => item.id),
      ),
    );
  }
  for (const row of rows) {
    await tx
      .insert(tourPurchaseItems)
      .values(row)
      .onConflictDoUpdate({
        target: tourPurchaseItems.id,
        set: {
          kind: row.kind,
          details: row.details,
          buyDaysBefore: row.buyDaysBefore,
          crewRoles: row.crewRoles,
          sortOrder: row.sortOrder,
        },
      });
  }
  const audit = ({ purchases: _, ...item }: PurchaseItemView) => item;
  return {
    before: { purchaseItems: before.map(audit) },
    after: { purchaseItems: (await editorPurchaseItems(tx, tourId)).map(audit) },
  };
}
