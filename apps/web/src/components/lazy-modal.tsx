import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

// Mantine's Modal (focus trap, scroll lock, transitions) loads when the dialog first opens, not
// with the first screen (ADR 0053): the booking page's itinerary, inclusions and terms.
const MantineModal = lazy(() =>
  import('./modal-dialog.tsx').then((module) => ({ default: module.Modal })),
);

/** Mantine's Modal, loaded on demand: nothing is drawn until it is first opened. */
export function Modal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (!wanted && props.opened) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MantineModal {...props} />
    </Suspense>
  );
}
