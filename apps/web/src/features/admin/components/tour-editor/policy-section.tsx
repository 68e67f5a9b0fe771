import {
  type AdminTourEditor,
  CATALOGUE_LIMITS,
  type ChangePolicyView,
  POLICY_LIMITS,
  type PolicyAudience,
  policyAudiences,
  tourPoliciesRequest,
} from '@cusco/shared';
import { Badge, Fieldset, NumberInput, SimpleGrid, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { useErrorText } from '../../../../lib/forms.ts';
import { useAdminText } from '../../i18n.ts';
import {
  EditorList,
  EditorSection,
  useEditor,
  useSectionForm,
  wholeNumberProps,
} from './section.tsx';

/** A number as the form holds it: a number, or empty while being typed. */
type Entry = number | '';

type PolicyValues = {
  windows: { daysBefore: Entry; keepPercent: Entry }[];
  keepDeposit: boolean;
  permitCost: Entry;
  entranceCost: Entry;
  trainCost: Entry;
  dateChangeFee: Entry;
  nameChangeFee: Entry;
  lastChangeDays: Entry;
};
type PoliciesValues = Record<PolicyAudience, PolicyValues>;

const copy = (policy: ChangePolicyView): PolicyValues => ({
  ...policy,
  windows: policy.windows.map((window) => ({ ...window })),
});

const policyValues = (tour: AdminTourEditor): PoliciesValues => ({
  standard: copy(tour.policies.standard),
  corporate: copy(tour.policies.corporate),
});

const moneyProps = {
  min: 0,
  max: CATALOGUE_LIMITS.maxPrice,
  decimalScale: 2,
  fixedDecimalScale: true,
  allowNegative: false,
  prefix: '$',
  thousandSeparator: ',',
};

/** The money fields of a policy: what is bought per traveller, then the fees. */
const tickets = ['permitCost', 'entranceCost', 'trainCost'] as const;
const fees = ['dateChangeFee', 'nameChangeFee'] as const;

/**
 * The tour's change policies (issue 27), for its public bookings and for corporate bookings on
 * credit, each in its tab: the share of the price a cancellation keeps by days left before travel
 * (a list of windows), whether the deposit is given back, what the agency buys per traveller and
 * cannot get back, the fees of a date change and of a permit holder's name or passport change,
 * and the last day for changes. Saved together, as the editor's other sections are; a tab whose
 * fields the shared schema refuses says so, and is shown.
 */
export function PoliciesSection() {
  const { t } = useAdminText();
  const section = useSectionForm<PoliciesValues>({
    section: 'policies',
    schema: z.omit(tourPoliciesRequest, { revision: true }),
    from: policyValues,
  });
  const [tab, setTab] = useState<PolicyAudience>('standard');
  const errors = section.form.errors;
  const refused = (audience: PolicyAudience) =>
    Object.keys(errors).some((path) => path.startsWith(`${audience}.`));
  const standardRefused = refused('standard');
  const corporateRefused = refused('corporate');
  // A save refused only in the tab not shown shows that tab.
  useEffect(() => {
    const other: PolicyAudience = tab === 'standard' ? 'corporate' : 'standard';
    const shownRefused = tab === 'standard' ? standardRefused : corporateRefused;
    const otherRefused = tab === 'standard' ? corporateRefused : standardRefused;
    if (!shownRefused && otherRefused) setTab(other);
  }, [tab, standardRefused, corporateRefused]);
  return (
    <EditorSection id="policies" description={t('editor.policies.help')} section={section}>
      <Tabs
        value={tab}
        onChange={(value) => value && setTab(value as PolicyAudience)}
        keepMounted
        variant="outline"
      >
        <Tabs.List>
          {policyAudiences.map((audience) => (
            <Tabs.Tab
              key={audience}
              value={audience}
              rightSection={
                refused(audience) ? (
                  <Badge color="red" variant="light" c="red.9" size="sm">
                    {t('editor.policies.check')}
                  </Badge>
                ) : null
              }
            >
              {t(`editor.policies.${audience}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {policyAudiences.map((audience) => (
          <Tabs.Panel key={audience} value={audience} pt="md">
            <PolicyFields section={section} audience={audience} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </EditorSection>
  );
}

type PoliciesForm = ReturnType<typeof useSectionForm<PoliciesValues>>;

/** One audience's policy: its windows, the deposit, the tickets, the fees and the last day. */
function PolicyFields({ section, audience }: { section: PoliciesForm; audience: PolicyAudience }) {
  const { t } = useAdminText();
  const errorText = useErrorText();
  const { canEdit } = useEditor();
  const { form, field } = section;
  const policy = form.getValues()[audience];
  const path = (name: string) => `${audience}.${name}`;
  const windowsError = form.errors[path('windows')];
  return (
    <Stack gap="md">
      <Text size="sm">{t(`editor.policies.${audience}Help`)}</Text>
      <Fieldset legend={t('editor.policies.windows')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('editor.policies.windowsHelp')}
          </Text>
          {windowsError && (
            <Text c="red.8" size="sm" role="alert">
              {errorText(windowsError)}
            </Text>
          )}
          <EditorList
            items={policy.windows}
            empty={t('editor.policies.noWindows')}
            removeLabel={(number) => t('editor.policies.removeWindow', { number })}
            onRemove={(index) => form.removeListItem(path('windows'), index)}
            addLabel={t('editor.policies.addWindow')}
            onAdd={() => form.insertListItem(path('windows'), { daysBefore: '', keepPercent: '' })}
            addDisabled={policy.windows.length >= POLICY_LIMITS.windows}
          >
            {(_, index) => (
              <SimpleGrid cols={{ base: 1, xs: 2 }} style={{ flex: 1 }}>
                <NumberInput
                  clampBehavior="none"
                  label={t('editor.policies.daysBefore', { number: index + 1 })}
                  {...wholeNumberProps(0, POLICY_LIMITS.maxDays)}
                  {...field(path(`windows.${index}.daysBefore`))}
                />
                <NumberInput
                  clampBehavior="none"
                  label={t('editor.policies.keepPercent', { number: index + 1 })}
                  {...wholeNumberProps(0, 100)}
                  suffix=" %"
                  {...field(path(`windows.${index}.keepPercent`))}
                />
              </SimpleGrid>
            )}
          </EditorList>
          {canEdit && policy.windows.length >= POLICY_LIMITS.windows && (
            <Text size="sm">
              {t('editor.policies.windowsFull', { max: POLICY_LIMITS.windows })}
            </Text>
          )}
        </Stack>
      </Fieldset>
      <Switch
        label={t('editor.policies.keepDeposit')}
        description={t('editor.policies.keepDepositHelp')}
        {...form.getInputProps(path('keepDeposit'), { type: 'checkbox' })}
        disabled={!canEdit}
      />
      <Fieldset legend={t('editor.policies.tickets')}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('editor.policies.ticketsHelp')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {tickets.map((name) => (
            <NumberInput
              clampBehavior="none"
              key={name}
              label={t(`editor.policies.${name}`)}
              {...moneyProps}
              {...field(path(name))}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('editor.policies.changes')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {fees.map((name) => (
            <NumberInput
              clampBehavior="none"
              key={name}
              label={t(`editor.policies.${name}`)}
              description={t(`editor.policies.${name}Help`)}
              {...moneyProps}
              {...field(path(name))}
            />
          ))}
          <NumberInput
            clampBehavior="none"
            label={t('editor.policies.lastChangeDays')}
            description={t('editor.policies.lastChangeDaysHelp')}
            {...wholeNumberProps(0, POLICY_LIMITS.maxDays)}
            {...field(path('lastChangeDays'))}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
