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
  EditorList,
  EditorSection,
  LangTextFields,
  useEditor,
  useSectionForm,
  wholeNumberProps,
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
      <EditorList
        items={entries}
        empty={t('editor.itinerary.empty')}
        legend={(number) => t('editor.itinerary.event', { number })}
        removeLabel={(number) => t('editor.itinerary.remove', { number })}
        onRemove={(index) => form.removeListItem('itinerary', index)}
        addLabel={t('editor.itinerary.add')}
        onAdd={() =>
          form.insertListItem('itinerary', {
            day: entries.at(-1)?.day || 1,
            nameEn: '',
            nameEs: '',
          })
        }
      >
        {(_, index) => (
          <>
            <NumberInput
              clampBehavior="none"
              label={t('editor.itinerary.day')}
              {...wholeNumberProps(1, tour.days)}
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
          </>
        )}
      </EditorList>
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
  const list = (key: 'included' | 'notIncluded') => (
    <Stack gap="sm">
      <Text fw={600}>{t(`editor.inclusions.${key}`)}</Text>
      <EditorList
        items={form.getValues()[key]}
        empty={t('editor.inclusions.empty')}
        legend={(number) => t(`editor.inclusions.${key}Item`, { number })}
        removeLabel={(number) => t(`editor.inclusions.${key}Remove`, { number })}
        onRemove={(index) => form.removeListItem(key, index)}
        addLabel={t(`editor.inclusions.${key}Add`)}
        onAdd={() =>
          form.insertListItem(key, {
            nameEn: '',
            nameEs: '',
            observationEn: '',
            observationEs: '',
          })
        }
      >
        {(_, index) => (
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
        )}
      </EditorList>
    </Stack>
  );
  return (
    <EditorSection id="inclusions" section={section}>
      {list('included')}
      {list('notIncluded')}
    </EditorSection>
  );
}
