import {
  type BookingDetail,
  defaultPaymentAmount,
  IncidentTypeId,
  type PassengerRegistryItem,
} from '@cusco/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Flex,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCirclePlus,
  IconCreditCard,
  IconFileCheck,
  IconInfoCircle,
  IconPencil,
  IconTrash,
  IconUserMinus,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { LogoLoader } from '../../../components/logo.tsx';
import { TermsModal } from '../../../components/terms-modal.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { bookingDetailKey, useBookingDetail } from '../../../lib/queries/booking-detail.ts';
import { bookingsKey } from '../../../lib/queries/booking-list.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { AddServicesModal } from '../components/add-services-modal.tsx';
import { PassengerModal } from '../components/passenger-modal.tsx';
import { PaymentModal } from '../components/payment-modal.tsx';

/** Spec §2 booking detail (/main/booking/detail/{reservationcode}). */
export function BookingDetailPage() {
  const { t } = useTranslation();
  const { reservationcode = '' } = useParams();
  const detail = useBookingDetail(reservationcode);

  useEffect(() => {
    document.title = `${t('bookingDetail.title', { code: reservationcode })} · Cusco Treks`;
  }, [reservationcode, t]);

  if (detail.isPending) return <LogoLoader label={t('bookingDetail.loading')} />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('common.error')} maw={640}>
        <Text mb="sm">{missing ? t('bookingDetail.notFound') : errorMessage(detail.error)}</Text>
        <Anchor component={Link} to={paths.reservations.href()}>
          {t('bookingDetail.backToList')}
        </Anchor>
      </Alert>
    );
  }
  return <Detail code={reservationcode} detail={detail.data} />;
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The services or other tours bought: date, product, price, quantity and total. */
function ServiceLines({
  labelledBy,
  rows,
}: {
  labelledBy: string;
  rows: {
    id: string;
    buyDate: string;
    productName: string;
    price: number;
    quantity: number;
    total: number;
  }[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (value: number) => formatMoney(value, language);
  return (
    <DataTable
      labelledBy={labelledBy}
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        {
          key: 'date',
          header: t('bookingDetail.buyDate'),
          render: (row) => formatDate(row.buyDate, language),
        },
        { key: 'product', header: t('bookingDetail.product'), render: (row) => row.productName },
        {
          key: 'price',
          header: t('bookingDetail.price'),
          render: (row) => money(row.price),
          align: 'right',
        },
        {
          key: 'quantity',
          header: t('bookingDetail.quantity'),
          render: (row) => row.quantity,
          align: 'right',
        },
        {
          key: 'total',
          header: t('bookingDetail.total'),
          render: (row) => money(row.total),
          align: 'right',
        },
      ]}
    />
  );
}

/** Long button labels wrap on a phone instead of overflowing. */
const wrapping = {
  h: 'auto',
  mih: 42,
  py: 8,
  styles: { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const } },
};

function Detail({ code, detail }: { code: string; detail: BookingDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PassengerRegistryItem | null>(null);
  const [addingServices, setAddingServices] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  /** What the last checkout said ('S', or why not); the balance above is the server's truth. */
  const [payment, setPayment] = useState<'S' | 'declined' | 'cancelled' | 'closed' | null>(null);
  const user = useSessionUser();
  const money = (value: number) => formatMoney(value, language);
  const date = (value: string) => formatDate(value, language);
  const { booking } = detail;

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: bookingDetailKey(booking.code) });
    void queryClient.invalidateQueries({ queryKey: bookingsKey });
  };
  // Spec §2: an incident action closes every modal and opens the request form.
  const request = (typeId: string) => {
    setEditing(null);
    setAddingServices(false);
    navigate(paths.incidentForm.href(booking.code, typeId, booking.code));
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="header">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Text c="dimmed" size="sm">
              {t('bookingDetail.code')}{' '}
              <Text span fw={800} c="andes.9">
                {booking.code}
              </Text>
            </Text>
            <Title order={1} size="h2">
              {booking.name}
            </Title>
          </div>
          {booking.corporate && <Badge variant="light">{t('bookingDetail.corporate')}</Badge>}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md" spacing="sm" component="dl">
          {[
            [t('bookingDetail.tripDate'), date(booking.tripDate)],
            [t('bookingDetail.buyDate'), date(booking.buyDate)],
            [t('bookingDetail.type'), booking.type],
            [t('bookingDetail.category'), booking.category],
          ].map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fw={600}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>

      <Section id="detail-passengers" title={t('bookingDetail.passengers')}>
        <DataTable
          labelledBy="detail-passengers"
          rows={detail.passanger}
          rowKey={(row) => row.type}
          columns={[
            { key: 'type', header: t('bookingDetail.passengerType'), render: (row) => row.type },
            {
              key: 'quantity',
              header: t('bookingDetail.quantity'),
              render: (row) => row.quantity,
              align: 'right',
            },
            {
              key: 'total',
              header: t('bookingDetail.total'),
              render: (row) => money(row.total),
              align: 'right',
            },
          ]}
        />
      </Section>

      {detail.includeServices.length > 0 && (
        <Section id="detail-included" title={t('bookingDetail.included')}>
          <DataTable
            labelledBy="detail-included"
            rows={detail.includeServices}
            rowKey={(row) => String(row.number)}
            columns={[
              { key: 'number', header: t('bookingDetail.number'), render: (row) => row.number },
              { key: 'name', header: t('bookingDetail.service'), render: (row) => row.name },
              {
                key: 'observation',
                header: t('bookingDetail.observation'),
                render: (row) => row.observation || '—',
              },
            ]}
          />
        </Section>
      )}

      {detail.hotels.length > 0 && (
        <Section id="detail-hotels" title={t('bookingDetail.hotels')}>
          <DataTable
            labelledBy="detail-hotels"
            rows={detail.hotels}
            rowKey={(row, index) => `${row.hotelroom}-${index}`}
            columns={[
              { key: 'date', header: t('bookingDetail.date'), render: (row) => date(row.date) },
              { key: 'room', header: t('bookingDetail.hotelRoom'), render: (row) => row.hotelroom },
              {
                key: 'cost',
                header: t('bookingDetail.cost'),
                render: (row) => money(row.cost),
                align: 'right',
              },
              {
                key: 'rooms',
                header: t('bookingDetail.rooms'),
                render: (row) => row.amount,
                align: 'right',
              },
              {
                key: 'nights',
                header: t('bookingDetail.nights'),
                render: (row) => row.nights,
                align: 'right',
              },
              {
                key: 'total',
                header: t('bookingDetail.total'),
                render: (row) => money(row.total),
                align: 'right',
              },
            ]}
          />
        </Section>
      )}

      {detail.additionalServices.length > 0 && (
        <Section id="detail-services" title={t('bookingDetail.additionalServices')}>
          <ServiceLines
            labelledBy="detail-services"
            rows={detail.additionalServices.map(({ PRICE, ...line }) => ({
              ...line,
              price: PRICE,
            }))}
          />
        </Section>
      )}

      {detail.otherTours.length > 0 && (
        <Section id="detail-other-tours" title={t('bookingDetail.otherTours')}>
          <ServiceLines labelledBy="detail-other-tours" rows={detail.otherTours} />
        </Section>
      )}

      <Section id="detail-requests" title={t('bookingDetail.requests')}>
        <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" wrap="wrap">
          <Button
            {...wrapping}
            variant="light"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => request(IncidentTypeId.removeAdditionalService)}
          >
            {t('bookingDetail.removeServices')}
          </Button>
          <Button
            {...wrapping}
            variant="light"
            leftSection={<IconUserMinus size={18} aria-hidden />}
            onClick={() => request(IncidentTypeId.removePassenger)}
          >
            {t('bookingDetail.removePassengers')}
          </Button>
          <Button
            {...wrapping}
            leftSection={<IconCirclePlus size={18} aria-hidden />}
            onClick={() => setAddingServices(true)}
          >
            {t('bookingDetail.addServices')}
          </Button>
        </Flex>
      </Section>

      <Section id="detail-balance" title={t('bookingDetail.balance')}>
        <DataTable
          labelledBy="detail-balance"
          rows={
            [
              [t('bookingDetail.purchases'), detail.balance.purchases],
              [t('bookingDetail.payments'), detail.balance.payments],
              [t('bookingDetail.discounts'), detail.balance.discounts],
              [t('bookingDetail.additions'), detail.balance.additions],
            ] as [string, number][]
          }
          rowKey={([label]) => label}
          columns={[
            { key: 'label', header: t('bookingDetail.balance'), render: ([label]) => label },
            {
              key: 'value',
              header: t('bookingDetail.total'),
              render: ([, value]) => money(value),
              align: 'right',
            },
          ]}
          footer={{
            label: t('bookingDetail.outstanding'),
            value: <span data-testid="outstanding-balance">{money(detail.balance.debt)}</span>,
          }}
        />
        {detail.paymentAttempts.length > 0 && (
          <Stack gap="xs" mt="sm">
            {detail.paymentAttempts.map((attempt) => (
              <Alert
                key={attempt.transactionId}
                color={attempt.status === 'pending' ? 'andes' : 'terracotta'}
                icon={<IconInfoCircle aria-hidden />}
                p="xs"
              >
                {t(
                  attempt.status === 'pending'
                    ? 'payments.pendingAttempt'
                    : attempt.status === 'refund_required'
                      ? 'payments.refundAttempt'
                      : 'payments.declinedAttempt',
                  { amount: money(attempt.amount) },
                )}
              </Alert>
            ))}
          </Stack>
        )}
        {payment && (
          <Alert color={payment === 'S' ? 'andes' : 'terracotta'} mt="sm" role="status">
            {payment === 'S'
              ? t('payments.approved')
              : payment === 'declined'
                ? t('payments.declined')
                : t('payments.notCompleted')}
          </Alert>
        )}
        {/* Spec §2: a Pay link when there is debt and the user is not a corporate client. */}
        {!booking.corporate && !user?.corporateClientId && detail.balance.debt > 0 && (
          <Group justify="flex-end" mt="md">
            <Button
              leftSection={<IconCreditCard size={18} aria-hidden />}
              onClick={() => {
                setPayment(null);
                setPaying(true);
              }}
            >
              {t('bookingDetail.pay')}
            </Button>
          </Group>
        )}
      </Section>

      <Section id="detail-registry" title={t('bookingDetail.registry')}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('bookingDetail.registryHint')}
        </Text>
        <Stack gap="xs" role="list" aria-labelledby="detail-registry">
          {detail.passangerRegistry.map((slot) => (
            <Card
              key={slot.id}
              withBorder
              padding="sm"
              role="listitem"
              data-testid={`passenger-${slot.number}`}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={700}>{t('bookingDetail.passenger', { number: slot.number })}</Text>
                    <Badge variant="light" size="sm">
                      {slot.type}
                    </Badge>
                    {slot.hasDocument && (
                      <Tooltip label={t('bookingDetail.documentOk')}>
                        <IconFileCheck
                          size={18}
                          aria-label={t('bookingDetail.documentOk')}
                          color="var(--mantine-color-andes-8)"
                        />
                      </Tooltip>
                    )}
                  </Group>
                  <Text size="sm" c={slot.name ? undefined : 'dimmed'} truncate>
                    {slot.name || t('bookingDetail.notRegistered')}
                  </Text>
                  <Group gap="xs" wrap="nowrap">
                    <Progress
                      value={slot.percentage}
                      style={{ flex: 1 }}
                      color={slot.percentage === 100 ? 'andes' : 'terracotta'}
                      aria-label={t('bookingDetail.completion', { percentage: slot.percentage })}
                    />
                    <Text size="sm" fw={600} data-testid="completion">
                      {slot.percentage}%
                    </Text>
                  </Group>
                </Stack>
                <ActionIcon
                  variant="light"
                  size="lg"
                  onClick={() => setEditing(slot)}
                  aria-label={t('bookingDetail.edit', { number: slot.number })}
                >
                  <IconPencil size={20} aria-hidden />
                </ActionIcon>
              </Group>
            </Card>
          ))}
        </Stack>
      </Section>

      <Section id="detail-summary" title={t('bookingDetail.summary')}>
        <DataTable
          labelledBy="detail-summary"
          rows={detail.resume}
          rowKey={(row) => String(row.number)}
          columns={[
            { key: 'number', header: t('bookingDetail.number'), render: (row) => row.number },
            { key: 'tour', header: t('bookingDetail.tour'), render: (row) => row.tour },
            {
              key: 'observations',
              header: t('bookingDetail.observations'),
              render: (row) => row.observations || '—',
            },
          ]}
        />
        <Title order={3} size="h5" mt="md">
          {t('bookingDetail.observations')}
        </Title>
        <Text size="sm">{booking.observation || t('bookingDetail.noObservations')}</Text>
        <Anchor component="button" type="button" mt="md" onClick={() => setTermsOpen(true)}>
          {t('bookingDetail.terms')}
        </Anchor>
      </Section>

      <PassengerModal
        slot={editing}
        bookingCode={code}
        travelDate={booking.tripDate}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <AddServicesModal
        code={booking.code}
        opened={addingServices}
        onClose={() => setAddingServices(false)}
        onSaved={() => {
          setAddingServices(false);
          reload();
        }}
      />
      {paying && (
        <PaymentModal
          code={booking.code}
          debt={detail.balance.debt}
          initialAmount={defaultPaymentAmount(detail.balance.debt)}
          opened={paying}
          onClose={() => setPaying(false)}
          onFinished={(result) => {
            setPaying(false);
            setPayment(result.status === 'S' ? 'S' : result.reason);
            reload();
          }}
        />
      )}
      <TermsModal
        opened={termsOpen}
        onClose={() => setTermsOpen(false)}
        variant={booking.corporate ? 'corporate' : 'standard'}
      />
    </Stack>
  );
}
