import { useMediaQuery } from '@mantine/hooks';

/** Mantine's `sm` breakpoint: below it, the screens take their phone layout. */
const PHONE = '(max-width: 48em)';

/**
 * Whether the screen is a phone's. Read at once, not after a first render with the desktop
 * layout (which would shift the page as it loads).
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE, undefined, { getInitialValueInEffect: false });
}
