import type { BookingSaveResponse, DeskCustomer } from '@cusco/shared';
import { Anchor, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { randomId } from '../../../lib/ids.ts';
import { useTourList } from '../../../lib/queries/tour-list.ts';
import { useDeskBooking, useDeskTour } from '../api/desk-api.ts';
import { BookedPanel } from '../components/desk/booked-panel.tsx';
import { CustomerPicker } from '../components/desk/customer-picker.tsx';
import { type DeskDraft, initialDeskDraft, priceDeskDraft } from '../components/desk/desk-draft.ts';
import { PriceSummary, TripForm } from '../components/desk/trip-form.tsx';
import { ErrorAlert } from '../components/error-alert.tsx';
import { useAdminText } from '../i18n.ts';

/**
 * #/admin/bookings/new (issue 28): staff book for a walk-in or phone customer. Find or add the
 * customer, choose the trip (priced by the shared rules as the customer's page prices it; the
 * server prices it again and holds the seats), then take a payment, e-mail the pay link, or let
 * the customer pay later within the booking's hold.
 */
export function NewBookingPage() {
  const { t } = useAdminText();
  const [customer, setCustomer] = useState<DeskCustomer | null>(null);
  const [saved, setSaved] = useState<BookingSaveResponse | null>(null);
  return (
    <>
      <Anchor component={Link} to={paths.adminBookings.href()} size="sm">
        ← {t('bookings.title')}
      </Anchor>
      <PageTitle title={t('desk.title')} />
      <Stack gap="xl" maw={960}>
        <Step number={1} title={t('desk.customerStep')}>
          {customer ? (
            <Card withBorder padding="sm">
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Text fw={600} data-testid="desk-customer">
                    {customer.name} {customer.lastName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {customer.email} · {customer.phone}
                    {customer.hasPassword ? '' : ` · ${t('desk.guest')}`}
                    {customer.corporate ? ` · ${customer.corporate}` : ''}
                  </Text>
                </div>
                {!saved && (
                  <Button variant="default" onClick={() => setCustomer(null)}>
                    {t('desk.changeCustomer')}
                  </Button>
                )}
              </Group>
            </Card>
          ) : (
            <CustomerPicker onChoose={setCustomer} />
          )}
        </Step>
        {customer && !saved && (
          <Step number={2} title={t('desk.tripStep')}>
            <TripStep customer={customer} onSaved={setSaved} />
          </Step>
        )}
        {customer && saved && (
          <Step number={3} title={t('desk.payStep')}>
            <BookedPanel saved={saved} customer={customer} />
          </Step>
        )}
      </Stack>
    </>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`desk-step-${number}`}>
      <Title order={2} size="h3" mb="sm" id={`desk-step-${number}`}>
        {number}. {title}
      </Title>
      {children}
    </section>
  );
}

function TripStep({
  customer,
  onSaved,
}: {
  customer: DeskCustomer;
  onSaved(saved: BookingSaveResponse): void;
}) {
  const { t } = useAdminText();
  const tours = useTourList();
  const [code, setCode] = useState<string | null>(null);
  const tour = useDeskTour(code);
  const [draft, setDraft] = useState<DeskDraft | null>(null);
  const [key, setKey] = useState(randomId);
  const book = useDeskBooking();
  const current = tour.data && draft ? draft : tour.data ? initialDeskDraft(tour.data) : null;
  const price = useMemo(
    () => (tour.data && current ? priceDeskDraft(current, tour.data) : null),
    [tour.data, current],
  );
  const change = (next: DeskDraft) => {
    setDraft(next);
    // Another booking: a new key, so that it is not taken for a retry of the one before.
    setKey(randomId());
    book.reset();
  };
  if (tours.error) return <LoadError error={tours.error} onRetry={() => void tours.refetch()} />;
  return (
    <Stack>
      <Select
        label={t('desk.tour')}
        required
        searchable
        placeholder={t('desk.chooseTour')}
        data={(tours.data ?? []).map((item) => ({
          value: item.code,
          label: `${item.name} (${item.code})`,
        }))}
        value={code}
        onChange={(value) => {
          setCode(value);
          setDraft(null);
          setKey(randomId());
          book.reset();
        }}
        nothingFoundMessage={t('desk.noTour')}
      />
      {tour.error && <LoadError error={tour.error} onRetry={() => void tour.refetch()} />}
      {tour.data && current && price && (
        <>
          <TripForm tour={tour.data} draft={current} onChange={change} />
          <PriceSummary tour={tour.data} price={price} />
          <ErrorAlert error={book.error} />
          <Group justify="flex-end">
            <Button
              size="md"
              disabled={!price.ok}
              loading={book.isPending}
              onClick={() => {
                if (!price.ok) return;
                book.mutate(
                  { body: { customerId: customer.id, booking: price.request }, key },
                  { onSuccess: onSaved },
                );
              }}
            >
              {t('desk.book')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
