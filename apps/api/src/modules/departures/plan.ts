import {
  type DateClosure,
  dateClosure,
  privateRoom,
  seatsLeft,
  type TourRules,
} from '@cusco/shared';
import { and, asc, between, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { departures, tourCategories, tours, tourTypeLinks, tourTypes } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { tourNameColumns, tourRuleColumns } from '../tours/tour-parts.ts';
import type { DayHolding } from './holdings.ts';

/** What availability needs of a tour: its rules, its defaults, its types and categories. */
export interface AvailabilityTour extends TourRules {
  id: string;
  code: string;
  nameEn: string;
  nameEs: string;
  maxGroupSize: number;
  staffRatio: number;
  /** Days the tour lasts: a departure on `date` ends on date + days − 1 (its crew is busy till then). */
  days: number;
  /** The crew rule (issue 29): a guide for every `guideEvery` travellers, cooks, porters per traveller. */
  guideEvery: number;
  cooks: number;
  portersPerTraveller: number;
  /** Seats of each group departure, private groups a day, on dates not scheduled (null: no limit). */
  capacity: number | null;
  privateGroups: number | null;
  /** Its types (private or not) and its categories, in the tour's order. */
  types: { id: string; isPrivate: boolean }[];
  categories: string[];
}

/** A tour by code or id, with what availability needs of it; 404 when unknown. */
export async function availabilityTour(
  db: Executor,
  where: { code: string } | { id: string },
): Promise<AvailabilityTour> {
  const [tour] = await db
    .select({
      id: tours.id,
      ...tourNameColumns,
      ...tourRuleColumns,
      days: tours.days,
    })
    .from(tours)
    .where('code' in where ? eq(tours.code, where.code) : eq(tours.id, where.id));
  if (!tour) throw new AppError('NOT_FOUND', 'tourNotFound');
  const types = await db
    .select({ id: tourTypes.id, isPrivate: tourTypes.isPrivate })
    .from(tourTypeLinks)
    .innerJoin(tourTypes, eq(tourTypes.id, tourTypeLinks.typeId))
    .where(eq(tourTypeLinks.tourId, tour.id))
    .orderBy(asc(tourTypeLinks.sortOrder));
  const categories = await db
    .select({ id: tourCategories.categoryId })
    .from(tourCategories)
    .where(eq(tourCategories.tourId, tour.id))
    .orderBy(asc(tourCategories.sortOrder));
  return { ...tour, types, categories: categories.map((row) => row.id) };
}

/** A day as the agency planned it: its row (when scheduled) over the tour's defaults. */
export interface DayPlan {
  scheduled: boolean;
  status: 'open' | 'closed' | 'cancelled';
  reason: string;
  capacity: number | null;
  permits: number | null;
  privateGroups: number | null;
}

type DepartureRow = typeof departures.$inferSelect;

export function dayPlan(tour: AvailabilityTour, row: DepartureRow | undefined): DayPlan {
  return {
    scheduled: row !== undefined,
    status: (row?.status ?? 'open') as DayPlan['status'],
    reason: row?.reason ?? '',
    capacity: row?.capacity ?? tour.capacity,
    permits: row?.permits ?? null,
    privateGroups: row?.privateGroups ?? tour.privateGroups,
  };
}

/** The tour's scheduled days from `from` to `to`, by date. */
export async function departureRows(
  db: Executor,
  tourId: string,
  range: { from: string; to: string },
): Promise<Map<string, DepartureRow>> {
  const rows = await db
    .select()
    .from(departures)
    .where(and(eq(departures.tourId, tourId), between(departures.date, range.from, range.to)));
  return new Map(rows.map((row) => [row.date, row]));
}

/** Which of the tour's departures a booking (or a calendar) is about: a private group or a category's group. */
export interface DepartureKind {
  isPrivate: boolean;
  categoryId: string;
}

/** The kind of departure of a type and a category of the tour (by default its first ones). */
export function departureKind(
  tour: AvailabilityTour,
  choice: { typeId?: string | undefined; categoryId?: string | undefined },
): DepartureKind {
  const type = tour.types.find((candidate) => candidate.id === choice.typeId) ?? tour.types[0];
  const categoryId =
    tour.categories.find((candidate) => candidate === choice.categoryId) ??
    tour.categories[0] ??
    '';
  return { isPrivate: type?.isPrivate ?? false, categoryId };
}

/**
 * Travellers that one more booking of a kind may still take on a day (Infinity: no limit): a
 * category's group seats capped by the day's permits, or, for a private group, a free slot and
 * the travellers such a group may take. The crew assigned to the day take permits from the same
 * pool (issue 29, ADR 0042): the tour's staff ratio counts only where it is more than them.
 */
export function roomOn(
  tour: AvailabilityTour,
  plan: DayPlan,
  holding: DayHolding,
  kind: DepartureKind,
): number {
  if (plan.status !== 'open') return 0;
  if (kind.isPrivate) {
    return privateRoom(
      { groups: plan.privateGroups, permits: plan.permits, staffRatio: tour.staffRatio },
      { groups: holding.privateGroups, onPermits: holding.travellers, crew: holding.crew },
      tour.maxGroupSize,
    );
  }
  return seatsLeft({
    capacity: plan.capacity,
    permits: plan.permits,
    staffRatio: tour.staffRatio,
    booked: holding.byCategory.get(kind.categoryId) ?? 0,
    onPermits: holding.travellers,
    crew: holding.crew,
  });
}

/** Why a new booking cannot have the date by the tour's rules, or null. */
export function ruleClosure(
  tour: AvailabilityTour,
  date: string,
  today: string,
): DateClosure | null {
  return dateClosure(date, today, tour);
}
