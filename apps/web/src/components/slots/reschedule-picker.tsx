import type { PublicSchedule } from '@chatdesk/contract/schedule';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { serverRefusal } from '../../lib/mutation-feedback';
import { usePageLanguage } from '../../lib/page-language';
import { formatShortDay, formatTime } from '../../lib/wall-clock';
import { type Slot, SlotCalendar } from './slot-calendar';
import { VisitorTime } from './visitor-time';

type ReschedulePickerProps = {
  /** The open times, as a query gives them: data once loaded, or an error with a retry. */
  slots: { data: { slots: PublicSchedule['slots'] } | undefined; isError: boolean; refetch: () => unknown };
  /** The appointment's current day and time (HH:mm), in the business's zone. */
  current: Slot;
  timeZone: string;
  employeeName: string;
  busy: boolean;
  /** Moves it; a rejection (the slot was just taken) is shown here, where the time was chosen. */
  onMove: (slot: Slot) => Promise<unknown>;
  onMoved: (slot: Slot) => void;
  onClose: () => void;
  /** Said when the server gives no reason of its own. */
  failureText: string;
  /** The server's reason in the page's language (the customer's page); as sent when absent. */
  explain?: (message: string) => string;
  /** The confirmation's question, from the new time ("Move your appointment to Fri, Nov 27, 10:00 AM?"). */
  question: (when: string) => string;
  /** What happens besides the move (payment, email), under the question. */
  note?: ReactNode;
  /** The heading's id, which names the section. */
  titleId: string;
};

/**
 * Another open time of the same employee, then a confirmation. Shared by the customer's manage
 * page and the staff appointment detail: the same calendar, the same server rules.
 */
export function ReschedulePicker({
  slots,
  current,
  timeZone,
  employeeName,
  busy,
  onMove,
  onMoved,
  onClose,
  failureText,
  explain,
  question,
  note,
  titleId,
}: ReschedulePickerProps) {
  const { say } = usePageLanguage();
  const { picker } = say;
  // 'Fri, Nov 27 at 6:00 PM', in the page's language.
  const slotText = (slot: Slot) =>
    picker.slot(formatShortDay(slot.date, say.locale), formatTime(slot.time, say.locale));
  const [date, setDate] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Slot | null>(null);
  const [error, setError] = useState<string | null>(null);

  const move = (slot: Slot) => {
    setError(null);
    onMove(slot).then(
      () => onMoved(slot),
      (failure: unknown) => {
        setChosen(null);
        const refusal = serverRefusal(failure);
        setError(refusal ? (explain?.(refusal) ?? refusal) : failureText);
      },
    );
  };

  return (
    <section aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} fz="md" id={titleId}>
            {picker.chooseNewTime}
          </Title>
          <Button variant="subtle" size="compact-sm" onClick={onClose} disabled={busy}>
            {picker.keepCurrentTime}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {picker.openTimesWith(employeeName, timeZone)}
        </Text>
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        ) : null}
        {slots.data ? (
          <SlotCalendar
            slots={slots.data.slots}
            timeZone={timeZone}
            date={date}
            selected={chosen}
            locked={false}
            busy={busy}
            onDateChange={(day) => {
              setDate(day);
              setChosen(null);
            }}
            onSlotSelect={(slot) => {
              setError(null);
              setChosen(slot);
            }}
          />
        ) : slots.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {picker.loadFailed}{' '}
            <Button variant="white" color="red" size="compact-xs" onClick={() => void slots.refetch()}>
              {picker.retry}
            </Button>
          </Alert>
        ) : (
          <Center mih={200} role="status" aria-label={picker.loading}>
            <Loader />
          </Center>
        )}
      </Stack>

      <Modal
        opened={chosen !== null}
        onClose={() => {
          if (!busy) setChosen(null);
        }}
        title={picker.dialogTitle}
        centered
        radius="lg"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {chosen ? (
          <Stack gap="md">
            <Text fw={600}>{question(slotText(chosen))}</Text>
            <VisitorTime date={chosen.date} time={chosen.time} timeZone={timeZone} />
            <Group gap={6} wrap="wrap" c="dimmed">
              <Text size="sm" td="line-through">
                {slotText(current)}
              </Text>
              <IconArrowRight size={14} aria-label={picker.to} />
              <Text size="sm">{slotText(chosen)}</Text>
            </Group>
            {note}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setChosen(null)} disabled={busy}>
                {picker.chooseAnotherTime}
              </Button>
              <Button loading={busy} onClick={() => move(chosen)}>
                {picker.moveAppointment}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </section>
  );
}
