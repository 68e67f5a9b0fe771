import {
  addYears,
  BOOKING_DATE_RANGE_YEARS,
  fromCents,
  type Quote,
  type Tour,
  todayInLima,
} from '@cusco/shared';
import {
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useAdminText } from '../../i18n.ts';
import { type DeskDraft, type DeskPrice, priceDeskDraft } from './desk-draft.ts';

/**
 * The trip of a desk booking: date, type, category, passengers by type, hotel rooms and what the
 * customer pays first, priced live by the shared rules as the customer's booking page prices it.
 */
export function TripForm({
  tour,
  draft,
  onChange,
}: {
  tour: Tour;
  draft: DeskDraft;
  onChange(draft: DeskDraft): void;
}) {
  const { t } = useAdminText();
  const today = todayInLima();
  const set = (patch: Partial<DeskDraft>) => onChange({ ...draft, ...patch });
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          type="date"
          label={t('desk.date')}
          required
          min={today}
          max={addYears(today, BOOKING_DATE_RANGE_YEARS)}
          value={draft.date}
          onChange={(event) => set({ date: event.currentTarget.value })}
        />
        <Select
          label={t('desk.type')}
          required
          allowDeselect={false}
          data={tour.types}
          value={draft.typeId}
          onChange={(value) => value && set({ typeId: value })}
        />
        <Select
          label={t('desk.category')}
          required
          allowDeselect={false}
          data={tour.categories}
          value={draft.categoryId}
          onChange={(value) => value && set({ categoryId: value })}
        />
      </SimpleGrid>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={600} mb="xs">
          {t('desk.passengers')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {tour.customerTypes.map((type) => (
            <NumberInput
              key={type.value}
              label={type.label}
              description={type.description}
              min={0}
              max={99}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={draft.counts[type.value] ?? 0}
              onChange={(value) =>
                set({
                  counts: {
                    ...draft.counts,
                    [type.value]: typeof value === 'number' ? value : 0,
                  },
                })
              }
            />
          ))}
        </SimpleGrid>
      </fieldset>
      {tour.hotel && <HotelRooms tour={tour} draft={draft} onChange={set} />}
      <Radio.Group
        label={t('desk.payFirst')}
        value={draft.mode}
        onChange={(value) => set({ mode: value === 'P' ? 'P' : 'T' })}
      >
        <Group mt={6}>
          <Radio value="T" label={t('desk.payTotal')} />
          <Radio value="P" label={t('desk.payDeposit')} />
        </Group>
      </Radio.Group>
    </Stack>
  );
}

/** The tour's hotel rooms: a hotel and room type with its price per night, and how many. */
function HotelRooms({
  tour,
  draft,
  onChange,
}: {
  tour: Tour;
  draft: DeskDraft;
  onChange(patch: Partial<DeskDraft>): void;
}) {
  const { t } = useAdminText();
  const language = useLanguage();
  const hotel = tour.hotel;
  const [hotelTypeId, setHotelTypeId] = useState(hotel?.types[0]?.value ?? '');
  const [roomTypeId, setRoomTypeId] = useState(hotel?.rooms[0]?.value ?? '');
  const [rooms, setRooms] = useState<number>(1);
  if (!hotel) return null;
  const priceOf = (typeId: string, roomId: string) =>
    hotel.prices.find((price) => price.typeId === typeId && price.roomId === roomId)?.price;
  const nameOf = (list: { value: string; label: string }[], id: string) =>
    list.find((item) => item.value === id)?.label ?? id;
  const unit = priceOf(hotelTypeId, roomTypeId);
  const add = () => {
    const existing = draft.hotels.find(
      (line) => line.hotelTypeId === hotelTypeId && line.roomTypeId === roomTypeId,
    );
    onChange({
      hotels: existing
        ? draft.hotels.map((line) =>
            line === existing ? { ...line, rooms: Math.min(line.rooms + rooms, 99) } : line,
          )
        : [...draft.hotels, { hotelTypeId, roomTypeId, rooms }],
    });
  };
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} mb="xs">
        {t('desk.hotels', { count: tour.hotelNight })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 4 }} style={{ alignItems: 'end' }}>
        <Select
          label={t('desk.hotel')}
          allowDeselect={false}
          data={hotel.types}
          value={hotelTypeId}
          onChange={(value) => value && setHotelTypeId(value)}
        />
        <Select
          label={t('desk.room')}
          allowDeselect={false}
          data={hotel.rooms}
          value={roomTypeId}
          onChange={(value) => value && setRoomTypeId(value)}
          description={
            unit === undefined
              ? t('desk.noRoomPrice')
              : t('desk.perNight', { price: formatMoney(unit, language) })
          }
        />
        <NumberInput
          label={t('desk.rooms')}
          min={1}
          max={99}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          value={rooms}
          onChange={(value) => setRooms(typeof value === 'number' && value > 0 ? value : 1)}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          disabled={unit === undefined}
        >
          {t('desk.addRooms')}
        </Button>
      </SimpleGrid>
      {draft.hotels.length > 0 && (
        <Stack gap={4} mt="sm" component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {draft.hotels.map((line) => {
            const label = `${nameOf(hotel.types, line.hotelTypeId)} · ${nameOf(hotel.rooms, line.roomTypeId)} × ${line.rooms}`;
            return (
              <Group key={`${line.hotelTypeId}/${line.roomTypeId}`} component="li" gap="xs">
                <Text size="sm">{label}</Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={t('desk.removeRooms', { rooms: label })}
                  onClick={() =>
                    onChange({ hotels: draft.hotels.filter((other) => other !== line) })
                  }
                >
                  {t('desk.remove')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
    </fieldset>
  );
}

/** The price of the draft by the shared rules, or the rule it breaks. */
export function PriceSummary({ tour, price }: { tour: Tour; price: DeskPrice }) {
  const { t } = useAdminText();
  const language = useLanguage();
  if (!price.ok) {
    return (
      <Card withBorder>
        <Text role="status" c="dimmed">
          {t(price.text, price.params)}
        </Text>
      </Card>
    );
  }
  const { quote } = price;
  const money = (cents: number) => formatMoney(fromCents(cents), language);
  const typeName = (id: string) =>
    tour.customerTypes.find((type) => type.value === id)?.label ?? id;
  return (
    <Card withBorder>
      <Table.ScrollContainer minWidth={300}>
        <Table captionSide="top" verticalSpacing={4}>
          <Table.Caption>{t('desk.price')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('desk.line')}</Table.Th>
              <Table.Th ta="right">{t('desk.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quote.passengers
              .filter((line) => line.quantity > 0)
              .map((line) => (
                <Row
                  key={line.customerTypeId}
                  label={`${typeName(line.customerTypeId)} × ${line.quantity} (${money(line.unitCents)})`}
                >
                  {money(line.totalCents)}
                </Row>
              ))}
            {quote.hotels.map((line) => (
              <Row
                key={`${line.hotelTypeId}/${line.roomTypeId}`}
                label={t('desk.hotelLine', {
                  rooms: line.rooms,
                  nights: line.nights,
                  price: money(line.unitCents),
                })}
              >
                {money(line.totalCents)}
              </Row>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Totals quote={quote} mode={price.request.paymentMode ?? 'T'} />
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td ta="right">{children}</Table.Td>
    </Table.Tr>
  );
}

function Totals({ quote, mode }: { quote: Quote; mode: 'T' | 'P' }) {
  const { t } = useAdminText();
  const language = useLanguage();
  const money = (cents: number) => formatMoney(fromCents(cents), language);
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', gap: 4 }}>
      <Text component="dt" fw={700}>
        {t('desk.total')}
      </Text>
      <Text component="dd" fw={700} ta="right" m={0} data-testid="desk-total">
        {money(quote.totalCents)}
      </Text>
      <Text component="dt" size="sm">
        {t('desk.deposit')}
      </Text>
      <Text component="dd" size="sm" ta="right" m={0}>
        {money(quote.partialCents)}
      </Text>
      <Text component="dt" size="sm">
        {t('desk.firstPayment')}
      </Text>
      <Text component="dd" size="sm" ta="right" m={0}>
        {money(mode === 'P' ? quote.partialCents : quote.totalCents)}
      </Text>
    </dl>
  );
}

export { priceDeskDraft };
