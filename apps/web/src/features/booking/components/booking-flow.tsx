import type { Tour } from '@cusco/shared';
import { Box, Grid, Title } from '@mantine/core';
import { useState } from 'react';
import { useDrawnLater } from '../../../lib/drawn-later.ts';
import { usePhone } from '../../../lib/media.ts';
import type { BookingVariant } from '../api/get-tour.ts';
import { useBookingDraft } from '../hooks/use-booking-draft.ts';
import { useReserve } from '../hooks/use-reserve.ts';
import { useStepInAddress } from '../hooks/use-step-in-address.ts';
import { stepOneProblem } from '../model/draft.ts';
import { BookingStepper } from './booking-stepper.tsx';
import { BookingSummary } from './booking-summary.tsx';
import { MobileTotalBar } from './mobile-total-bar.tsx';
import { STEP_CHOOSE, STEP_PAYMENT } from './step-chrome.tsx';
import { TourInfo } from './tour-info.tsx';

/** The booking page (spec §2, §4): the tour, its three steps, and the summary beside them. */
export function BookingFlow({ tour, variant }: { tour: Tour; variant: BookingVariant }) {
  const draft = useBookingDraft(tour, variant);
  const saving = useReserve(tour, variant);
  const address = useStepInAddress();
  // A later step asked for by the address (a bookmark, a refresh) with nothing chosen yet
  // starts at step 1, as the Reserve button would have.
  const unready =
    address.active !== STEP_CHOOSE && !saving.saved && stepOneProblem(draft.draft, tour) !== null;
  const step = { active: unready ? STEP_CHOOSE : address.active, go: address.go };
  const compact = usePhone();
  // On a phone the summary comes after the steps, out of the first screenful: drawn just after it.
  const later = useDrawnLater();
  const [termsOpen, setTermsOpen] = useState(false);

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Title order={1} size="h2" mb="xs">
          {tour.name}
        </Title>
        <Box mb="lg">
          <TourInfo
            tour={tour}
            variant={variant === 'corporate' ? 'corporate' : 'standard'}
            terms={termsOpen}
            onTerms={setTermsOpen}
          />
        </Box>
        <BookingStepper
          tour={tour}
          variant={variant}
          compact={compact}
          step={step}
          draft={draft}
          saving={saving}
          onOpenTerms={() => setTermsOpen(true)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Box style={{ position: 'sticky', top: 16 }} id="booking-summary">
          {(later || !compact) && (
            <BookingSummary
              tour={tour}
              draft={draft.draft}
              quote={draft.quote}
              code={saving.saved?.code ?? null}
              // A corporate booking is on credit: no deposit to pay (issue 12, bug 7).
              showPartial={step.active === STEP_PAYMENT && variant !== 'corporate'}
            />
          )}
        </Box>
      </Grid.Col>
      {compact && <MobileTotalBar quote={draft.quote} />}
    </Grid>
  );
}
