import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const STEP_CHOOSE = 0;
export const STEP_CONTACT = 1;
export const STEP_PAYMENT = 2;

/**
 * The Stepper's labels of the three steps. On a phone (`compact`) the steps show as numbers,
 * and each step names itself in a heading above its content.
 */
export function useStepChrome(compact: boolean) {
  const { t } = useTranslation();
  const labels = [
    t('booking.steps.choose'),
    t('booking.steps.contact'),
    t('booking.steps.payment'),
  ];
  const descriptions = [
    t('booking.steps.chooseDescription'),
    t('booking.steps.contactDescription'),
    t('booking.steps.paymentDescription'),
  ];
  return {
    stepProps: (index: number) => ({
      label: compact ? undefined : labels[index],
      description: compact ? undefined : descriptions[index],
      'aria-label': labels[index],
    }),
    stepHeading: (index: number) =>
      compact ? (
        <Title order={2} size="h4" mb="md">
          {t('booking.stepOf', { step: index + 1, label: labels[index] })}
        </Title>
      ) : null,
  };
}
