import {
  type AdminTourEditor,
  crewRoleList,
  directionsOf,
  PURCHASE_LIMITS,
  type PurchaseItemView,
  purchaseKinds,
  tourPurchaseItemsRequest,
} from '@cusco/shared';
import {
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import * as z from 'zod/mini';
import { useAdminText } from '../../i18n.ts';
import { usePurchaseText } from '../purchases/purchase-text.ts';
import {
  EditorList,
  EditorSection,
  useEditor,
  useSectionForm,
  wholeNumberProps,
} from './section.tsx';

type ItemValues = Omit<PurchaseItemView, 'purchases'> & { purchases: number };

const newItem = (): ItemValues => ({
  id: '',
  kind: 'permit',
  circuit: '',
  route: '',
  hour: '',
  direction: '',
  time: '',
  class: '',
  buyDaysBefore: 0,
  crewRoles: [],
  purchases: 0,
});

/**
 * What the tour needs bought per person for each departure (issue 29): each item's kind (the
 * Inca Trail permit, the Machu Picchu entry, a train, the bus), its details (an entry's circuit,
 * route and hour; a train's direction, time and class; a bus's direction), the days before
 * travel it is bought by, and the crew roles that need it too. An item with purchases keeps its
 * kind (its choice is read-only); removing it is refused by the server.
 */
export function PurchaseItemsSection() {
  const { t } = useAdminText();
  const { canEdit } = useEditor();
  const words = usePurchaseText();
  const section = useSectionForm<{ items: ItemValues[] }>({
    section: 'purchase-items',
    schema: z.omit(tourPurchaseItemsRequest, { revision: true }),
    from: (tour: AdminTourEditor) => ({
      items: (tour.purchaseItems ?? []).map((item) => ({
        ...item,
        crewRoles: [...item.crewRoles],
      })),
    }),
    toBody: (values) => ({
      items: values.items.map(({ purchases: _, id, ...item }) => ({ ...item, id: id || null })),
    }),
  });
  const { form, field } = section;
  const items = form.values.items;
  const text = (index: number, name: 'circuit' | 'route' | 'hour' | 'time' | 'class') => (
    <TextInput
      label={t(`purchases.editor.${name}`)}
      maxLength={name === 'hour' || name === 'time' ? 5 : PURCHASE_LIMITS.detail}
      required
      {...field(`items.${index}.${name}`)}
    />
  );
  return (
    <EditorSection
      id="purchase-items"
      description={t('purchases.editor.help')}
      section={section}
      labels={{ title: t('purchases.editor.title'), save: t('purchases.editor.save') }}
    >
      <EditorList
        items={items}
        empty={t('purchases.editor.empty')}
        rowKey={(item, index) => item.id || `new-${index}`}
        legend={(number) => t('purchases.editor.legend', { number })}
        removeLabel={(number) => t('purchases.editor.remove', { number })}
        onRemove={(index) => form.removeListItem('items', index)}
        addLabel={t('purchases.editor.add')}
        addDisabled={items.length >= PURCHASE_LIMITS.items}
        onAdd={() => form.insertListItem('items', newItem())}
      >
        {(item, index) => (
          <Stack gap="xs" style={{ flex: 1 }}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={t('purchases.editor.kind')}
                data={purchaseKinds.map((kind) => ({ value: kind, label: words.kind(kind) }))}
                allowDeselect={false}
                required
                {...field(`items.${index}.kind`)}
                readOnly={!canEdit || item.purchases > 0}
                onChange={(value) => {
                  form.setFieldValue(`items.${index}.kind`, (value ?? 'permit') as never);
                  form.setFieldValue(`items.${index}.direction`, '');
                }}
              />
              {item.kind === 'entry' && (
                <>
                  {text(index, 'circuit')}
                  {text(index, 'route')}
                  {text(index, 'hour')}
                </>
              )}
              {(item.kind === 'train' || item.kind === 'bus') && (
                <Select
                  label={t('purchases.editor.direction')}
                  data={directionsOf[item.kind].map((direction) => ({
                    value: direction,
                    label: t(`purchases.directions.${direction}`),
                  }))}
                  allowDeselect={false}
                  required
                  {...field(`items.${index}.direction`)}
                />
              )}
              {item.kind === 'train' && (
                <>
                  {text(index, 'time')}
                  {text(index, 'class')}
                </>
              )}
              <NumberInput
                clampBehavior="none"
                label={t('purchases.editor.buyDaysBefore')}
                {...wholeNumberProps(0, PURCHASE_LIMITS.buyDaysBefore)}
                required
                {...field(`items.${index}.buyDaysBefore`)}
              />
            </SimpleGrid>
            <Checkbox.Group
              label={t('purchases.editor.crewRoles')}
              value={item.crewRoles}
              onChange={(value) =>
                canEdit && form.setFieldValue(`items.${index}.crewRoles`, value as never)
              }
              error={field(`items.${index}.crewRoles`).error}
              readOnly={!canEdit}
            >
              <Group gap="sm" mt={6}>
                {crewRoleList.map((role) => (
                  <Checkbox key={role} value={role} label={words.role(role)} disabled={!canEdit} />
                ))}
              </Group>
            </Checkbox.Group>
            {item.purchases > 0 && (
              <Text size="sm">{t('purchases.editor.purchases', { count: item.purchases })}</Text>
            )}
          </Stack>
        )}
      </EditorList>
    </EditorSection>
  );
}
