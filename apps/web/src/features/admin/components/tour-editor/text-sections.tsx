import {
  type AdminTourEditor,
  CATALOGUE_LIMITS,
  tourInclusionsRequest,
  tourItineraryRequest,
  tourTextsRequest,
} from '@cusco/shared';
import { NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import * as z from 'zod/mini';
import { useAdminText } from '../../i18n.ts';
import {
  AddButton,
  EditorSection,
  LangTextFields,
  ListRow,
  useEditor,
  useSectionForm,
} from './section.tsx';

/** The tour's name in English and Spanish. */
export function NamesSection() {
  const section = useSectionForm({
    section: 'texts',
    schema: z.omit(tourTextsRequest, { revision: true }),
    from: (tour: AdminTourEditor) => ({ nameEn: tour.nameEn, nameEs: tour.nameEs }),
  });
  const { field } = section;
  return (
    <EditorSection id="names" section={section}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LangTextFields
          field={field}
          path="name"
          labelKey="editor.name"
          maxLength={CATALOGUE_LIMITS.shortText}
          required
        />
      </SimpleGrid>
    </EditorSection>
  );
}

type ItineraryValues = { itinerary: { day: number | ''; nameEn: string; nameEs: string }[] };

/** The itinerary: each event on a day of the tour, in order. */
export function ItinerarySection() {
  const { t } = useAdminText();
  const { tour } = useEditor();
  const section = useSectionForm<ItineraryValues>({
    section: 'itinerary',
    schema: z.omit(tourItineraryRequest, { revision: true }),
    from: (next) => ({ itinerary: next.itinerary.map((entry) => ({ ...entry })) }),
  });
  const { form, field } = section;
  const entries = form.getValues().itinerary;
  return (
    <EditorSection
      id="itinerary"
      description={t('editor.itinerary.help', { days: tour.days })}
      section={section}
    >
      {entries.length === 0 && <Text size="sm">{t('editor.itinerary.empty')}</Text>}
      {entries.map((_, index) => (
        <ListRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the form keys them by place.
          key={index}
          legend={t('editor.itinerary.event', { number: index + 1 })}
          removeLabel={t('editor.itinerary.remove', { number: index + 1 })}
          onRemove={() => form.removeListItem('itinerary', index)}
        >
          <NumberInput
            label={t('editor.itinerary.day')}
            min={1}
            max={tour.days}
            allowDecimal={false}
            allowNegative={false}
            w={90}
            {...field(`itinerary.${index}.day`)}
          />
          <Stack gap="xs" style={{ flex: 1 }}>
            <LangTextFields
              field={field}
              path={`itinerary.${index}.name`}
              labelKey="editor.text"
              maxLength={CATALOGUE_LIMITS.longText}
              multiline
            />
          </Stack>
        </ListRow>
      ))}
      <AddButton
        label={t('editor.itinerary.add')}
        onClick={() =>
          form.insertListItem('itinerary', {
            day: entries.at(-1)?.day || 1,
            nameEn: '',
            nameEs: '',
          })
        }
      />
    </EditorSection>
  );
}

type Inclusion = { nameEn: string; nameEs: string; observationEn: string; observationEs: string };
type InclusionValues = { included: Inclusion[]; notIncluded: Inclusion[] };

/** What the price includes, and what it does not. */
export function InclusionsSection() {
  const { t } = useAdminText();
  const section = useSectionForm<InclusionValues>({
    section: 'inclusions',
    schema: z.omit(tourInclusionsRequest, { revision: true }),
    from: (next) => ({
      included: next.included.map((entry) => ({ ...entry })),
      notIncluded: next.notIncluded.map((entry) => ({ ...entry })),
    }),
  });
  const { form, field } = section;
  const list = (key: 'included' | 'notIncluded') => {
    const entries = form.getValues()[key];
    return (
      <Stack gap="sm">
        <Text fw={600}>{t(`editor.inclusions.${key}`)}</Text>
        {entries.length === 0 && <Text size="sm">{t('editor.inclusions.empty')}</Text>}
        {entries.map((_, index) => (
          <ListRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the form keys them by place.
            key={index}
            legend={t(`editor.inclusions.${key}Item`, { number: index + 1 })}
            removeLabel={t(`editor.inclusions.${key}Remove`, { number: index + 1 })}
            onRemove={() => form.removeListItem(key, index)}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
              <LangTextFields
                field={field}
                path={`${key}.${index}.name`}
                labelKey="editor.text"
                maxLength={CATALOGUE_LIMITS.longText}
              />
              <LangTextFields
                field={field}
                path={`${key}.${index}.observation`}
                labelKey="editor.observation"
                maxLength={CATALOGUE_LIMITS.longText}
              />
            </SimpleGrid>
          </ListRow>
        ))}
        <AddButton
          label={t(`editor.inclusions.${key}Add`)}
          onClick={() =>
            form.insertListItem(key, {
              nameEn: '',
              nameEs: '',
              observationEn: '',
              observationEs: '',
            })
          }
        />
      </Stack>
    );
  };
  return (
    <EditorSection id="inclusions" section={section}>
      {list('included')}
      {list('notIncluded')}
    </EditorSection>
  );
}
