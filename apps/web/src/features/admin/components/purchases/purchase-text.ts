import type { PurchaseKind, PurchaseMissingField, PurchasePerson } from '@cusco/shared';
import { useAdminText } from '../../i18n.ts';

/** How the back office words the purchases: items with their details, people, what is missing. */
export function usePurchaseText() {
  const { t } = useAdminText();
  const kind = (value: PurchaseKind) => t(`purchases.kinds.${value}`);
  const direction = (value: string | undefined) =>
    value ? t(`purchases.directions.${value}`, { defaultValue: value }) : '';
  /** "Train · Return 14:55, Expedition": the kind, then its details. */
  const item = (value: { kind: PurchaseKind; details: Record<string, string> }) => {
    const details = value.details;
    const detail =
      value.kind === 'entry'
        ? t('purchases.entryDetails', details)
        : value.kind === 'train'
          ? t('purchases.trainDetails', { ...details, direction: direction(details.direction) })
          : value.kind === 'bus'
            ? direction(details.direction)
            : '';
    return detail ? `${kind(value.kind)} · ${detail}` : kind(value.kind);
  };
  const person = (value: Pick<PurchasePerson, 'name' | 'position'>) =>
    value.name || t('purchases.noName', { position: value.position ?? '' });
  const missing = (fields: readonly PurchaseMissingField[]) =>
    fields.map((field) => t(`purchases.fields.${field}`)).join(', ');
  const role = (value: PurchasePerson['role']) => t(`purchases.roles.${value}`);
  return { kind, item, person, missing, role };
}
