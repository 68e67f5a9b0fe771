import {
  bookingChannels,
  checkInMethods,
  trailActionKinds,
  trailOutcomes,
  userRoles,
} from '@cusco/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  type ReferenceConfig,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The languages e-mails are written in (issue 15). */
const mailLanguages = ['en', 'es'] as const;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A row's place in its list (lists are read in ascending order). */
const sortOrder = () => integer('sort_order').notNull().default(0);

/** A required reference to another table's row. */
const requiredRef = (
  name: string,
  target: () => AnyPgColumn,
  actions?: ReferenceConfig['actions'],
) => uuid(name).notNull().references(target, actions);

/** A tour's row in a table of its parts (deleted with the tour). */
const tourRef = () => requiredRef('tour_id', () => tours.id, { onDelete: 'cascade' });

/** A booking's row in a table of its parts (deleted with the booking). */
const bookingRef = () => requiredRef('booking_id', () => bookings.id, { onDelete: 'cascade' });

/** A booking line's price: the unit and the line's total, in cents. */
const lineMoney = () => ({
  unitCents: integer('unit_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
});

/** A booking line's total is its unit price times its counts, never negative. */
const lineTotalCheck = (
  name: string,
  line: { unitCents: AnyPgColumn; totalCents: AnyPgColumn },
  ...counts: AnyPgColumn[]
) =>
  check(
    name,
    sql`${line.unitCents} >= 0 and ${line.totalCents} = ${sql.join([line.unitCents, ...counts], sql` * `)}`,
  );

/** A booking line sold by the unit: how many, and its money. */
const unitLine = () => ({ quantity: integer('quantity').notNull(), ...lineMoney() });

/** A unit line's rules: 1 to 99 units, and its total is the unit price times them. */
const unitLineChecks = (
  table: string,
  line: { quantity: AnyPgColumn; unitCents: AnyPgColumn; totalCents: AnyPgColumn },
) => [
  check(`${table}_quantity`, sql`${line.quantity} between 1 and 99`),
  lineTotalCheck(`${table}_total`, line, line.quantity),
];

/** A row's name in English and in Spanish. */
const names = () => ({
  nameEn: text('name_en').notNull(),
  nameEs: text('name_es').notNull(),
});

/** The columns of a fixed reference list: an id, an English and a Spanish name, an order. */
const namedList = () => ({
  id: uuid('id').primaryKey(),
  ...names(),
  sortOrder: sortOrder(),
});

// ---------------------------------------------------------------------------------------------
// Reference lists
// ---------------------------------------------------------------------------------------------

/** ISO 3166-1 countries; the id is the alpha-2 code. */
export const countries = pgTable('countries', {
  id: char('id', { length: 2 }).primaryKey(),
  ...names(),
});

/** The option lists of the passenger form (sex, DocumentType, MaritalStatus…), by key. */
export const optionItems = pgTable(
  'option_items',
  {
    id: uuid('id').primaryKey(),
    listKey: text('list_key').notNull(),
    ...names(),
    sortOrder: sortOrder(),
  },
  (t) => [index('option_items_list_key_idx').on(t.listKey, t.sortOrder)],
);

/** The spec's "jobs": a passenger's occupation. */
export const occupations = pgTable('occupations', namedList());

export const incidentTypes = pgTable('incident_types', namedList());

export const incidentStatuses = pgTable('incident_statuses', namedList());

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

/** A reseller agency whose users book on credit. */
export const corporateClients = pgTable(
  'corporate_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    /** The company's RUC (11 digits, its check digit valid): its facturas are issued to it. */
    taxId: text('tax_id'),
    /** The RUC's legal name and fiscal address, as SUNAT's register spells them (issue 30). */
    legalName: text('legal_name'),
    fiscalAddress: text('fiscal_address'),
    email: text('email'),
    /**
     * The reseller's net price (issue 31): what the agency charges the company for a unit sold
     * through OCTO, as a discount off the retail price in basis points (1500 = 15 % off). 0: retail.
     */
    netDiscountBps: integer('net_discount_bps').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('corporate_clients_net_discount_range', sql`${t.netDiscountBps} between 0 and 5000`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    /** Null for a guest's account (issue 28): made at checkout or at the desk, until a password is set. */
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    lastName: text('last_name').notNull(),
    telephone: text('telephone').notNull(),
    /** Asked at sign-up; a guest's account has none. */
    birthDate: date('birth_date', { mode: 'string' }),
    countryId: char('country_id', { length: 2 })
      .notNull()
      .references(() => countries.id),
    /** client: a customer (or a corporate client's user); agent and admin: the agency's staff. */
    role: text('role', { enum: userRoles }).notNull().default('client'),
    /** Set for a user of a reseller agency: they book on credit for their company. */
    corporateClientId: uuid('corporate_client_id').references(() => corporateClients.id),
    /** The registration's isPassanger flag. */
    isPassenger: boolean('is_passenger').notNull().default(false),
    /** The user's own passenger record, made the first time they travel on one of their bookings. */
    clientId: uuid('client_id').references((): AnyPgColumn => clients.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The language of the page the account was made on: its e-mails' (issue 15); null before. */
    language: text('language', { enum: mailLanguages }),
    /**
     * A guide's account (issue 32): the person of the crew roster they are. They see the
     * departures that person is assigned to, and nothing of the back office.
     */
    crewMemberId: uuid('crew_member_id')
      .unique()
      .references((): AnyPgColumn => crewMembers.id),
  },
  (t) => [
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('client', 'agent', 'admin', 'guide')`),
    check('users_guide_is_crew', sql`(${t.role} = 'guide') = (${t.crewMemberId} is not null)`),
    check('users_language_valid', sql`${t.language} in ('en', 'es')`),
  ],
);

/** One row per issued bearer token; only the token's SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins, counted per account (`account:<e-mail>`) and per client address
 * (`address:<ip>`). A sign-in claims its attempt here in one statement before any password is
 * checked, so parallel guesses cannot slip past the limit; `locked_until` is the progressive
 * delay before the next attempt is heard.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [check('login_throttle_failures_non_negative', sql`${t.failures} >= 0`)],
);

/** Request counters of the rate limits (@fastify/rate-limit's store on PostgreSQL). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

// ---------------------------------------------------------------------------------------------
// Tour catalogue
// ---------------------------------------------------------------------------------------------

/** The four main categories of tours (spec: "special category ids for four tour families"). */
export const tourFamilies = pgTable('tour_families', namedList());

/** The tour's modality: Group, Private. */
export const tourTypes = pgTable('tour_types', {
  ...namedList(),
  /** A private tour: its group takes a whole slot of the day, not seats (issue 14). */
  isPrivate: boolean('is_private').notNull().default(false),
});

/** A tour's category: the guide's language, or the hotel category for Machu Picchu tours. */
export const categories = pgTable('categories', namedList());

/** Adult, student, child, baby: fixed ids (packages/shared ids.ts). */
export const customerTypes = pgTable('customer_types', {
  id: uuid('id').primaryKey(),
  ...names(),
  descriptionEn: text('description_en').notNull(),
  descriptionEs: text('description_es').notNull(),
  sortOrder: sortOrder(),
});

/** A hotel's category, e.g. "Tourist hotel 3★". */
export const hotelTypes = pgTable('hotel_types', namedList());

/** A room type: single, double, triple. */
export const roomTypes = pgTable('room_types', namedList());

export const tours = pgTable(
  'tours',
  {
    id: uuid('id').primaryKey(),
    code: char('code', { length: 6 }).notNull().unique(),
    familyId: requiredRef('family_id', () => tourFamilies.id),
    ...names(),
    days: integer('days').notNull(),
    nights: integer('nights').notNull(),
    /** Nights of hotel included per room booked (spec "hotelNight"); 0 when the tour has none. */
    hotelNights: integer('hotel_nights').notNull().default(0),
    /** The most passengers one booking may carry (the tour's group maximum). */
    maxGroupSize: integer('max_group_size').notNull().default(16),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: sortOrder(),
    /**
     * Staff walking with each traveller (guides, porters), who use trail permits too: 2.5 means
     * one traveller takes 3.5 of a departure's permits (issue 14).
     */
    staffRatio: doublePrecision('staff_ratio').notNull().default(0),
    /**
     * The tour's crew rule (issue 29), what a departure's crew should be: one guide for every
     * `guideEvery` travellers (0: no guide), `cooks` cooks, `portersPerTraveller` porters per
     * traveller (rounded up). The back office shows what is missing of it; the permit count uses
     * the crew actually assigned, and `staffRatio` only for what is not yet assigned.
     */
    guideEvery: integer('guide_every').notNull().default(0),
    cooks: integer('cooks').notNull().default(0),
    portersPerTraveller: doublePrecision('porters_per_traveller').notNull().default(0),
    /** Whole days between booking and travel, at least (issue 14): the Inca Trail's weeks. */
    leadDays: integer('lead_days').notNull().default(0),
    /** Months (1–12) the tour does not run: the Inca Trail is closed every February. */
    closedMonths: integer('closed_months').array().notNull().default(sql`'{}'::integer[]`),
    /** Days of the week it runs, 0 = Sunday … 6 = Saturday. */
    weekdays: integer('weekdays').array().notNull().default(sql`'{0,1,2,3,4,5,6}'::integer[]`),
    /**
     * Seats of each group departure (one per category) on a date the agency has not scheduled;
     * null: such a date has no limit of seats.
     */
    capacity: integer('capacity'),
    /** Private groups a day takes on a date not scheduled; null: no limit. */
    privateGroups: integer('private_groups'),
    /**
     * Moves with every edit of the tour in the back office's catalogue editor (issue 14): an edit
     * names the revision it was made from, and one made from an older one is refused (409), so
     * that two administrators never silently overwrite each other. A tour past 0 is the agency's:
     * the demo seed no longer adds its parts.
     */
    revision: integer('revision').notNull().default(0),
    /** When the tour was last changed (an edit in the catalogue editor): the sitemap's lastmod. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tours_staff_ratio_range', sql`${t.staffRatio} between 0 and 10`),
    check(
      'tours_crew_rule_range',
      sql`${t.guideEvery} between 0 and 99 and ${t.cooks} between 0 and 20 and ${t.portersPerTraveller} between 0 and 10`,
    ),
    check(
      'tours_availability_rules_range',
      sql`${t.leadDays} between 0 and 365 and (${t.capacity} is null or ${t.capacity} between 0 and 999) and (${t.privateGroups} is null or ${t.privateGroups} between 0 and 99) and ${t.closedMonths} <@ '{1,2,3,4,5,6,7,8,9,10,11,12}'::integer[] and ${t.weekdays} <@ '{0,1,2,3,4,5,6}'::integer[]`,
    ),
    check('tours_code_six_digits', sql`${t.code} ~ '^[0-9]{6}$'`),
    check('tours_days_positive', sql`${t.days} >= 1 and ${t.nights} >= 0`),
    check('tours_hotel_nights_range', sql`${t.hotelNights} between 0 and ${t.nights}`),
    check('tours_max_group_size_range', sql`${t.maxGroupSize} between 1 and 99`),
  ],
);

/**
 * A tour's public addresses (issue 33): its slug in each language, with their history. The
 * newest of a tour's slugs in a language is its address; an older one answers with a redirect to
 * it, so that a link shared before a rename keeps working. A slug belongs to one tour a language.
 */
export const tourSlugs = pgTable(
  'tour_slugs',
  {
    tourId: tourRef(),
    language: text('language').notNull(),
    slug: text('slug').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.language, t.slug] }),
    index('tour_slugs_tour_idx').on(t.tourId, t.language, t.createdAt),
    check('tour_slugs_language_valid', sql`${t.language} in ('en', 'es')`),
    check(
      'tour_slugs_slug_valid',
      sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) <= 80`,
    ),
  ],
);

/**
 * A table of the rows of a reference list that a tour offers (its types, its categories), in the
 * tour's order: the tour, the listed row's id as `key` (column `column`), one row per pair.
 */
function tourLinks<Name extends string, Key extends string>(
  name: Name,
  key: Key,
  column: string,
  listed: () => AnyPgColumn,
) {
  const link = { [key]: requiredRef(column, listed) } as Record<
    Key,
    ReturnType<typeof requiredRef>
  >;
  return pgTable(name, { tourId: tourRef(), ...link, sortOrder: sortOrder() }, (t) => [
    primaryKey({ columns: [t.tourId, t[key]] }),
  ]);
}

/** The tour's modalities (group, private). */
export const tourTypeLinks = tourLinks('tour_type_links', 'typeId', 'type_id', () => tourTypes.id);

/** The tour's categories (the guide's language, or the hotel category). */
export const tourCategories = tourLinks(
  'tour_categories',
  'categoryId',
  'category_id',
  () => categories.id,
);

/**
 * Group-size prices: the price per passenger of a customer type, for a tour's category and type,
 * when the group has `groupSize` passengers in all.
 */
export const tourPrices = pgTable(
  'tour_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourId: uuid('tour_id').notNull(),
    categoryId: uuid('category_id').notNull(),
    typeId: uuid('type_id').notNull(),
    customerTypeId: requiredRef('customer_type_id', () => customerTypes.id),
    groupSize: integer('group_size').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    unique('tour_prices_row_unique').on(
      t.tourId,
      t.categoryId,
      t.typeId,
      t.customerTypeId,
      t.groupSize,
    ),
    foreignKey({
      name: 'tour_prices_category_fk',
      columns: [t.tourId, t.categoryId],
      foreignColumns: [tourCategories.tourId, tourCategories.categoryId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'tour_prices_type_fk',
      columns: [t.tourId, t.typeId],
      foreignColumns: [tourTypeLinks.tourId, tourTypeLinks.typeId],
    }).onDelete('cascade'),
    check('tour_prices_group_size_positive', sql`${t.groupSize} >= 1`),
    check('tour_prices_price_non_negative', sql`${t.priceCents} >= 0`),
  ],
);

/** Price per room and night of a hotel category and room type, for a tour that includes hotels. */
export const tourHotelPrices = pgTable(
  'tour_hotel_prices',
  {
    tourId: tourRef(),
    hotelTypeId: requiredRef('hotel_type_id', () => hotelTypes.id),
    roomTypeId: requiredRef('room_type_id', () => roomTypes.id),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tourId, t.hotelTypeId, t.roomTypeId] }),
    check('tour_hotel_prices_non_negative', sql`${t.priceCents} >= 0`),
  ],
);

/** An extra that can be bought with a tour: equipment, meals, an entrance, or another tour. */
export const additionalServices = pgTable('additional_services', {
  id: uuid('id').primaryKey(),
  ...names(),
  descriptionEn: text('description_en').notNull(),
  descriptionEs: text('description_es').notNull(),
  /** Listed under "other tours" rather than "additional services". */
  isTour: boolean('is_tour').notNull().default(false),
  /** Sold per passenger: a booking takes at most one per passenger. */
  perPerson: boolean('per_person').notNull().default(true),
  /**
   * A tourism service of the package (guiding, transport, meals, lodging, another tour): an export
   * at 0 % IGV for a non-domiciled traveller with a passport on file (issue 30, ADR 0046). Rentals
   * and goods are not: 18 % for everyone.
   */
  exportEligible: boolean('export_eligible').notNull().default(false),
});

/** A priced offer of an additional service for a tour (the spec's tourAdditionalServiceId). */
export const tourAdditionalServices = pgTable(
  'tour_additional_services',
  {
    id: uuid('id').primaryKey(),
    tourId: tourRef(),
    serviceId: requiredRef('service_id', () => additionalServices.id),
    labelEn: text('label_en').notNull(),
    labelEs: text('label_es').notNull(),
    priceCents: integer('price_cents').notNull(),
    sortOrder: sortOrder(),
    /**
     * When an administrator took the offer off the tour although bookings had bought it (issue
     * 14): it is no longer sold, and those bookings keep their lines.
     */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    index('tour_additional_services_tour_idx').on(t.tourId),
    check('tour_additional_services_price_non_negative', sql`${t.priceCents} >= 0`),
  ],
);

export const tourItinerary = pgTable(
  'tour_itinerary',
  {
    tourId: tourRef(),
    day: integer('day').notNull(),
    sortOrder: sortOrder(),
    ...names(),
  },
  (t) => [
    primaryKey({ columns: [t.tourId, t.day, t.sortOrder] }),
    check('tour_itinerary_day_positive', sql`${t.day} >= 1`),
  ],
);

/** What the tour's price includes (included = true) and what it does not. */
export const tourInclusions = pgTable(
  'tour_inclusions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourId: tourRef(),
    included: boolean('included').notNull(),
    ...names(),
    observationEn: text('observation_en').notNull().default(''),
    observationEs: text('observation_es').notNull().default(''),
    sortOrder: sortOrder(),
  },
  (t) => [index('tour_inclusions_tour_idx').on(t.tourId, t.included, t.sortOrder)],
);

export const tourRelated = pgTable(
  'tour_related',
  {
    tourId: tourRef(),
    relatedTourId: requiredRef('related_tour_id', () => tours.id, { onDelete: 'cascade' }),
    sortOrder: sortOrder(),
  },
  (t) => [
    primaryKey({ columns: [t.tourId, t.relatedTourId] }),
    check('tour_related_not_self', sql`${t.tourId} <> ${t.relatedTourId}`),
  ],
);

/** Small key/value facts about the database itself, such as the demo-data version loaded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Passengers ("clients" in the spec: a person who travels)
// ---------------------------------------------------------------------------------------------

export const clients = pgTable('clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email'),
  mobile: text('mobile'),
  birthDate: date('birth_date', { mode: 'string' }),
  countryId: char('country_id', { length: 2 }).references(() => countries.id),
  documentTypeId: uuid('document_type_id').references(() => optionItems.id),
  documentNumber: text('document_number'),
  documentExpiry: date('document_expiry', { mode: 'string' }),
  occupationId: uuid('occupation_id').references(() => occupations.id),
  sexId: uuid('sex_id').references(() => optionItems.id),
  maritalStatusId: uuid('marital_status_id').references(() => optionItems.id),
  foodPreferenceId: uuid('food_preference_id').references(() => optionItems.id),
  foodObservation: text('food_observation'),
  travelPurposeId: uuid('travel_purpose_id').references(() => optionItems.id),
  travelPurposeObservation: text('travel_purpose_observation'),
  trekkingExperienceId: uuid('trekking_experience_id').references(() => optionItems.id),
  trekkingObservation: text('trekking_observation'),
  allergyObservation: text('allergy_observation'),
  medicalRequirement: text('medical_requirement'),
  /** Whom to call if something happens on the trail (issue 29: the guide's manifest). */
  emergencyContactName: text('emergency_contact_name'),
  emergencyContactPhone: text('emergency_contact_phone'),
  /** A student's card expiry (students only). */
  cardExpiry: date('card_expiry', { mode: 'string' }),
  /**
   * A passport scan kept on local disk by versions before documents moved into the database:
   * its file name under DATA_DIR/documents, imported into client_documents at start-up.
   */
  documentFile: text('document_file'),
  documentMime: text('document_mime'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A passenger's document scan (JPEG or PNG, at most 1 MB), kept in the database so that every
 * API node serves it and it is written in the same transaction as its record.
 */
export const clientDocuments = pgTable(
  'client_documents',
  {
    clientId: uuid('client_id')
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    mime: text('mime').notNull(),
    content: bytea('content').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('client_documents_mime_valid', sql`${t.mime} in ('image/jpeg', 'image/png')`),
    check('client_documents_size_range', sql`${t.sizeBytes} between 1 and 1048576`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Bookings
// ---------------------------------------------------------------------------------------------

/**
 * A departure the agency manages (issue 14): a tour on a date, with the seats it sells, the trail
 * permits it holds, and whether it runs. Booking transactions lock its row before counting the
 * seats taken, so that two customers never buy the same last seat. A date without a row is not
 * managed: it takes bookings as before.
 */
export const departures = pgTable(
  'departures',
  {
    tourId: requiredRef('tour_id', () => tours.id),
    date: date('date', { mode: 'string' }).notNull(),
    /** Seats of each group departure (one per category) that day; null: the tour's own number. */
    capacity: integer('capacity'),
    /** Trail permits allotted to the agency that day; null: the tour needs none. */
    permits: integer('permits'),
    /** Private groups the day takes; null: the tour's own number. */
    privateGroups: integer('private_groups'),
    status: text('status').notNull().default('open'),
    /** Why it does not run (closed or cancelled), shown to customers. */
    reason: text('reason').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tourId, t.date] }),
    check('departures_status_valid', sql`${t.status} in ('open', 'closed', 'cancelled')`),
    check(
      'departures_figures_range',
      sql`(${t.capacity} is null or ${t.capacity} between 0 and 999) and (${t.permits} is null or ${t.permits} between 0 and 9999) and (${t.privateGroups} is null or ${t.privateGroups} between 0 and 99)`,
    ),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The human-readable reservation code, e.g. CT-4K7M2Q: the booking's public id. */
    code: text('code').notNull().unique(),
    userId: requiredRef('user_id', () => users.id),
    /** Set when a corporate client's user booked it on credit for the company. */
    corporateClientId: uuid('corporate_client_id').references(() => corporateClients.id),
    tourId: requiredRef('tour_id', () => tours.id),
    categoryId: uuid('category_id').notNull(),
    typeId: uuid('type_id').notNull(),
    travelDate: date('travel_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isPassenger: boolean('is_passenger').notNull().default(false),
    /** The currency the booking is priced and paid in: the catalogue's (spec §9: USD). */
    currency: char('currency', { length: 3 }).notNull().default('USD'),
    /** T: the total first; P: the deposit first (spec §9). */
    paymentMode: char('payment_mode', { length: 1 }).notNull().default('T'),
    passengersCents: integer('passengers_cents').notNull(),
    hotelsCents: integer('hotels_cents').notNull(),
    servicesCents: integer('services_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    observation: text('observation').notNull().default(''),
    /**
     * Moves whenever the booking, or anything its detail shows, changes: set by triggers on every
     * table the detail reads (migration 0007), checked by the detail cache on every read.
     */
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
    /** The page's language when it was booked: its e-mails' (issue 15); null before. */
    language: text('language', { enum: mailLanguages }),
    /**
     * When the booking's unpaid hold on its seats ends (ADR 0035): set when it is saved, and
     * again only when a payment takes back the seats it had given up; never moved by payment
     * attempts. Past it, the booking holds seats only once its deposit is paid, or on credit.
     */
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    /** How long an unpaid hold of the booking lasts (PAYMENT_ATTEMPT_TTL_MINUTES when booked). */
    holdMinutes: integer('hold_minutes').notNull(),
    /**
     * How many times the customer's own card payment took back the seats of this booking after
     * its unpaid hold had ended: once at most (ADR 0035), so that no booking holds seats for ever
     * without its deposit.
     */
    seatComebacks: integer('seat_comebacks').notNull().default(0),
    /**
     * Who cancelled the booking ('customer' or 'agency'), when and why: the only part of its
     * status that is stored (ADR 0037), written only by modules/lifecycle/transitions.ts. The
     * booking keeps its passengers and history; it holds no seats.
     */
    cancelledBy: text('cancelled_by', { enum: ['customer', 'agency'] }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').notNull().default(''),
    /**
     * When the booking was first seen confirmed by a change (its deposit down, or on credit):
     * its permits and tickets are bought, and no later change makes its deposit refundable by
     * un-confirming it (issue 27). Written only by modules/lifecycle/transitions.ts.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The strictest share of its policy the booking had reached before a date move (0–100). */
    lockedKeepPercent: integer('locked_keep_percent').notNull().default(0),
    /**
     * Where the guide picks the travellers up (their hotel in Cusco), set by the customer or by
     * staff (issue 28); null until told. The manifest falls back to the hotel booked with us.
     */
    pickupPlace: text('pickup_place'),
    /**
     * A factura instead of a boleta (issue 30): the RUC (check digit valid), its legal name and
     * fiscal address, given by the customer on the booking page or in the portal. All three or
     * none. A corporate booking's factura takes its company's record instead.
     */
    invoiceRuc: text('invoice_ruc'),
    invoiceLegalName: text('invoice_legal_name'),
    invoiceAddress: text('invoice_address'),
    /**
     * Where the booking was made (issue 31): the site (a customer or a corporate user), the
     * agency's desk, or a reseller's system through OCTO.
     */
    channel: text('channel', { enum: bookingChannels }).notNull().default('site'),
    /** The reseller's own reference of an OCTO booking (their order number), as they sent it. */
    resellerReference: text('reseller_reference'),
    /** The OCTO booking's uuid, chosen by the reseller: unique per company (its idempotency). */
    octoUuid: uuid('octo_uuid'),
    /**
     * An OCTO hold not yet confirmed by the reseller: it holds its seats only until `hold_until`
     * (OCTO's utcExpiresAt), although it is on credit; the reseller's confirmation clears it.
     * Written only by modules/octo.
     */
    octoHold: boolean('octo_hold').notNull().default(false),
    /** The OCTO booking's contact (lead traveller), as the reseller sent it. */
    octoContact: jsonb('octo_contact').$type<Record<string, unknown>>(),
    /**
     * The reseller's discount off retail when the OCTO booking was made, in basis points: its net
     * prices (the company's discount may change later; this booking's does not).
     */
    netDiscountBps: integer('net_discount_bps').notNull().default(0),
    /** When the reseller last changed the OCTO booking (utcUpdatedAt). */
    octoUpdatedAt: timestamp('octo_updated_at', { withTimezone: true }),
  },
  (t) => [
    check('bookings_channel_valid', sql`${t.channel} in ('site', 'desk', 'octo')`),
    check('bookings_net_discount_range', sql`${t.netDiscountBps} between 0 and 5000`),
    check(
      'bookings_octo_consistent',
      sql`(${t.channel} = 'octo') = (${t.octoUuid} is not null) and (${t.octoUuid} is null or ${t.corporateClientId} is not null) and (not ${t.octoHold} or ${t.octoUuid} is not null)`,
    ),
    check(
      'bookings_reseller_reference_length',
      sql`${t.resellerReference} is null or char_length(${t.resellerReference}) between 1 and 100`,
    ),
    uniqueIndex('bookings_octo_uuid_unique').on(t.corporateClientId, t.octoUuid),
    index('bookings_reseller_reference_idx').on(t.corporateClientId, t.resellerReference),
    check('bookings_language_valid', sql`${t.language} in ('en', 'es')`),
    check('bookings_hold_minutes_positive', sql`${t.holdMinutes} >= 1`),
    check('bookings_seat_comebacks_range', sql`${t.seatComebacks} >= 0`),
    check('bookings_locked_keep_percent_range', sql`${t.lockedKeepPercent} between 0 and 100`),
    check(
      'bookings_pickup_place_length',
      sql`${t.pickupPlace} is null or char_length(${t.pickupPlace}) between 1 and 200`,
    ),
    check(
      'bookings_cancelled_consistent',
      sql`(${t.cancelledBy} is null) = (${t.cancelledAt} is null) and (${t.cancelledBy} is null or ${t.cancelledBy} in ('customer', 'agency'))`,
    ),
    index('bookings_user_idx').on(t.userId, t.travelDate),
    index('bookings_departure_idx').on(t.tourId, t.travelDate),
    index('bookings_corporate_idx').on(t.corporateClientId, t.travelDate),
    /**
     * The holds still running (the metrics' seat holds, issue 34): a range of the few bookings
     * whose hold_until is ahead, instead of a scan of every booking.
     */
    index('bookings_running_hold_idx').on(t.holdUntil).where(sql`${t.cancelledBy} is null`),
    foreignKey({
      name: 'bookings_category_fk',
      columns: [t.tourId, t.categoryId],
      foreignColumns: [tourCategories.tourId, tourCategories.categoryId],
    }),
    foreignKey({
      name: 'bookings_type_fk',
      columns: [t.tourId, t.typeId],
      foreignColumns: [tourTypeLinks.tourId, tourTypeLinks.typeId],
    }),
    check('bookings_payment_mode_valid', sql`${t.paymentMode} in ('T', 'P')`),
    check(
      'bookings_invoice_consistent',
      sql`(${t.invoiceRuc} is null) = (${t.invoiceLegalName} is null) and (${t.invoiceRuc} is null) = (${t.invoiceAddress} is null) and (${t.invoiceRuc} is null or ${t.invoiceRuc} ~ '^(10|15|16|17|20)[0-9]{9}$')`,
    ),
    check('bookings_currency_valid', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'bookings_amounts_consistent',
      sql`${t.passengersCents} >= 0 and ${t.hotelsCents} >= 0 and ${t.servicesCents} >= 0 and ${t.totalCents} = ${t.passengersCents} + ${t.hotelsCents} + ${t.servicesCents}`,
    ),
    check('bookings_end_not_before_start', sql`${t.endDate} >= ${t.travelDate}`),
  ],
);

export const bookingPassengerLines = pgTable(
  'booking_passenger_lines',
  {
    bookingId: bookingRef(),
    customerTypeId: requiredRef('customer_type_id', () => customerTypes.id),
    ...unitLine(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.customerTypeId] }),
    ...unitLineChecks('booking_passenger_lines', t),
  ],
);

export const bookingHotelLines = pgTable(
  'booking_hotel_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    hotelTypeId: requiredRef('hotel_type_id', () => hotelTypes.id),
    roomTypeId: requiredRef('room_type_id', () => roomTypes.id),
    rooms: integer('rooms').notNull(),
    nights: integer('nights').notNull(),
    ...lineMoney(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('booking_hotel_lines_booking_idx').on(t.bookingId),
    check('booking_hotel_lines_rooms', sql`${t.rooms} between 1 and 99 and ${t.nights} >= 1`),
    lineTotalCheck('booking_hotel_lines_total', t, t.nights, t.rooms),
  ],
);

/** Additional services bought with the booking or later (spec "additionalServices", "otherTours"). */
export const bookingServiceLines = pgTable(
  'booking_service_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    offerId: requiredRef('offer_id', () => tourAdditionalServices.id),
    ...unitLine(),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_service_lines_booking_idx').on(t.bookingId),
    ...unitLineChecks('booking_service_lines', t),
  ],
);

/** One per passenger of a booking, typed by customer type; filled with a client later. */
export const passengerSlots = pgTable(
  'passenger_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    customerTypeId: requiredRef('customer_type_id', () => customerTypes.id),
    position: integer('position').notNull(),
    clientId: uuid('client_id').references(() => clients.id),
    /** An OCTO unit item's uuid (issue 31): the reseller's name for this traveller's place. */
    octoUuid: uuid('octo_uuid'),
    /** The reseller's reference of the unit item (their ticket number). */
    resellerReference: text('reseller_reference'),
    /** The unit item's contact (the traveller), as the reseller sent it. */
    octoContact: jsonb('octo_contact').$type<Record<string, unknown>>(),
  },
  (t) => [
    unique('passenger_slots_position_unique').on(t.bookingId, t.position),
    unique('passenger_slots_octo_uuid_unique').on(t.bookingId, t.octoUuid),
    index('passenger_slots_client_idx').on(t.clientId),
  ],
);

/**
 * The booking's account: purchases and additions raise what is owed, discounts and payments
 * lower it, refunds raise it again. Debt = purchases + additions − discounts − payments +
 * refunds, always derived from here (modules/ledger/ledger.ts).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    kind: text('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    paymentMethod: text('payment_method'),
    commissionCents: integer('commission_cents').notNull().default(0),
    /** A payment's attempt: unique, so that one attempt is never recorded twice. */
    paymentAttemptId: uuid('payment_attempt_id')
      .unique('ledger_entries_payment_attempt_unique')
      .references((): AnyPgColumn => paymentAttempts.id),
    /** A refund's attempt: the payment it gives money back from (issue 13). */
    refundedAttemptId: uuid('refunded_attempt_id').references(
      (): AnyPgColumn => paymentAttempts.id,
    ),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_booking_idx').on(t.bookingId, t.createdAt),
    index('ledger_entries_refunded_attempt_idx').on(t.refundedAttemptId),
    // A refund always names the payment it returns, and only a refund does.
    check(
      'ledger_entries_refund_names_attempt',
      sql`(${t.kind} = 'refund') = (${t.refundedAttemptId} is not null)`,
    ),
    // Only a payment can come from a payment attempt (the agency may record others by hand).
    check(
      'ledger_entries_attempt_only_on_payments',
      sql`${t.kind} = 'payment' or ${t.paymentAttemptId} is null`,
    ),
    check(
      'ledger_entries_kind_valid',
      sql`${t.kind} in ('purchase', 'addition', 'discount', 'payment', 'refund', 'credit')`,
    ),
    check('ledger_entries_amount_positive', sql`${t.amountCents} > 0`),
    check('ledger_entries_commission_non_negative', sql`${t.commissionCents} >= 0`),
  ],
);

/**
 * The customer's credit with the agency (issue 27): money a change gave back to the account
 * rather than to the card, usable on any later booking. A credit is money owed: it is `issued`
 * from a booking's ledger (a `credit` entry, which raises that booking's debt as a refund does)
 * and `spent` as a payment of another (a `payment` entry paid with the credit). The balance is
 * issued less spent, never below 0 (modules/credit).
 */
export const customerCredits = pgTable(
  'customer_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredRef('user_id', () => users.id),
    /** A corporate booking's credit is its company's, whoever of its users booked or cancelled. */
    corporateClientId: uuid('corporate_client_id').references(() => corporateClients.id),
    bookingId: bookingRef(),
    kind: text('kind', { enum: ['issued', 'spent'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The ledger entry that moved the money: unique, so that one is never counted twice. */
    ledgerEntryId: uuid('ledger_entry_id')
      .notNull()
      .unique('customer_credits_ledger_entry_unique')
      .references(() => ledgerEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_credits_user_idx').on(t.userId, t.createdAt),
    index('customer_credits_company_idx').on(t.corporateClientId, t.createdAt),
    check('customer_credits_kind_valid', sql`${t.kind} in ('issued', 'spent')`),
    check('customer_credits_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A tour's change policy (issue 27, docs/changes.md): one row for its public bookings and one for
 * its corporate ones, seeded from the spec's terms, edited in the catalogue editor. A tour with no
 * row follows the spec's terms (SPEC_POLICIES in shared). Money in cents.
 */
export const changePolicies = pgTable(
  'change_policies',
  {
    tourId: requiredRef('tour_id', () => tours.id),
    audience: text('audience', { enum: ['standard', 'corporate'] }).notNull(),
    /** [{ daysBefore, keepPercent }]: with daysBefore days or fewer left, keepPercent is kept. */
    windows: jsonb('windows').$type<{ daysBefore: number; keepPercent: number }[]>().notNull(),
    keepDeposit: boolean('keep_deposit').notNull(),
    permitCents: integer('permit_cents').notNull().default(0),
    entranceCents: integer('entrance_cents').notNull().default(0),
    trainCents: integer('train_cents').notNull().default(0),
    dateChangeFeeCents: integer('date_change_fee_cents').notNull(),
    nameChangeFeeCents: integer('name_change_fee_cents').notNull(),
    lastChangeDays: integer('last_change_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tourId, t.audience] }),
    check('change_policies_audience_valid', sql`${t.audience} in ('standard', 'corporate')`),
    check(
      'change_policies_amounts_range',
      sql`${t.permitCents} between 0 and 10000000 and ${t.entranceCents} between 0 and 10000000 and ${t.trainCents} between 0 and 10000000 and ${t.dateChangeFeeCents} between 0 and 10000000 and ${t.nameChangeFeeCents} between 0 and 10000000`,
    ),
    check('change_policies_last_change_range', sql`${t.lastChangeDays} between 0 and 365`),
    check('change_policies_windows_array', sql`jsonb_typeof(${t.windows}) = 'array'`),
  ],
);

/** Answers to requests sent with an Idempotency-Key, kept so that a retry gets the same answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

export const paymentAttemptStatuses = [
  'pending',
  'paid',
  'declined',
  'cancelled',
  'expired',
  'refund_required',
] as const;
export type PaymentAttemptStatus = (typeof paymentAttemptStatuses)[number];

/**
 * One try at paying an amount the server decided, through a gateway. At most one is pending per
 * booking; a paid one has exactly one payment in the ledger.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    userId: requiredRef('user_id', () => users.id),
    gateway: text('gateway').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('USD'),
    status: text('status').notNull().default('pending'),
    /** A number for gateways that want one (Pay-me's purchaseOperationNumber). */
    operationNumber: bigint('operation_number', { mode: 'number' })
      .notNull()
      .generatedAlwaysAsIdentity({ startWith: 100001 }),
    /** The gateway's own id of the charge, once it has one. */
    gatewayReference: text('gateway_reference'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * When the gateway confirmed that this attempt can no longer take money (its checkout closed,
     * or a final answer). A cancelled or expired attempt without it is asked about again by the
     * reconciliation job, for as long as the gateway can report it.
     */
    gatewayFinalAt: timestamp('gateway_final_at', { withTimezone: true }),
    /** When reconciliation last asked the gateway about it: it asks the least recent first. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_attempts_one_open_per_booking')
      .on(t.bookingId)
      .where(sql`${t.status} = 'pending'`),
    unique('payment_attempts_operation_number_unique').on(t.operationNumber),
    index('payment_attempts_status_idx').on(t.status, t.createdAt),
    index('payment_attempts_booking_idx').on(t.bookingId, t.createdAt),
    check('payment_attempts_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'payment_attempts_status_valid',
      sql`${t.status} in ('pending', 'paid', 'declined', 'cancelled', 'expired', 'refund_required')`,
    ),
  ],
);

/** Every notification a gateway sent, verified or not, and what came of it (an audit trail). */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: text('gateway').notNull(),
    attemptId: uuid('attempt_id').references(() => paymentAttempts.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_notifications_attempt_idx').on(t.attemptId)],
);

/**
 * The sandbox gateway's own records (it stands in for an outside card gateway). Never holds card
 * numbers: only the outcome and the card's last four digits.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  /** The merchant's transaction id (our payment attempt). */
  transactionId: uuid('transaction_id').primaryKey(),
  /** The gateway's id of the charge. */
  reference: text('reference').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  bookingCode: text('booking_code').notNull(),
  description: text('description').notNull(),
  status: text('status').notNull().default('open'),
  /** What was given back of the charge (refunds), never more than it took. */
  refundedCents: integer('refunded_cents').notNull().default(0),
  cardLast4: text('card_last4'),
  /** When the checkout stops taking cards: its attempt's expiry (null for older charges). */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Incidents (customers' requests about a booking)
// ---------------------------------------------------------------------------------------------

export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    userId: requiredRef('user_id', () => users.id),
    typeId: requiredRef('type_id', () => incidentTypes.id),
    statusId: requiredRef('status_id', () => incidentStatuses.id),
    /** The subject (free-subject type) or the type's name. */
    name: text('name').notNull(),
    /** The customer's message. */
    description: text('description').notNull().default(''),
    /** The passenger a remove-passenger request is about. */
    targetSlotId: uuid('target_slot_id').references(() => passengerSlots.id, {
      onDelete: 'set null',
    }),
    /** The service line a remove-service request is about. */
    targetServiceLineId: uuid('target_service_line_id').references(() => bookingServiceLines.id, {
      onDelete: 'set null',
    }),
    /** A remove-passenger request about every passenger: it cancels the booking (issue 26). */
    targetEveryPassenger: boolean('target_every_passenger').notNull().default(false),
    /** Written by the agency only. */
    observation: text('observation'),
    response: text('response'),
    adviserId: uuid('adviser_id'),
    createdAt: createdAt(),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('incidents_booking_idx').on(t.bookingId),
    check('incidents_name_not_empty', sql`length(trim(${t.name})) > 0`),
    check(
      'incidents_every_passenger_alone',
      sql`not (${t.targetEveryPassenger} and ${t.targetSlotId} is not null)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// The back office
// ---------------------------------------------------------------------------------------------

/**
 * The audit trail: every staff action, who and when, what it acted on, and the state before and
 * after, written in the transaction of the change. Append-only: a trigger refuses any update or
 * delete (migration 0008).
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: requiredRef('staff_user_id', () => users.id),
    /** What was done, e.g. `incident.answer`. */
    action: text('action').notNull(),
    /** The booking it concerns, when it concerns one. */
    bookingId: uuid('booking_id').references(() => bookings.id),
    /** The row acted on (an incident's id, a payment attempt's id…). */
    subjectId: uuid('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_entries_booking_idx').on(t.bookingId, t.createdAt),
    index('audit_entries_staff_idx').on(t.staffUserId, t.createdAt),
  ],
);

/**
 * Notes only staff see (issue 28), on a booking or on one of its requests (`incidentId`): never
 * in any customer's answer. Append-only, like the audit trail: a note is corrected by another.
 */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    /** The request it is about; null: a note on the booking itself. */
    incidentId: uuid('incident_id').references(() => incidents.id, { onDelete: 'cascade' }),
    staffUserId: requiredRef('staff_user_id', () => users.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_notes_booking_idx').on(t.bookingId, t.createdAt),
    index('staff_notes_incident_idx').on(t.incidentId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// E-mail (issue 15)
// ---------------------------------------------------------------------------------------------

/**
 * The outbox: one row per e-mail to send, written in the transaction of the event that causes
 * it, unique on (kind, subject, reason) so that a replayed event sends nothing twice. The worker
 * (modules/outbox/worker.ts) claims due rows with FOR UPDATE SKIP LOCKED, renders and sends them,
 * and records the outcome; a failure is retried later, with exponential backoff.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What is sent: welcome, booking_confirmation, receipt, balance_reminder… (one template each in modules/mail/templates/). */
    kind: text('kind').notNull(),
    /** What it is about: a booking, a user, a request, a reset link. */
    subjectId: uuid('subject_id').notNull(),
    /** Why this one: the ledger entry of a receipt, the 30/14/7 days of a reminder… */
    reason: text('reason').notNull().default(''),
    /** The account it is written to (its e-mail address, and its language after the booking's). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The address of a message to someone without an account (a complaint's copy, issue 30);
     * null when it goes to the account's address.
     */
    toAddress: text('to_address'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    /** customer: the account's address; operations: the agency's (AGENCY_OPERATIONS_EMAIL). */
    audience: text('audience').notNull().default('customer'),
    /** Set when the event knows it (the page a reset was asked on); else the booking's, the user's. */
    language: text('language', { enum: mailLanguages }),
    /** The event's own figures (a receipt's amount, method and balance), as they were then. */
    data: jsonb('data').notNull().default({}),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may take it (again): now, after a backoff, or after a claim's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** What went out: the address and the subject, and the transport that took it. */
    recipient: text('recipient'),
    subject: text('subject'),
    transport: text('transport'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('outbox_event_unique').on(t.kind, t.subjectId, t.reason),
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_booking_idx').on(t.bookingId),
    index('outbox_user_idx').on(t.userId),
    check('outbox_status_valid', sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
    check('outbox_audience_valid', sql`${t.audience} in ('customer', 'operations')`),
    check('outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
    check('outbox_language_valid', sql`${t.language} in ('en', 'es')`),
    check('outbox_has_recipient', sql`${t.userId} is not null or ${t.toAddress} is not null`),
  ],
);

/**
 * The embedded transport's mailbox: without SMTP_URL nothing leaves the machine, and each
 * message is kept here as it would have been sent, attachments included (the back office's
 * #/admin/mail shows them).
 */
export const mailMessages = pgTable('mail_messages', {
  outboxId: uuid('outbox_id')
    .primaryKey()
    .references(() => outbox.id, { onDelete: 'cascade' }),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** [{ filename, contentType, content (base64) }]. */
  attachments: jsonb('attachments').notNull().default([]),
  createdAt: createdAt(),
});

/**
 * A link sent by e-mail (a password reset, or a guest's sign-in): only the token's SHA-256 is
 * stored; it works once, until it expires.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * reset: "Forgot your password?" (30 minutes, sets a password); sign_in: the link in a
     * passwordless account's booking e-mail (7 days, opens a session; ADR 0039).
     */
    purpose: text('purpose').$type<'reset' | 'sign_in'>().notNull().default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_user_idx').on(t.userId, t.createdAt),
    check('password_resets_purpose_valid', sql`${t.purpose} in ('reset', 'sign_in')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Trek operations (issue 29): the crew, what is bought per person, and the lock it puts
// ---------------------------------------------------------------------------------------------

/** The roles of the people who work departures. */
export const crewRoles = [
  'guide',
  'assistant_guide',
  'cook',
  'porter',
  'horseman',
  'driver',
] as const;

/** The documents a crew member is registered with. */
export const crewDocumentTypes = ['dni', 'passport', 'foreign_card'] as const;

/**
 * The roster of people who work departures: staff-only data (a customer never sees it). Their
 * identity is what the government registers before the travellers' (since 2023).
 */
export const crewMembers = pgTable(
  'crew_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: crewRoles }).notNull(),
    documentType: text('document_type', { enum: crewDocumentTypes }).notNull(),
    documentNumber: text('document_number').notNull(),
    countryId: char('country_id', { length: 2 })
      .notNull()
      .references(() => countries.id),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    sex: text('sex', { enum: ['female', 'male'] }),
    phone: text('phone').notNull().default(''),
    /** Languages spoken, as ISO 639-1 codes (es, en, qu…). */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    /** A guide's official licence: its number and the last day it is valid. */
    licenceNumber: text('licence_number'),
    licenceExpiry: date('licence_expiry', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('crew_members_document_unique').on(t.documentType, t.documentNumber),
    check(
      'crew_members_role_valid',
      sql`${t.role} in ('guide', 'assistant_guide', 'cook', 'porter', 'horseman', 'driver')`,
    ),
    check(
      'crew_members_document_type_valid',
      sql`${t.documentType} in ('dni', 'passport', 'foreign_card')`,
    ),
    check('crew_members_sex_valid', sql`${t.sex} is null or ${t.sex} in ('female', 'male')`),
  ],
);

/**
 * A crew member on a departure (the tour's day): from its first day to its last (the tour's
 * days), stored so that overlapping assignments of one person are found by one query. Written
 * under the departure's row lock (the permits) and the member's row lock (the overlaps).
 */
export const crewAssignments = pgTable(
  'crew_assignments',
  {
    tourId: uuid('tour_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    crewMemberId: requiredRef('crew_member_id', () => crewMembers.id),
    /** The role on this departure (by default the member's own). */
    role: text('role', { enum: crewRoles }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    assignedBy: requiredRef('assigned_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tourId, t.date, t.crewMemberId] }),
    foreignKey({
      name: 'crew_assignments_departure_fk',
      columns: [t.tourId, t.date],
      foreignColumns: [departures.tourId, departures.date],
    }).onDelete('cascade'),
    index('crew_assignments_member_idx').on(t.crewMemberId, t.date),
    check('crew_assignments_days', sql`${t.lastDay} >= ${t.date}`),
    check(
      'crew_assignments_role_valid',
      sql`${t.role} in ('guide', 'assistant_guide', 'cook', 'porter', 'horseman', 'driver')`,
    ),
  ],
);

/** The kinds of things bought per person for a departure. */
export const purchaseItemKinds = ['permit', 'entry', 'train', 'bus'] as const;

/**
 * What a tour needs bought for each person of a departure (issue 29): the Inca Trail permit, the
 * Machu Picchu entry (circuit, route, hour), a train (direction, time, class), the bus. `crewRoles`:
 * the crew roles that need it too (the permit: everyone on the trail).
 */
export const tourPurchaseItems = pgTable(
  'tour_purchase_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourId: tourRef(),
    kind: text('kind', { enum: purchaseItemKinds }).notNull(),
    /** Entry: circuit, route, hour ("2", "3-B", "10:00"); train: direction, time, class. */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    /** Buy by this many days before the travel date (the data must be complete by then). */
    buyDaysBefore: integer('buy_days_before').notNull().default(0),
    crewRoles: text('crew_roles').array().notNull().default(sql`'{}'::text[]`),
    sortOrder: sortOrder(),
  },
  (t) => [
    check('tour_purchase_items_kind_valid', sql`${t.kind} in ('permit', 'entry', 'train', 'bus')`),
    check('tour_purchase_items_buy_days_range', sql`${t.buyDaysBefore} between 0 and 400`),
    index('tour_purchase_items_tour_idx').on(t.tourId, t.sortOrder),
  ],
);

/**
 * An item bought (or its purchase cancelled) for one person of a departure: a traveller (the
 * booking's passenger slot) or a crew member. `bought` locks that person's names, nationality,
 * birth date and document number (modules/operations/locks.ts); `person` keeps the data it was
 * bought with. One bought row per item and person: buying again first cancels.
 */
export const personPurchases = pgTable(
  'person_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourId: uuid('tour_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    itemId: requiredRef('item_id', () => tourPurchaseItems.id, { onDelete: 'cascade' }),
    passengerSlotId: uuid('passenger_slot_id').references(() => passengerSlots.id, {
      onDelete: 'cascade',
    }),
    crewMemberId: uuid('crew_member_id').references(() => crewMembers.id),
    status: text('status', { enum: ['bought', 'cancelled'] })
      .notNull()
      .default('bought'),
    /** The government's reference of the purchase. */
    reference: text('reference').notNull(),
    boughtOn: date('bought_on', { mode: 'string' }).notNull(),
    person: jsonb('person').$type<Record<string, string | null>>().notNull(),
    recordedBy: requiredRef('recorded_by', () => users.id),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'person_purchases_one_person',
      sql`(${t.passengerSlotId} is null) <> (${t.crewMemberId} is null)`,
    ),
    check('person_purchases_status_valid', sql`${t.status} in ('bought', 'cancelled')`),
    uniqueIndex('person_purchases_slot_bought_unique')
      .on(t.itemId, t.passengerSlotId)
      .where(sql`${t.status} = 'bought' and ${t.passengerSlotId} is not null`),
    uniqueIndex('person_purchases_crew_bought_unique')
      .on(t.itemId, t.date, t.crewMemberId)
      .where(sql`${t.status} = 'bought' and ${t.crewMemberId} is not null`),
    index('person_purchases_day_idx').on(t.tourId, t.date),
    index('person_purchases_slot_idx').on(t.passengerSlotId),
  ],
);

/**
 * A traveller's request to change a locked passport or last name (issue 29): the scans of the
 * old and the new document, refused after the tour's cutoff; staff confirm once the new permit is
 * bought, which writes the new data and adds the repurchase fee to the booking.
 */
export const documentChangeRequests = pgTable(
  'document_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    passengerSlotId: requiredRef('passenger_slot_id', () => passengerSlots.id, {
      onDelete: 'cascade',
    }),
    /** What changes: { lastName?, documentNumber?, countryId?, documentTypeId? }. */
    changes: jsonb('changes').$type<Record<string, string>>().notNull(),
    /** The data before the change, as the permits were bought with it. */
    previous: jsonb('previous').$type<Record<string, string | null>>().notNull(),
    oldScanMime: text('old_scan_mime').notNull(),
    oldScan: bytea('old_scan').notNull(),
    newScanMime: text('new_scan_mime').notNull(),
    newScan: bytea('new_scan').notNull(),
    status: text('status', { enum: ['requested', 'confirmed', 'refused', 'withdrawn'] })
      .notNull()
      .default('requested'),
    feeCents: integer('fee_cents').notNull().default(0),
    requestedBy: requiredRef('requested_by', () => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Staff's reason when refusing. */
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'document_change_requests_status_valid',
      sql`${t.status} in ('requested', 'confirmed', 'refused', 'withdrawn')`,
    ),
    check(
      'document_change_requests_scans_valid',
      sql`${t.oldScanMime} in ('image/jpeg', 'image/png', 'application/pdf') and ${t.newScanMime} in ('image/jpeg', 'image/png', 'application/pdf') and octet_length(${t.oldScan}) between 1 and 1048576 and octet_length(${t.newScan}) between 1 and 1048576`,
    ),
    check('document_change_requests_fee_range', sql`${t.feeCents} between 0 and 10000000`),
    // One open request per passenger at a time.
    uniqueIndex('document_change_requests_open_unique')
      .on(t.passengerSlotId)
      .where(sql`${t.status} = 'requested'`),
    index('document_change_requests_booking_idx').on(t.bookingId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Receipts (issue 30): SUNAT's electronic boletas, facturas, credit notes, voidings
// ---------------------------------------------------------------------------------------------

/**
 * A gapless counter: a receipt series (B001, F001, BC01, FC01), the complaints book, a day's
 * voiding notices and summaries (RA-20261126, RC-20261126). Taken with one UPDATE … RETURNING in
 * the transaction that uses the number, so that a rolled-back transaction gives it back and two
 * nodes never take the same one.
 */
export const counters = pgTable(
  'counters',
  {
    name: text('name').primaryKey(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [check('counters_last_value_non_negative', sql`${t.lastValue} >= 0`)],
);

/**
 * The day's exchange rate (soles per unit of the currency), entered by staff: a receipt in a
 * currency other than PEN stores the rate of its day, or of the last day before it that has one.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Soles per unit, e.g. '3.745' (SUNAT's rates have three decimals). */
    rate: text('rate').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.currency] }),
    check(
      'exchange_rates_currency_valid',
      sql`${t.currency} ~ '^[A-Z]{3}$' and ${t.currency} <> 'PEN'`,
    ),
    check(
      'exchange_rates_rate_valid',
      sql`${t.rate} ~ '^[0-9]{1,3}\\.[0-9]{1,4}$' and ${t.rate}::numeric > 0`,
    ),
  ],
);

/**
 * What a ledger entry gave the receipts (issue 30): each entry is looked at once, in the order of
 * the booking's ledger. `done`: its documents are written (or it needed none); `waiting`: it waits
 * for what `reason` names (a passport, an exchange rate), and the entries after it wait behind it.
 * An entry without a row here has not been looked at yet: the sweeper finds it, so none is skipped.
 */
export const receiptEntries = pgTable(
  'receipt_entries',
  {
    ledgerEntryId: uuid('ledger_entry_id')
      .primaryKey()
      .references(() => ledgerEntries.id, { onDelete: 'cascade' }),
    bookingId: bookingRef(),
    status: text('status').notNull(),
    reason: text('reason'),
    /** The reason's details for staff (the travellers whose passport is missing…). */
    details: jsonb('details').notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('receipt_entries_booking_idx').on(t.bookingId),
    index('receipt_entries_waiting_idx').on(t.status).where(sql`${t.status} = 'waiting'`),
    check('receipt_entries_status_valid', sql`${t.status} in ('done', 'waiting')`),
    check(
      'receipt_entries_reason_when_waiting',
      sql`(${t.status} = 'waiting') = (${t.reason} is not null)`,
    ),
  ],
);

/**
 * An electronic receipt: a factura (01) or boleta (03), or a credit note (07) that references
 * one. Numbered from its series' counter in the transaction that writes it; its signed UBL 2.1
 * XML kept as issued; sent to SUNAT through the configured issuer (local, or a PSE) and retried
 * with backoff until answered. Never deleted nor renumbered: a mistake is voided and issued again.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    /** The ledger entry it documents: a payment's receipt, a refund's or discount's note. */
    ledgerEntryId: requiredRef('ledger_entry_id', () => ledgerEntries.id),
    /** SUNAT's catalogue 01: 01 factura, 03 boleta, 07 credit note. */
    documentType: char('document_type', { length: 2 }).notNull(),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** A credit note's receipt, and its reason (catalogue 09: 01 cancellation, 04 discount…). */
    referencesReceiptId: uuid('references_receipt_id').references((): AnyPgColumn => receipts.id),
    noteType: char('note_type', { length: 2 }),
    /** The receipt this one replaces after that one was voided. */
    replacesReceiptId: uuid('replaces_receipt_id').references((): AnyPgColumn => receipts.id),
    /** Catalogue 51: 0101 domestic sale, 0205 export of a tourist package's services. */
    operationType: char('operation_type', { length: 4 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Soles per unit of the currency on the issue date; null for PEN. */
    exchangeRate: text('exchange_rate'),
    /** The customer: { documentType (catalogue 06), documentNumber, name, address? }. */
    customer: jsonb('customer').notNull(),
    /** The lines as issued: description, quantity, unit value, affectation (catalogue 07)… */
    lines: jsonb('lines').notNull(),
    /** Taxed value (before IGV), export value (0 %), IGV, total: total = taxed + export + IGV. */
    taxedCents: integer('taxed_cents').notNull(),
    exportCents: integer('export_cents').notNull(),
    igvCents: integer('igv_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The signed UBL 2.1 document, and its signature's digest (the QR code's hash). */
    xml: text('xml').notNull(),
    digest: text('digest').notNull(),
    /**
     * issued: signed, not yet answered; accepted / rejected: SUNAT's word (through the issuer);
     * voiding: in a voiding notice or summary not yet answered; voided.
     */
    status: text('status').notNull().default('issued'),
    /** The issuer that takes it (local, nubefact) and its last answer (code, description, links). */
    provider: text('provider').notNull(),
    providerAnswer: jsonb('provider_answer'),
    sendAttempts: integer('send_attempts').notNull().default(0),
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    unique('receipts_number_unique').on(t.series, t.number),
    index('receipts_booking_idx').on(t.bookingId, t.createdAt),
    index('receipts_issue_date_idx').on(t.issueDate),
    index('receipts_ledger_entry_idx').on(t.ledgerEntryId),
    index('receipts_references_idx').on(t.referencesReceiptId),
    index('receipts_due_idx').on(t.nextSendAt).where(sql`${t.nextSendAt} is not null`),
    check('receipts_document_type_valid', sql`${t.documentType} in ('01', '03', '07')`),
    check(
      'receipts_series_valid',
      sql`${t.series} ~ '^[FB][A-Z0-9]{3}$' and (${t.documentType} <> '01' or ${t.series} like 'F%') and (${t.documentType} <> '03' or ${t.series} like 'B%')`,
    ),
    check('receipts_number_range', sql`${t.number} between 1 and 99999999`),
    check(
      'receipts_note_references',
      sql`(${t.documentType} = '07') = (${t.referencesReceiptId} is not null) and (${t.documentType} = '07') = (${t.noteType} is not null)`,
    ),
    check('receipts_operation_type_valid', sql`${t.operationType} in ('0101', '0205')`),
    check('receipts_currency_valid', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('receipts_rate_when_foreign', sql`(${t.currency} = 'PEN') = (${t.exchangeRate} is null)`),
    check(
      'receipts_amounts_consistent',
      sql`${t.taxedCents} >= 0 and ${t.exportCents} >= 0 and ${t.igvCents} >= 0 and ${t.totalCents} > 0 and ${t.totalCents} = ${t.taxedCents} + ${t.exportCents} + ${t.igvCents}`,
    ),
    check(
      'receipts_status_valid',
      sql`${t.status} in ('issued', 'accepted', 'rejected', 'voiding', 'voided')`,
    ),
    check('receipts_send_attempts_non_negative', sql`${t.sendAttempts} >= 0`),
  ],
);

/**
 * A voiding notice (RA, comunicación de baja: facturas and their notes) or a daily summary that
 * voids boletas (RC, resumen diario, condition 3): SUNAT answers it later with a ticket.
 */
export const receiptVoidings = pgTable(
  'receipt_voidings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** RA or RC. */
    kind: char('kind', { length: 2 }).notNull(),
    /** RA-20261126-1: the kind, the day it is sent, that day's counter. */
    identifier: text('identifier').notNull().unique(),
    /** The day of the documents it voids (their issue date). */
    referenceDate: date('reference_date', { mode: 'string' }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    xml: text('xml').notNull(),
    digest: text('digest').notNull(),
    /** issued → accepted / rejected, as the receipts. */
    status: text('status').notNull().default('issued'),
    provider: text('provider').notNull(),
    providerAnswer: jsonb('provider_answer'),
    sendAttempts: integer('send_attempts').notNull().default(0),
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    check('receipt_voidings_kind_valid', sql`${t.kind} in ('RA', 'RC')`),
    check('receipt_voidings_status_valid', sql`${t.status} in ('issued', 'accepted', 'rejected')`),
    check('receipt_voidings_reason_length', sql`char_length(${t.reason}) between 1 and 100`),
    index('receipt_voidings_due_idx').on(t.nextSendAt).where(sql`${t.nextSendAt} is not null`),
  ],
);

/** The receipts a voiding notice or summary voids: a receipt is voided once. */
export const receiptVoidingItems = pgTable(
  'receipt_voiding_items',
  {
    voidingId: requiredRef('voiding_id', () => receiptVoidings.id),
    receiptId: requiredRef('receipt_id', () => receipts.id),
  },
  (t) => [
    primaryKey({ columns: [t.voidingId, t.receiptId] }),
    unique('receipt_voiding_items_receipt_unique').on(t.receiptId),
  ],
);

// ---------------------------------------------------------------------------------------------
// The complaints book (issue 30): Libro de Reclamaciones virtual
// ---------------------------------------------------------------------------------------------

/**
 * A complaint (reclamo: about the service) or grievance (queja: about the treatment), filed on
 * the public page: numbered from the `complaints` counter, answered by staff within 15 working
 * days (Peru's public holidays excluded). Never updated but to answer it, never deleted.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The book's correlative number (1, 2, 3…), shown as 2026-000001 with its year. */
    number: integer('number').notNull().unique(),
    kind: text('kind').notNull(),
    consumerName: text('consumer_name').notNull(),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    /** A minor's complaint is filed by a parent or guardian (their name). */
    isMinor: boolean('is_minor').notNull().default(false),
    guardianName: text('guardian_name'),
    /** What was contracted: the service (a tour, a booking's code) and its amount. */
    service: text('service').notNull(),
    bookingCode: text('booking_code'),
    amountCents: integer('amount_cents'),
    currency: char('currency', { length: 3 }),
    detail: text('detail').notNull(),
    request: text('request').notNull(),
    language: text('language', { enum: mailLanguages }).notNull(),
    /** The last working day to answer it (15 working days after it was filed, in Lima). */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('open'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('complaints_kind_valid', sql`${t.kind} in ('complaint', 'grievance')`),
    check('complaints_number_positive', sql`${t.number} >= 1`),
    check('complaints_status_valid', sql`${t.status} in ('open', 'answered')`),
    check(
      'complaints_answer_consistent',
      sql`(${t.status} = 'answered') = (${t.answer} is not null) and (${t.answer} is null) = (${t.answeredAt} is null)`,
    ),
    check('complaints_guardian_for_minor', sql`not ${t.isMinor} or ${t.guardianName} is not null`),
    check(
      'complaints_amount_consistent',
      sql`(${t.amountCents} is null) = (${t.currency} is null) and (${t.amountCents} is null or ${t.amountCents} >= 0)`,
    ),
    check('complaints_language_valid', sql`${t.language} in ('en', 'es')`),
    index('complaints_status_due_idx').on(t.status, t.dueDate),
    index('complaints_created_idx').on(t.createdAt),
  ],
);

/**
 * A reseller's OCTO API key (issue 31, ADR 0050): made by an administrator for a corporate client,
 * shown once, stored only as its SHA-256 (a key is 32 random bytes: no slow hash is needed to stop
 * guessing it). Its bookings are the company's, filed under `user_id` (a user of the company, whose
 * portal lists them). A revoked key is refused on every node at once: each request reads the row.
 */
export const resellerKeys = pgTable(
  'reseller_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateClientId: requiredRef('corporate_client_id', () => corporateClients.id),
    userId: requiredRef('user_id', () => users.id),
    label: text('label').notNull(),
    /** The key's first characters, shown to tell keys apart (never enough to use it). */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** Requests a minute the key may make (429 with Retry-After beyond). */
    ratePerMinute: integer('rate_per_minute').notNull().default(120),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
  },
  (t) => [
    check('reseller_keys_label_length', sql`char_length(${t.label}) between 1 and 100`),
    check('reseller_keys_rate_range', sql`${t.ratePerMinute} between 1 and 6000`),
    check('reseller_keys_hash_shape', sql`${t.keyHash} ~ '^[0-9a-f]{64}$'`),
    index('reseller_keys_client_idx').on(t.corporateClientId),
  ],
);

/**
 * What guides do on the trail (issue 32, ADR 0051): a check-in, a no-show or a note, recorded on
 * the phone (offline as often as not) and sent when it has a network. The id is the phone's own
 * for the action, so a retry never records it twice. A traveller has one applied check-in or
 * no-show at most (the first to reach the server wins); a later one is kept as a conflict.
 */
export const trailActions = pgTable(
  'trail_actions',
  {
    id: uuid('id').primaryKey(),
    tourId: requiredRef('tour_id', () => tours.id),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: trailActionKinds }).notNull(),
    /** The traveller; null for a note about the departure as a whole. */
    passengerSlotId: uuid('passenger_slot_id').references(() => passengerSlots.id, {
      onDelete: 'cascade',
    }),
    /** How a check-in was made: the voucher's QR code or the name tapped. */
    method: text('method', { enum: checkInMethods }),
    note: text('note').notNull().default(''),
    /** applied, or conflict: another guide's check-in or no-show of the traveller came first. */
    outcome: text('outcome', { enum: trailOutcomes }).notNull(),
    recordedBy: requiredRef('recorded_by', () => users.id),
    /** The phone that sent it (an id the app makes once per installation). */
    deviceId: text('device_id').notNull(),
    /** When the guide did it, by the phone's clock. */
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'trail_actions_departure_fk',
      columns: [t.tourId, t.date],
      foreignColumns: [departures.tourId, departures.date],
    }).onDelete('cascade'),
    index('trail_actions_departure_idx').on(t.tourId, t.date, t.receivedAt),
    uniqueIndex('trail_actions_attendance_unique')
      .on(t.passengerSlotId)
      .where(sql`${t.kind} in ('check_in', 'no_show') and ${t.outcome} = 'applied'`),
    check('trail_actions_kind_valid', sql`${t.kind} in ('check_in', 'no_show', 'note')`),
    check('trail_actions_method_valid', sql`${t.method} is null or ${t.method} in ('qr', 'name')`),
    check('trail_actions_outcome_valid', sql`${t.outcome} in ('applied', 'conflict')`),
    check('trail_actions_traveller', sql`${t.kind} = 'note' or ${t.passengerSlotId} is not null`),
    check('trail_actions_note_length', sql`char_length(${t.note}) <= 2000`),
    check('trail_actions_device_length', sql`char_length(${t.deviceId}) between 1 and 64`),
  ],
);

/** When each guide's phone last synced a departure (issue 32): the back office shows it. */
export const trailSyncs = pgTable(
  'trail_syncs',
  {
    tourId: requiredRef('tour_id', () => tours.id),
    date: date('date', { mode: 'string' }).notNull(),
    userId: requiredRef('user_id', () => users.id),
    deviceId: text('device_id').notNull(),
    /** What the sync was: the departure downloaded, or actions sent. */
    kind: text('kind', { enum: ['download', 'actions'] }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tourId, t.date, t.userId, t.deviceId] }),
    check('trail_syncs_kind_valid', sql`${t.kind} in ('download', 'actions')`),
    check('trail_syncs_device_length', sql`char_length(${t.deviceId}) between 1 and 64`),
  ],
);

/**
 * The keys that sign vouchers' QR codes (issue 32, ECDSA P-256): the newest unretired key
 * signs; every unretired key's public half goes to the guides' phones, which verify offline. The
 * private key is null when it comes from configuration (VOUCHER_SIGNING_KEY).
 */
export const voucherKeys = pgTable(
  'voucher_keys',
  {
    /** The key's id in a QR code: the first 8 characters of its public key's SHA-256 (base64url). */
    kid: text('kid').primaryKey(),
    /** SubjectPublicKeyInfo (DER), base64url. */
    publicKey: text('public_key').notNull(),
    /** PKCS #8 (DER), base64url; null for a key set by configuration. */
    privateKey: text('private_key'),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [check('voucher_keys_kid_shape', sql`${t.kid} ~ '^[A-Za-z0-9_-]{8}$'`)],
);
