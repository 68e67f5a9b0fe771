import {
  type BookingDetail,
  type BookingSelection,
  pricingCatalogFromTour,
  quoteBooking,
  type Tour,
} from '@cusco/shared';
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../../components/data-table.tsx';
import { formatMoney } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/i18n.ts';
import type { ChangeChoice } from '../../api/quote-change.ts';

/** The booking's passengers by customer type, one more or one fewer of a type. */
function passengersOf(detail: BookingDetail, typeId: string, by: number) {
  const counts = new Map<string, number>();
  for (const slot of detail.passangerRegistry) {
    counts.set(slot.typeId, (counts.get(slot.typeId) ?? 0) + 1);
  }
  counts.set(typeId, (counts.get(typeId) ?? 0) + by);
  return [...counts]
    .filter(([, quantity]) => quantity > 0)
    .map(([customerTypeId, quantity]) => ({ customerTypeId, quantity }));
}

/** Each customer type's price per traveller for `passengers`, by the shared rules. */
function unitPrices(
  tour: Tour,
  selection: Omit<BookingSelection, 'passengers' | 'hotels' | 'services'>,
  passengers: BookingSelection['passengers'],
) {
  const result = quoteBooking(pricingCatalogFromTour(tour), {
    ...selection,
    passengers,
    hotels: [],
    services: [],
  });
  return result.ok ? result.quote.passengers : null;
}

/**
 * A passenger added or removed changes the group's size, and with it the tier price of every
 * traveller (issue 27): each customer type's price per traveller after the change, and before it
 * when it differs, priced by the shared rules on the tour's prices as the server prices the
 * change. Nothing is shown when the booking's type is not known or the tour has no such price
 * (the quote's lines and new price are the server's figures in any case).
 */
export function GroupPrices({
  tour,
  detail,
  typeId,
  choice,
}: {
  tour: Tour;
  detail: BookingDetail;
  typeId: string | undefined;
  choice: Extract<ChangeChoice, { kind: 'addPassenger' | 'removePassenger' }>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!typeId) return null;
  const selection = { typeId, categoryId: detail.booking.idcategory };
  const customerTypeId =
    choice.kind === 'addPassenger'
      ? choice.customerTypeId
      : detail.passangerRegistry.find((slot) => slot.id === choice.slotId)?.typeId;
  if (!customerTypeId) return null;
  const by = choice.kind === 'addPassenger' ? 1 : -1;
  const after = unitPrices(tour, selection, passengersOf(detail, customerTypeId, by));
  const before = unitPrices(tour, selection, passengersOf(detail, customerTypeId, 0));
  if (!after || after.length === 0) return null;
  const money = (cents: number) => formatMoney(cents / 100, language);
  const name = (id: string) => tour.customerTypes.find((type) => type.value === id)?.label ?? '';
  const travellers = after.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <section aria-labelledby="change-group" data-testid="group-prices">
      <Title order={3} size="h5" id="change-group" mb="xs">
        {t('change.groupTitle', { count: travellers })}
      </Title>
      <DataTable
        labelledBy="change-group"
        rows={after}
        rowKey={(line) => line.customerTypeId}
        columns={[
          {
            key: 'type',
            header: t('change.groupType'),
            render: (line) => name(line.customerTypeId),
          },
          {
            key: 'quantity',
            header: t('change.groupTravellers'),
            render: (line) => line.quantity,
            align: 'right',
          },
          {
            key: 'price',
            header: t('change.groupEach'),
            align: 'right',
            render: (line) => {
              const was = before?.find((old) => old.customerTypeId === line.customerTypeId);
              return was && was.unitCents !== line.unitCents
                ? t('change.groupWas', { price: money(line.unitCents), was: money(was.unitCents) })
                : money(line.unitCents);
            },
          },
        ]}
      />
    </section>
  );
}
