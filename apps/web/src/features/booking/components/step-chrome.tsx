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
      // A step's name holds what it shows (axe: label-content-name-mismatch): on a wide screen
      // its number, label and description name it; on a phone, where only its number shows,
      // "Step 1 of 3 · Your tour".
      'aria-label': compact
        ? t('booking.stepOf', { step: index + 1, label: labels[index] })
        : undefined,
    }),
    stepHeading: (index: number) =>
      compact ? (
        <Title order={2} size="h4" mb="md">
          {t('booking.stepOf', { step: index + 1, label: labels[index] })}
        </Title>
      ) : null,
  };
}
