import { Button, Flex, Text } from '@mantine/core';
import { IconCalendarEvent, IconSwitchHorizontal, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../../../lib/media.ts';
import type { ChangeAction } from '../change/change-action.ts';
import { Section } from './section.tsx';

/**
 * The ways to change a booking (issue 27), on one that may still be changed, beside its
 * cancellation: move the date, change the type or category, add a passenger (a passenger is
 * removed from their own card in the registry). Each opens the change's preview. Full-width
 * buttons one under the other on a phone, side by side on a desktop.
 */
export function ChangeSection({ onChange }: { onChange(action: ChangeAction): void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <Section id="detail-change" title={t('change.sectionTitle')}>
      <Text size="sm" mb="sm">
        {t('change.sectionHint')}
      </Text>
      <Flex
        direction={phone ? 'column' : 'row'}
        wrap="wrap"
        gap="sm"
        align={phone ? 'stretch' : 'flex-start'}
        data-testid="change-actions"
      >
        <Button
          variant="outline"
          leftSection={<IconCalendarEvent size={18} aria-hidden />}
          onClick={() => onChange({ kind: 'date' })}
        >
          {t('change.moveDate')}
        </Button>
        <Button
          variant="outline"
          leftSection={<IconSwitchHorizontal size={18} aria-hidden />}
          onClick={() => onChange({ kind: 'option' })}
        >
          {t('change.changeOption')}
        </Button>
        <Button
          variant="outline"
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={() => onChange({ kind: 'addPassenger' })}
        >
          {t('change.addPassenger')}
        </Button>
      </Flex>
    </Section>
  );
}
