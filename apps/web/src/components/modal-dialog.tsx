// Mantine's Modal, in a chunk of its own: lazy-modal.tsx loads it when a dialog first opens.
export { Modal } from '@mantine/core';
