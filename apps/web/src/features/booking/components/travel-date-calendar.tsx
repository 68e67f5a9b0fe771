import { DatePicker, type DatePickerProps } from '@mantine/dates';
import { LocalDates } from '../../../components/local-dates.tsx';
import { Modal } from '../../../components/modal-dialog.tsx';

/** What the calendar shows and allows: the days, the range, the labels (not the value). */
export type TravelCalendarOptions = Omit<DatePickerProps<'default'>, 'value' | 'onChange' | 'type'>;

export interface TravelCalendarProps extends TravelCalendarOptions {
  opened: boolean;
  /** The dialog's name: the field's label. */
  title: string;
  value: string | null;
  onPick(date: string): void;
  onClose(): void;
}

/**
 * The travel date's calendar (Mantine's DatePicker, weeks from Monday) in a dialog, as Mantine's
 * own date input shows it with `dropdownType="modal"`: its code and styles load on demand
 * (travel-date.tsx, ADR 0053). The dialog traps the focus and closes on Escape or outside.
 */
export function TravelCalendar({
  opened,
  title,
  value,
  onPick,
  onClose,
  ...calendar
}: TravelCalendarProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="auto"
      centered
      // travel-date.tsx gives the focus back to the field (the dialog can mount already open,
      // and then has no element to return it to).
      returnFocus={false}
      data-dates-modal
    >
      <LocalDates>
        <DatePicker
          {...calendar}
          defaultDate={value ?? calendar.minDate ?? undefined}
          value={value}
          onChange={(date) => {
            if (date) onPick(date);
          }}
        />
      </LocalDates>
    </Modal>
  );
}
