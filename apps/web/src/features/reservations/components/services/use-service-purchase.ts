import {
  type AdditionalServiceOptions,
  clampServiceQuantity,
  cleanNumericInput,
  fromCents,
  MAX_LENGTH,
  toCents,
} from '@cusco/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert, showSuccess } from '../../../../lib/error-modal.tsx';
import { type PurchaseLine, useAddServices, useServiceOptions } from '../../api/services.ts';

/** One price of a service or of another tour, named with its label: a line that can be bought. */
export interface ServiceOffer {
  id: string;
  name: string;
  value: number;
}

function toOffers(items: AdditionalServiceOptions['normal']): ServiceOffer[] {
  return items.flatMap((item) =>
    item.prices.map((price) => ({
      id: price.id,
      name: `${item.name} (${price.label})`,
      value: price.value,
    })),
  );
}

/** The booking whose services are bought, whether the form is open, and what follows. */
export interface ServicePurchaseProps {
  code: string;
  opened: boolean;
  onClose(): void;
  onSaved(): void;
}

/**
 * The add-services form: the offers of the booking's tour ("normal") and the other tours
 * ("istour"), the quantity typed for each (two digits at most), the lines above 0 and their total.
 * Save buys them (nothing to buy says so, spec §5); Close forgets what was typed.
 */
export function useServicePurchase({ code, opened, onClose, onSaved }: ServicePurchaseProps) {
  const { t } = useTranslation();
  const options = useServiceOptions(code, opened);
  const add = useAddServices(code);
  const [quantities, setQuantities] = useState<Record<string, string>>({});

  const normal = toOffers(options.data?.normal ?? []);
  const istour = toOffers(options.data?.istour ?? []);
  const quantityOf = (id: string) =>
    clampServiceQuantity(Number.parseInt(quantities[id] || '0', 10));
  const lines: PurchaseLine[] = [...normal, ...istour]
    .filter((offer) => quantityOf(offer.id) > 0)
    .map((offer) => ({
      serviceId: offer.id,
      name: offer.name,
      quantity: quantityOf(offer.id),
      unitPrice: offer.value,
      total: fromCents(toCents(offer.value) * quantityOf(offer.id)),
    }));
  const totalCents = lines.reduce((sum, line) => sum + toCents(line.total), 0);

  const setQuantity = (id: string, typed: string) => {
    const digits = cleanNumericInput(typed).slice(0, MAX_LENGTH.quantity);
    setQuantities((current) => ({ ...current, [id]: digits }));
  };

  const close = () => {
    setQuantities({});
    add.reset();
    onClose();
  };

  const save = () => {
    if (lines.length === 0) {
      showAlert(t('common.error'), t('msg:noChanges'));
      return;
    }
    add.mutate(lines, {
      onSuccess: () => {
        setQuantities({});
        onSaved();
        showSuccess(t('services.savedTitle'), t('services.savedText'));
      },
    });
  };

  return {
    options,
    normal,
    istour,
    quantities,
    setQuantity,
    total: fromCents(totalCents),
    close,
    save,
    saving: add.isPending,
  };
}
