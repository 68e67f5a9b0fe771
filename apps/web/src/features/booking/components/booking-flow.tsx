import {
  type BookingSaveResponse,
  bookingLimitsOfTour,
  bookingQuote as bookingQuoteSchema,
  fromCents,
  type MessageKey,
  type PaymentMode,
  pricingCatalogFromTour,
  requestFromQuote,
  type Tour,
} from '@cusco/shared';
import { Box, Button, Grid, Group, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { showAlert, showErrorModal } from '../../../lib/error-modal.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { randomId } from '../../../lib/ids.ts';
import { bookingsKey } from '../../../lib/queries/booking-list.ts';
import { useSessionUser } from '../../../lib/session.ts';
import type { BookingVariant } from '../api/get-tour.ts';
import { useSaveBooking } from '../api/save-booking.ts';
import {
  addHotelRow,
  type BookingDraft,
  capCount,
  capServiceQuantity,
  draftLimitProblem,
  initialDraft,
  type LimitMessage,
  priceDraft,
  stepOneProblem,
  toSelection,
} from '../model/draft.ts';
import { labelOf } from '../model/labels.ts';
import { BookingSummary } from './booking-summary.tsx';
import { PayNow } from './pay-now.tsx';
import { StepChoose } from './step-choose.tsx';
import { StepContact } from './step-contact.tsx';
import { StepPayment } from './step-payment.tsx';
import { TourInfo } from './tour-info.tsx';

const STEP_CHOOSE = 0;
const STEP_CONTACT = 1;
const STEP_PAYMENT = 2;

/** The three steps of the booking page (spec §2, §4) and the summary beside them. */
export function BookingFlow({ tour, variant }: { tour: Tour; variant: BookingVariant }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useSessionUser();
  const catalog = useMemo(() => pricingCatalogFromTour(tour), [tour]);
  const limits = useMemo(() => bookingLimitsOfTour(tour), [tour]);
  const [draft, setDraft] = useState<BookingDraft>(() => initialDraft(tour));
  /** Why the number just typed was lowered to stay within the tour's limits. */
  const [limitNotice, setLimitNotice] = useState<LimitMessage | null>(null);
  /** Counts the times Reserve was refused for a broken limit (its message is announced again). */
  const [limitRefusals, setLimitRefusals] = useState(0);
  const [step, setStep] = useState(STEP_CHOOSE);
  const [isPassenger, setIsPassenger] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [paymentMode, setPaymentMode] = useState<PaymentMode>('T');
  const [saved, setSaved] = useState<BookingSaveResponse | null>(null);
  const save = useSaveBooking();
  /** One Idempotency-Key per distinct request: a repeated click never saves twice. */
  const keys = useRef(new Map<string, string>());

  const priced = priceDraft(catalog, draft, tour);
  const quote = priced.ok ? priced.quote : null;
  const limitProblem = draftLimitProblem(draft, tour, limits);
  const alert = (key: MessageKey, params?: Record<string, string>) =>
    showAlert(t('common.error'), t(`msg:${key}`, params));

  /**
   * Applies a change and re-prices at once. A passenger type without a price is reported with
   * the spec's message and its count is cleared (spec §5 price lookup).
   */
  const update = (change: (current: BookingDraft) => BookingDraft) => {
    let next = change(draft);
    let result = priceDraft(catalog, next, tour);
    let reported = false;
    while (!result.ok && result.error.code === 'noPrices') {
      const missing = result.error.customerTypeId;
      if (!reported) {
        alert('noPrices', {
          customerType: labelOf(tour.customerTypes, missing),
          category: labelOf(tour.categories, next.categoryId),
          type: labelOf(tour.types, next.typeId),
        });
        reported = true;
      }
      const { [missing]: _cleared, ...counts } = next.counts;
      next = { ...next, counts };
      result = priceDraft(catalog, next, tour);
    }
    setDraft(next);
    setLimitNotice(null);
  };

  /**
   * The tour's limits on a broken draft (e.g. fewer passengers than sleeping bags chosen): its
   * message is by the input, which takes the focus; Reserve goes no further.
   */
  const refuseBrokenLimit = () => {
    if (!limitProblem) return false;
    setLimitRefusals((count) => count + 1);
    document.querySelector<HTMLElement>(`[data-limit="${limitProblem.place}"]`)?.focus();
    return true;
  };

  const reserveStepOne = () => {
    const problem = stepOneProblem(draft, tour);
    if (problem) {
      alert(problem);
      return;
    }
    if (refuseBrokenLimit()) return;
    // A visitor already signed in goes straight to step 3 (spec §4).
    setStep(user ? STEP_PAYMENT : STEP_CONTACT);
  };

  const reserve = () => {
    if (!user || !quote) return;
    if (limitProblem) {
      // Not reachable from step 1 with a broken limit; should the draft change, back to it.
      setStep(STEP_CHOOSE);
      setLimitRefusals((count) => count + 1);
      return;
    }
    if (!termsAccepted) {
      alert('acceptTerms');
      return;
    }
    const serviceNames = Object.fromEntries(
      tour.additionalServices.flatMap((service) =>
        service.prices.map((price) => [price.id, service.name]),
      ),
    );
    const body = {
      ...requestFromQuote({
        tourId: tour.id,
        date: draft.date,
        selection: toSelection(draft, tour),
        quote,
        mode: paymentMode,
        contactId: user.id,
        isPassager: isPassenger,
        serviceNames,
      }),
      corporate: variant === 'corporate',
    };
    const fingerprint = JSON.stringify(body);
    let idempotencyKey = keys.current.get(fingerprint);
    if (!idempotencyKey) {
      idempotencyKey = randomId();
      keys.current.set(fingerprint, idempotencyKey);
    }
    save.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (answer) => {
          if (variant === 'corporate') {
            // Spec §2: a corporate booking is saved on credit and the user goes to the reservations.
            notifications.show({
              title: t('booking.corporateSavedTitle'),
              message: t('booking.corporateSaved', {
                code: answer.code,
                company: user.corporateClientName ?? '',
              }),
              color: 'andes',
            });
            void queryClient.invalidateQueries({ queryKey: bookingsKey });
            navigate(paths.reservations.href());
            return;
          }
          setSaved(answer);
        },
        onError: (error) => {
          // A 409 with the server's quote: the prices changed. Show the server's figures and
          // re-read the tour's prices. Any other refusal is shown as the server words it.
          const quoted = error instanceof ApiError && error.status === 409 && error.body?.details;
          if (quoted && 'quote' in quoted) {
            const server = bookingQuoteSchema.safeParse(quoted.quote);
            const total = server.success
              ? ` ${t('booking.summary.total')}: ${formatMoney(server.data.total, language)}.`
              : '';
            showAlert(t('booking.pricesChangedTitle'), `${error.message}${total}`);
            void queryClient.invalidateQueries({ queryKey: ['tour'] });
            return;
          }
          showErrorModal(error);
        },
      },
    );
  };

  // On a phone the steps show as numbers, and each step names itself above its content.
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const stepLabels = [
    t('booking.steps.choose'),
    t('booking.steps.contact'),
    t('booking.steps.payment'),
  ];
  const stepDescriptions = [
    t('booking.steps.chooseDescription'),
    t('booking.steps.contactDescription'),
    t('booking.steps.paymentDescription'),
  ];
  const stepProps = (index: number) => ({
    label: compact ? undefined : stepLabels[index],
    description: compact ? undefined : stepDescriptions[index],
    'aria-label': stepLabels[index],
  });
  const stepHeading = (index: number) =>
    compact ? (
      <Title order={2} size="h4" mb="md">
        {t('booking.stepOf', { step: index + 1, label: stepLabels[index] })}
      </Title>
    ) : null;
  const scrollToSummary = () =>
    document
      .getElementById('booking-summary')
      ?.scrollIntoView({ behavior: 'smooth', block: 'start' });

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
        <Stepper
          active={step}
          size="sm"
          allowNextStepsSelect={false}
          onStepClick={(index) => !saved && setStep(index)}
        >
          <Stepper.Step {...stepProps(STEP_CHOOSE)}>
            {stepHeading(STEP_CHOOSE)}
            <StepChoose
              tour={tour}
              draft={draft}
              quote={quote}
              locked={Boolean(saved)}
              limits={{ problem: limitProblem, notice: limitNotice, announce: limitRefusals }}
              onDate={(date) => update((current) => ({ ...current, date }))}
              onType={(typeId) => update((current) => ({ ...current, typeId }))}
              onCategory={(categoryId) => update((current) => ({ ...current, categoryId }))}
              onCount={(id, typed) => {
                // At most the tour's group maximum in all: a larger number is lowered, and said.
                const { value, capped } = capCount(draft, limits, id, typed);
                update((current) => ({ ...current, counts: { ...current.counts, [id]: value } }));
                if (capped) {
                  setLimitNotice({
                    place: 'passengers',
                    message: 'groupTooLarge',
                    params: { max: limits.maxPassengers },
                  });
                }
              }}
              onAddHotel={(row) =>
                update((current) => ({ ...current, hotels: addHotelRow(current.hotels, row) }))
              }
              onRemoveHotel={(row) =>
                update((current) => ({
                  ...current,
                  hotels: current.hotels.filter((candidate) => candidate !== row),
                }))
              }
              onToggleService={(offerId, enabled) =>
                // Toggling a service resets its quantity (spec §4): 1 when switched on, none when off.
                update((current) => ({
                  ...current,
                  services: {
                    ...current.services,
                    [offerId]: { enabled, quantity: enabled ? '1' : '' },
                  },
                }))
              }
              onServiceQuantity={(offerId, typed) => {
                // A service sold per person: at most one per passenger.
                const { value, capped } = capServiceQuantity(draft, limits, offerId, typed);
                update((current) => ({
                  ...current,
                  services: { ...current.services, [offerId]: { enabled: true, quantity: value } },
                }));
                if (capped) {
                  setLimitNotice({
                    place: `service:${offerId}`,
                    message: 'serviceOverPassengers',
                    params: { max: value },
                  });
                }
              }}
              onReserve={reserveStepOne}
            />
          </Stepper.Step>
          <Stepper.Step {...stepProps(STEP_CONTACT)}>
            {stepHeading(STEP_CONTACT)}
            <StepContact
              onBack={() => setStep(STEP_CHOOSE)}
              onSignedIn={() => {
                setPaymentMode('T');
                setStep(STEP_PAYMENT);
              }}
            />
          </Stepper.Step>
          <Stepper.Step {...stepProps(STEP_PAYMENT)}>
            {stepHeading(STEP_PAYMENT)}
            {user && (
              <StepPayment
                variant={variant}
                user={user}
                quote={quote}
                isPassenger={isPassenger}
                onIsPassenger={setIsPassenger}
                termsAccepted={termsAccepted}
                onTermsAccepted={setTermsAccepted}
                onOpenTerms={() => setTermsOpen(true)}
                paymentMode={paymentMode}
                onPaymentMode={setPaymentMode}
                saved={saved}
                saving={save.isPending}
                onReserve={reserve}
                onBack={() => setStep(STEP_CHOOSE)}
              >
                {variant === 'public' && saved && quote && (
                  <PayNow
                    code={saved.code}
                    amountCents={paymentMode === 'P' ? quote.partialCents : quote.totalCents}
                  />
                )}
              </StepPayment>
            )}
          </Stepper.Step>
        </Stepper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Box style={{ position: 'sticky', top: 16 }} id="booking-summary">
          <BookingSummary
            tour={tour}
            draft={draft}
            quote={quote}
            code={saved?.code ?? null}
            showPartial={step === STEP_PAYMENT}
          />
        </Box>
      </Grid.Col>
      {compact && (
        <Box
          pos="fixed"
          bottom={0}
          left={0}
          right={0}
          p="sm"
          bg="white"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 150 }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700} aria-live="polite">
              {t('booking.totalNow')}: {formatMoney(fromCents(quote?.totalCents ?? 0), language)}
            </Text>
            <Button variant="light" size="sm" onClick={scrollToSummary}>
              {t('booking.seeSummary')}
            </Button>
          </Group>
        </Box>
      )}
    </Grid>
  );
}
