import type { PassengerRegistryItem } from '@cusco/shared';
import type { TFunction } from 'i18next';

/** What the customer opened: a date move, a type or category, a passenger added or removed. */
export type ChangeAction =
  | { kind: 'date' }
  | { kind: 'option' }
  | { kind: 'addPassenger' }
  | { kind: 'removePassenger'; slot: PassengerRegistryItem };

/** The title of a change's dialog (also its loader's, while the dialog's code loads). */
export function changeTitle(action: ChangeAction, code: string, t: TFunction): string {
  switch (action.kind) {
    case 'date':
      return t('change.titleDate', { code });
    case 'option':
      return t('change.titleOption', { code });
    case 'addPassenger':
      return t('change.titleAdd', { code });
    default:
      return t('change.titleRemove', { number: action.slot.number, code });
  }
}
