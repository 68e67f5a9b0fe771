import type {
  zAvailability,
  zAvailabilityCalendar,
  zBooking,
  zContact,
  zOption,
  zPricing,
  zProduct,
  zSupplier,
  zUnit,
  zUnitItem,
} from '@octocloud/types';

/**
 * OCTO's answer shapes, as @octocloud/types' own schemas define them (their output types: string
 * unions rather than the package's TypeScript enums, so that the answers are plain objects). Only
 * types are imported: the package is not loaded at run time.
 */
type Output<Schema extends { _output: unknown }> = Schema['_output'];

export type Availability = Output<typeof zAvailability>;
export type AvailabilityCalendar = Output<typeof zAvailabilityCalendar>;
export type Booking = Output<typeof zBooking>;
export type Contact = Output<typeof zContact>;
export type Option = Output<typeof zOption>;
export type Pricing = Output<typeof zPricing>;
export type Product = Output<typeof zProduct>;
export type Supplier = Output<typeof zSupplier>;
export type Unit = Output<typeof zUnit>;
export type UnitItem = Output<typeof zUnitItem>;
