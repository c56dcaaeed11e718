import type { AppointmentStatus } from '@chatdesk/contract/appointments';
import { Badge, type BadgeProps } from '@mantine/core';
import { APPOINTMENT_STATUS_STYLE } from '../appointment-format';

export function AppointmentStatusBadge({ status, ...props }: { status: AppointmentStatus } & BadgeProps) {
  const style = APPOINTMENT_STATUS_STYLE[status];
  return (
    <Badge color={style.color} variant="light" data-status={status} {...props}>
      {style.label}
    </Badge>
  );
}
