import type { ClientInfo } from '@chatdesk/contract/schedule';
import { type ClientInfoErrors, validateClientInfo } from '@chatdesk/contract/schedule-rules';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useFullTimes, useJoinWaitlist } from '../features/schedule/waitlist-api';
import { ApiError } from '../lib/api-client';
import { pageText, usePageLanguage } from '../lib/page-language';
import { formatLongDate, formatTime } from '../lib/wall-clock';
import { ContactFields } from './contact-fields';

type Time = { date: string; timeSlot: string };

/** 'Monday, November 30, 2026, 6:00 PM' ('lunes, 30 de noviembre de 2026, 18:00'). */
const whenOf = (time: Time, locale: string) =>
  `${formatLongDate(time.date, locale)}, ${formatTime(time.timeSlot, locale)}`;

/**
 * Times that are full, each with 'Join the waitlist': name, email and an optional phone. For a
 * class, its full times ahead; for a one-to-one service (`date` given), the chosen day's times
 * someone else booked, greyed after the open ones. When a place frees up, the first in line is
 * emailed a link that holds it for them. With no professional ('anyone available'), the day's
 * times every professional of the service has booked, whose line is the first of them to free.
 */
export function WaitlistJoin({
  employeeId,
  serviceId,
  date,
}: {
  /** Absent: 'anyone available' (the business's booking page). */
  employeeId?: string;
  serviceId: string;
  /** One-to-one: the day chosen in the calendar (null: none yet). Absent for a class. */
  date?: string | null;
}) {
  const { say } = usePageLanguage();
  const texts = say.booking;
  const full = useFullTimes(employeeId, serviceId, true);
  const [chosen, setChosen] = useState<Time | null>(null);
  const oneToOne = date !== undefined;
  const times = (full.data?.times ?? []).filter((time) => !oneToOne || time.date === date);
  if (times.length === 0) return null;
  const label = (time: Time) => (oneToOne ? formatTime(time.timeSlot, say.locale) : whenOf(time, say.locale));
  return (
    <Paper withBorder radius="md" p="md" data-testid="waitlist">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            {oneToOne ? texts.takenTimes : texts.fullClasses}
          </Title>
          <Text size="sm" c="dimmed">
            {oneToOne ? texts.takenHelp : texts.fullHelp}
          </Text>
        </div>
        {chosen ? (
          <JoinForm
            time={chosen}
            employeeId={employeeId}
            serviceId={serviceId}
            onBack={() => setChosen(null)}
          />
        ) : (
          <Stack gap="xs" role="list" aria-label={oneToOne ? texts.takenTimes : texts.fullTimes}>
            {times.map((time) => (
              <Group
                key={`${time.date} ${time.timeSlot}`}
                justify="space-between"
                wrap="nowrap"
                role="listitem"
              >
                <Text size="sm" c={oneToOne ? 'dimmed' : undefined}>
                  {label(time)}
                  {oneToOne ? texts.booked : ''}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={texts.joinWaitlistFor(whenOf(time, say.locale))}
                  onClick={() => setChosen(time)}
                >
                  {texts.joinWaitlist}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function JoinForm({
  time,
  employeeId,
  serviceId,
  onBack,
}: {
  time: Time;
  employeeId: string | undefined;
  serviceId: string;
  onBack: () => void;
}) {
  const { say, language } = usePageLanguage();
  const texts = say.booking;
  const join = useJoinWaitlist();
  const [values, setValues] = useState({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<ClientInfoErrors>({});
  const when = whenOf(time, say.locale);

  if (join.data) {
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" data-testid="waitlist-joined">
        <Text size="sm" fw={600}>
          {pageText(join.data.message, say)}
        </Text>
        <Text size="sm">{texts.positionInLine(when, join.data.position)}</Text>
      </Alert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The booking form's checks, but a waitlist asks for a phone only to be told by WhatsApp too.
    const { phone: _optional, ...found } = validateClientInfo(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    join.mutate({
      ...(employeeId ? { employeeId } : {}),
      serviceId,
      date: time.date,
      timeSlot: time.timeSlot,
      name: values.name.trim(),
      email: values.email.trim(),
      ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
      language,
    });
  };

  const change = (field: keyof ClientInfo, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={texts.joinWaitlist}>
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {texts.waitlistFor(when)}
        </Text>
        {join.error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {join.error instanceof ApiError && join.error.serverMessage
              ? pageText(join.error.serverMessage, say)
              : texts.joinFailed}
          </Alert>
        ) : null}
        <ContactFields
          values={values}
          errors={errors}
          onChange={change}
          phone={{
            label: texts.phoneOptional,
            description: texts.phoneOptionalHelp,
          }}
        />
        <Group justify="space-between">
          <Button variant="subtle" onClick={onBack} disabled={join.isPending}>
            {texts.back}
          </Button>
          <Button type="submit" loading={join.isPending}>
            {texts.joinWaitlist}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
