import {
  type AdminTourEditor,
  CATALOGUE_LIMITS,
  tourInclusionsRequest,
  tourItineraryRequest,
  tourTextsRequest,
} from '@cusco/shared';
import {
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useAdminText } from '../../i18n.ts';
import {
  AddButton,
  EditorSection,
  RemoveButton,
  useEditor,
  useFieldProps,
  useSectionForm,
} from './section.tsx';

/** The tour's name in English and Spanish. */
export function NamesSection() {
  const { t } = useAdminText();
  const { form, submit, saving, error } = useSectionForm({
    section: 'texts',
    schema: tourTextsRequest.omit({ revision: true }),
    from: (tour: AdminTourEditor) => ({ nameEn: tour.nameEn, nameEs: tour.nameEs }),
  });
  const field = useFieldProps(form);
  return (
    <EditorSection
      id="names"
      title={t('editor.names.title')}
      saveLabel={t('editor.names.save')}
      onSubmit={submit}
      saving={saving}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('editor.nameEn')}
          required
          maxLength={CATALOGUE_LIMITS.shortText}
          {...field('nameEn')}
        />
        <TextInput
          label={t('editor.nameEs')}
          required
          maxLength={CATALOGUE_LIMITS.shortText}
          {...field('nameEs')}
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
  const { form, submit, saving, error } = useSectionForm<ItineraryValues>({
    section: 'itinerary',
    schema: tourItineraryRequest.omit({ revision: true }),
    from: (next) => ({ itinerary: next.itinerary.map((entry) => ({ ...entry })) }),
  });
  const field = useFieldProps(form);
  const entries = form.getValues().itinerary;
  return (
    <EditorSection
      id="itinerary"
      title={t('editor.itinerary.title')}
      description={t('editor.itinerary.help', { days: tour.days })}
      saveLabel={t('editor.itinerary.save')}
      onSubmit={submit}
      saving={saving}
      error={error}
    >
      {entries.length === 0 && <Text size="sm">{t('editor.itinerary.empty')}</Text>}
      {entries.map((_, index) => (
        <Fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the form keys them by place.
          key={index}
          legend={t('editor.itinerary.event', { number: index + 1 })}
          variant="filled"
        >
          <Group align="flex-start" wrap="nowrap" gap="sm">
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
              <Textarea
                label={t('editor.textEn')}
                autosize
                minRows={1}
                maxLength={CATALOGUE_LIMITS.longText}
                {...field(`itinerary.${index}.nameEn`)}
              />
              <Textarea
                label={t('editor.textEs')}
                autosize
                minRows={1}
                maxLength={CATALOGUE_LIMITS.longText}
                {...field(`itinerary.${index}.nameEs`)}
              />
            </Stack>
            <RemoveButton
              label={t('editor.itinerary.remove', { number: index + 1 })}
              onClick={() => form.removeListItem('itinerary', index)}
            />
          </Group>
        </Fieldset>
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
  const { form, submit, saving, error } = useSectionForm<InclusionValues>({
    section: 'inclusions',
    schema: tourInclusionsRequest.omit({ revision: true }),
    from: (next) => ({
      included: next.included.map((entry) => ({ ...entry })),
      notIncluded: next.notIncluded.map((entry) => ({ ...entry })),
    }),
  });
  const field = useFieldProps(form);
  const list = (key: 'included' | 'notIncluded') => {
    const entries = form.getValues()[key];
    return (
      <Stack gap="sm">
        <Text fw={600}>{t(`editor.inclusions.${key}`)}</Text>
        {entries.length === 0 && <Text size="sm">{t('editor.inclusions.empty')}</Text>}
        {entries.map((_, index) => (
          <Fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the form keys them by place.
            key={index}
            legend={t(`editor.inclusions.${key}Item`, { number: index + 1 })}
            variant="filled"
          >
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }}>
                <TextInput
                  label={t('editor.textEn')}
                  maxLength={CATALOGUE_LIMITS.longText}
                  {...field(`${key}.${index}.nameEn`)}
                />
                <TextInput
                  label={t('editor.textEs')}
                  maxLength={CATALOGUE_LIMITS.longText}
                  {...field(`${key}.${index}.nameEs`)}
                />
                <TextInput
                  label={t('editor.observationEn')}
                  maxLength={CATALOGUE_LIMITS.longText}
                  {...field(`${key}.${index}.observationEn`)}
                />
                <TextInput
                  label={t('editor.observationEs')}
                  maxLength={CATALOGUE_LIMITS.longText}
                  {...field(`${key}.${index}.observationEs`)}
                />
              </SimpleGrid>
              <RemoveButton
                label={t(`editor.inclusions.${key}Remove`, { number: index + 1 })}
                onClick={() => form.removeListItem(key, index)}
              />
            </Group>
          </Fieldset>
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
    <EditorSection
      id="inclusions"
      title={t('editor.inclusions.title')}
      saveLabel={t('editor.inclusions.save')}
      onSubmit={submit}
      saving={saving}
      error={error}
    >
      {list('included')}
      {list('notIncluded')}
    </EditorSection>
  );
}
