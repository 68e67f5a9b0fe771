import { type AdminTourEditor, tourRules } from '@cusco/shared';
import { Checkbox, Fieldset, Group, NumberInput, SimpleGrid, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useLanguage } from '../../../../lib/i18n.ts';
import { useAdminText } from '../../i18n.ts';
import { EditorSection, useEditor, useSectionForm } from './section.tsx';

type RulesValues = AdminTourEditor['rules'];

/** Monday first, as the agency's week is read; 0 is Sunday. */
const week = [1, 2, 3, 4, 5, 6, 0];
const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/**
 * When the tour runs and how many it takes (issue 14): the lead time, the months it does not
 * run, the days of the week it runs; the seats of each group and the private groups a day on
 * dates the agency has not scheduled (empty: no limit); the staff walking with each traveller,
 * who use trail permits too; the most passengers one booking carries; and the crew rule (issue
 * 29): what a departure's crew should be, which its screen shows what is missing of.
 */
export function RulesSection() {
  const { t } = useAdminText();
  const language = useLanguage();
  const { canEdit } = useEditor();
  const section = useSectionForm<RulesValues>({
    section: 'rules',
    schema: tourRules,
    from: (tour: AdminTourEditor) => ({ ...tour.rules }),
  });
  const { form, field } = section;
  /** A number field whose empty value is null ("no limit"), or kept as typed. */
  const number = (
    name: keyof RulesValues,
    options: {
      max: number;
      nullable?: boolean;
      decimals?: boolean;
      /** The label and its hint, when they are not the editor's own (`editor.rules.{name}`). */
      label?: string;
      help?: string;
    },
  ) => {
    const props = field(name);
    const value = form.values[name];
    // A number out of range is refused with its range, never clamped to it (issue 28).
    const outOfRange =
      typeof value === 'number' && (value < 0 || value > options.max)
        ? t('ops.editor.outOfRange', { min: 0, max: options.max })
        : null;
    return (
      <NumberInput
        label={options.label ?? t(`editor.rules.${name}`)}
        description={options.help ?? t(`editor.rules.${name}Help`)}
        min={0}
        max={options.max}
        clampBehavior="none"
        allowDecimal={options.decimals ?? false}
        decimalScale={options.decimals ? 1 : 0}
        {...props}
        error={props.error ? (outOfRange ?? props.error) : null}
        value={(form.values[name] as number | null) ?? ''}
        onChange={(value) =>
          form.setFieldValue(
            name,
            (value === '' ? (options.nullable ? null : '') : Number(value)) as never,
          )
        }
      />
    );
  };
  /** Days or months as checkboxes; the form holds their numbers. */
  const checks = (
    name: 'weekdays' | 'closedMonths',
    values: number[],
    label: (n: number) => string,
  ) => (
    <Checkbox.Group
      label={t(`editor.rules.${name}`)}
      description={t(`editor.rules.${name}Help`)}
      error={field(name).error}
      value={form.values[name].map(String)}
      onChange={(next) => canEdit && form.setFieldValue(name, next.map(Number))}
      readOnly={!canEdit}
    >
      <Group gap="sm" mt={6}>
        {values.map((value) => (
          <Checkbox key={value} value={String(value)} label={label(value)} disabled={!canEdit} />
        ))}
      </Group>
    </Checkbox.Group>
  );
  return (
    <EditorSection id="rules" description={t('editor.rules.help')} section={section}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {number('leadDays', { max: 365 })}
        {number('capacity', { max: 999, nullable: true })}
        {number('privateGroups', { max: 99, nullable: true })}
        {number('maxGroupSize', { max: 99 })}
        {number('staffRatio', { max: 10, decimals: true })}
      </SimpleGrid>
      <Fieldset legend={t('crew.rule.title')}>
        <Text size="sm" mb="sm">
          {t('crew.rule.help')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {number('guideEvery', {
            max: 99,
            label: t('crew.rule.guideEvery'),
            help: t('crew.rule.guideEveryHelp'),
          })}
          {number('cooks', {
            max: 20,
            label: t('crew.rule.cooks'),
            help: t('crew.rule.cooksHelp'),
          })}
          {number('portersPerTraveller', {
            max: 10,
            decimals: true,
            label: t('crew.rule.portersPerTraveller'),
            help: t('crew.rule.portersPerTravellerHelp'),
          })}
        </SimpleGrid>
      </Fieldset>
      {checks('weekdays', week, (day) => dayjs().day(day).locale(language).format('dddd'))}
      {checks('closedMonths', months, (month) =>
        dayjs()
          .month(month - 1)
          .locale(language)
          .format('MMMM'),
      )}
    </EditorSection>
  );
}
