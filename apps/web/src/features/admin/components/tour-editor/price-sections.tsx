import {
  type AdminTourEditor,
  CATALOGUE_LIMITS,
  tourHotelsRequest,
  tourPricesRequest,
  tourServicesRequest,
} from '@cusco/shared';
import {
  Fieldset,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import * as z from 'zod/mini';
import { useErrorText } from '../../../../lib/forms.ts';
import { useAdminText } from '../../i18n.ts';
import {
  AddButton,
  EditorList,
  EditorSection,
  LangTextFields,
  RemoveButton,
  useEditor,
  useSectionForm,
  wholeNumberProps,
} from './section.tsx';

/** A price as the form holds it: a number, or empty while being typed. */
type Money = number | '';

const moneyProps = {
  min: 0,
  max: CATALOGUE_LIMITS.maxPrice,
  decimalScale: 2,
  fixedDecimalScale: true,
  allowNegative: false,
};

type PriceValues = {
  prices: {
    typeId: string;
    categoryId: string;
    tiers: { groupSize: Money; prices: { customerTypeId: string; price: Money }[] }[];
  }[];
};

/**
 * The tour's series as the form holds them: every tier with a price for every customer type, in
 * the customer types' order (an empty one is asked for).
 */
function priceValues(tour: AdminTourEditor): PriceValues {
  return {
    prices: tour.prices.map((series) => ({
      typeId: series.typeId,
      categoryId: series.categoryId,
      tiers: series.tiers.map((tier) => ({
        groupSize: tier.groupSize,
        prices: tour.choices.customerTypes.map((customerType) => ({
          customerTypeId: customerType.id,
          price: tier.prices.find((price) => price.customerTypeId === customerType.id)?.price ?? '',
        })),
      })),
    })),
  };
}

/** The name of a choice (a type, a category, a customer type) by its id. */
const nameOf = (list: { id: string; name: string }[], id: string) =>
  list.find((item) => item.id === id)?.name ?? id;

type PricesForm = ReturnType<typeof useSectionForm<PriceValues>>;
type Series = PriceValues['prices'][number];

/**
 * The price tiers: for each type and category of the tour, the price per passenger of each
 * customer type from a group size on (spec §9: the tier of the exact group size, else the
 * largest; each size up to the next tier pays its tier).
 */
export function PricesSection() {
  const { t } = useAdminText();
  const errorText = useErrorText();
  const section = useSectionForm<PriceValues>({
    section: 'prices',
    schema: z.omit(tourPricesRequest, { revision: true }),
    from: priceValues,
  });
  const { form } = section;
  return (
    <EditorSection id="prices" description={t('editor.prices.help')} section={section}>
      {form.errors.prices && (
        <Text c="red.8" size="sm" role="alert">
          {errorText(form.errors.prices)}
        </Text>
      )}
      {form.getValues().prices.map((series, s) => (
        <PriceSeries
          key={`${series.typeId}|${series.categoryId}`}
          section={section}
          series={series}
          s={s}
        />
      ))}
    </EditorSection>
  );
}

/** One type and category: its tiers in a table (a row each), and a button to add one. */
function PriceSeries({ section, series, s }: { section: PricesForm; series: Series; s: number }) {
  const { t } = useAdminText();
  const { tour } = useEditor();
  const customerTypes = tour.choices.customerTypes;
  const seriesName = `${nameOf(tour.choices.types, series.typeId)} · ${nameOf(
    tour.choices.categories,
    series.categoryId,
  )}`;
  const addTier = () => {
    const sizes = series.tiers.map((tier) => Number(tier.groupSize) || 0);
    section.form.insertListItem(`prices.${s}.tiers`, {
      groupSize: sizes.length === 0 ? 1 : Math.min(Math.max(...sizes) + 1, 99),
      prices: customerTypes.map((customerType) => ({
        customerTypeId: customerType.id,
        price: '',
      })),
    });
  };
  return (
    <Fieldset legend={seriesName}>
      {series.tiers.length === 0 ? (
        <Text size="sm">{t('editor.prices.none')}</Text>
      ) : (
        <Table.ScrollContainer
          minWidth={560}
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': seriesName },
          }}
        >
          <Table verticalSpacing="xs" withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('editor.prices.from')}</Table.Th>
                {customerTypes.map((customerType) => (
                  <Table.Th key={customerType.id}>
                    {t('editor.prices.column', { type: customerType.name })}
                  </Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>{t('actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {series.tiers.map((tier, index) => (
                <PriceTier
                  // biome-ignore lint/suspicious/noArrayIndexKey: tiers are keyed by place while their size is typed.
                  key={index}
                  section={section}
                  tier={tier}
                  path={`prices.${s}.tiers`}
                  index={index}
                  seriesName={seriesName}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AddButton label={t('editor.prices.add', { series: seriesName })} onClick={addTier} />
    </Fieldset>
  );
}

/** A tier's row: the group size it starts at, a price per customer type, and "remove". */
function PriceTier({
  section: { form, field },
  tier,
  path,
  index,
  seriesName,
}: {
  section: PricesForm;
  tier: Series['tiers'][number];
  path: `prices.${number}.tiers`;
  index: number;
  seriesName: string;
}) {
  const { t } = useAdminText();
  const { tour } = useEditor();
  const from = tier.groupSize === '' ? '…' : tier.groupSize;
  return (
    <Table.Tr>
      <Table.Td>
        <NumberInput
          clampBehavior="none"
          aria-label={t('editor.prices.fromLabel', { series: seriesName, number: index + 1 })}
          {...wholeNumberProps(1, CATALOGUE_LIMITS.maxGroupSize)}
          w={90}
          {...field(`${path}.${index}.groupSize`)}
        />
      </Table.Td>
      {tier.prices.map((price, p) => (
        <Table.Td key={price.customerTypeId}>
          <NumberInput
            clampBehavior="none"
            aria-label={t('editor.prices.priceLabel', {
              type: nameOf(tour.choices.customerTypes, price.customerTypeId),
              from,
              series: seriesName,
            })}
            {...moneyProps}
            miw={100}
            {...field(`${path}.${index}.prices.${p}.price`)}
          />
        </Table.Td>
      ))}
      <Table.Td>
        <RemoveButton
          label={t('editor.prices.remove', { from, series: seriesName })}
          onClick={() => form.removeListItem(path, index)}
        />
      </Table.Td>
    </Table.Tr>
  );
}

type HotelValues = {
  hotelNights: Money;
  prices: { hotelTypeId: string | null; roomTypeId: string | null; price: Money }[];
};

/** The hotel nights per room booked, and the price per room and night of each hotel and room. */
export function HotelsSection() {
  const { t } = useAdminText();
  const { tour } = useEditor();
  const section = useSectionForm<HotelValues>({
    section: 'hotels',
    schema: z.omit(tourHotelsRequest, { revision: true }),
    from: (next) => ({
      hotelNights: next.hotelNights,
      prices: next.hotelPrices.map((row) => ({ ...row })),
    }),
  });
  const { form, field } = section;
  const hotels = tour.choices.hotelTypes.map((row) => ({ value: row.id, label: row.name }));
  const rooms = tour.choices.roomTypes.map((row) => ({ value: row.id, label: row.name }));
  const entries = form.getValues().prices;
  return (
    <EditorSection
      id="hotels"
      description={t('editor.hotels.help', { nights: tour.nights })}
      section={section}
    >
      <NumberInput
        clampBehavior="none"
        label={t('editor.hotels.nights')}
        {...wholeNumberProps(0, tour.nights)}
        w={{ base: '100%', sm: 200 }}
        {...field('hotelNights')}
      />
      <EditorList
        items={entries}
        empty={t('editor.hotels.none')}
        removeLabel={(number) => t('editor.hotels.remove', { number })}
        onRemove={(index) => form.removeListItem('prices', index)}
        addLabel={t('editor.hotels.add')}
        onAdd={() =>
          form.insertListItem('prices', { hotelTypeId: null, roomTypeId: null, price: '' })
        }
      >
        {(_, index) => (
          <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
            <Select
              label={t('editor.hotels.hotel', { number: index + 1 })}
              data={hotels}
              allowDeselect={false}
              {...field(`prices.${index}.hotelTypeId`)}
            />
            <Select
              label={t('editor.hotels.room', { number: index + 1 })}
              data={rooms}
              allowDeselect={false}
              {...field(`prices.${index}.roomTypeId`)}
            />
            <NumberInput
              clampBehavior="none"
              label={t('editor.hotels.price', { number: index + 1 })}
              {...moneyProps}
              {...field(`prices.${index}.price`)}
            />
          </SimpleGrid>
        )}
      </EditorList>
    </EditorSection>
  );
}

type OfferValues = {
  offers: {
    id: string | null;
    serviceId: string | null;
    labelEn: string;
    labelEs: string;
    price: Money;
    booked: number;
  }[];
};

/**
 * The additional services the tour sells and their prices. An offer bookings bought keeps its
 * service; removed, it is no longer sold and those bookings keep it.
 */
export function ServicesSection() {
  const { t } = useAdminText();
  const { tour, canEdit } = useEditor();
  const section = useSectionForm<OfferValues>({
    section: 'services',
    schema: z.omit(tourServicesRequest, { revision: true }),
    from: (next) => ({ offers: next.offers.map((offer) => ({ ...offer })) }),
  });
  const { form, field } = section;
  const services = tour.choices.services.map((row) => ({ value: row.id, label: row.name }));
  const entries = form.getValues().offers;
  return (
    <EditorSection id="services" description={t('editor.services.help')} section={section}>
      <EditorList
        items={entries}
        empty={t('editor.services.none')}
        rowKey={(offer, index) => offer.id ?? `new-${index}`}
        legend={(number) => t('editor.services.offer', { number })}
        removeLabel={(number) => t('editor.services.remove', { number })}
        onRemove={(index) => form.removeListItem('offers', index)}
        addLabel={t('editor.services.add')}
        onAdd={() =>
          form.insertListItem('offers', {
            id: null,
            serviceId: null,
            labelEn: '',
            labelEs: '',
            price: '',
            booked: 0,
          })
        }
      >
        {(offer, index) => (
          <Stack gap="xs" style={{ flex: 1 }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('editor.services.service')}
                data={services}
                searchable
                allowDeselect={false}
                {...field(`offers.${index}.serviceId`)}
                // An existing offer keeps its service (bookings name it).
                readOnly={!canEdit || offer.id !== null}
              />
              <NumberInput
                clampBehavior="none"
                label={t('editor.services.price')}
                {...moneyProps}
                {...field(`offers.${index}.price`)}
              />
              <LangTextFields
                field={field}
                path={`offers.${index}.label`}
                labelKey="editor.services.label"
                maxLength={CATALOGUE_LIMITS.shortText}
              />
            </SimpleGrid>
            {offer.booked > 0 && (
              <Text size="xs">{t('editor.services.booked', { count: offer.booked })}</Text>
            )}
          </Stack>
        )}
      </EditorList>
    </EditorSection>
  );
}
