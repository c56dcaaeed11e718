import type { AffectedAppointment } from '@chatdesk/contract/time-off';
import { Alert, Anchor, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconBrandWhatsapp, IconMail, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateSpan } from '../lib/date-span';
import { paths } from '../lib/paths';

/**
 * The quickest way to reach the customer: their WhatsApp chat, else an email, else a call. Links
 * take the alert's text colour, underlined: the theme's blue is under 4.5:1 on its tint.
 */
const LINK = { size: 'sm', c: 'inherit', fw: 600, underline: 'always' } as const;

function ContactLink({ appointment }: { appointment: AffectedAppointment }) {
  const who = appointment.clientName;
  if (appointment.chatId) {
    return (
      <Anchor
        component={Link}
        to={paths.chat(appointment.chatId)}
        {...LINK}
        aria-label={`Open chat with ${who}`}
      >
        <Group gap={4} component="span" wrap="nowrap">
          <IconBrandWhatsapp size={16} aria-hidden />
          Open chat
        </Group>
      </Anchor>
    );
  }
  if (appointment.clientEmail) {
    return (
      <Anchor href={`mailto:${appointment.clientEmail}`} {...LINK} aria-label={`Email ${who}`}>
        <Group gap={4} component="span" wrap="nowrap">
          <IconMail size={16} aria-hidden />
          Email
        </Group>
      </Anchor>
    );
  }
  if (appointment.clientPhone) {
    return (
      <Anchor
        href={`tel:${appointment.clientPhone.replace(/[^\d+]/g, '')}`}
        {...LINK}
        aria-label={`Call ${who}`}
      >
        <Group gap={4} component="span" wrap="nowrap">
          <IconPhone size={16} aria-hidden />
          Call
        </Group>
      </Anchor>
    );
  }
  return (
    <Text span size="sm">
      No contact details
    </Text>
  );
}

type AffectedAppointmentsAlertProps = {
  appointments: AffectedAppointment[];
  onClose: () => void;
};

/** Appointments already booked inside new time off: staff contact each customer to move or cancel it. */
export function AffectedAppointmentsAlert({ appointments, onClose }: AffectedAppointmentsAlertProps) {
  const count = appointments.length;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={`${count} booked appointment${count === 1 ? '' : 's'} fall${count === 1 ? 's' : ''} in this time off`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      <Text size="sm" mb="xs">
        They stay booked. Contact these customers to move or cancel their appointments.
      </Text>
      <List spacing={6} size="sm" aria-label="Affected appointments">
        {appointments.map((appointment) => (
          <List.Item key={appointment.id}>
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={paths.appointment(appointment.id)} size="sm" c="inherit">
                {formatDateSpan(appointment.date, appointment.date)} at {appointment.time} ·{' '}
                {appointment.clientName} with {appointment.employeeName}
              </Anchor>
              <ContactLink appointment={appointment} />
            </Group>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
