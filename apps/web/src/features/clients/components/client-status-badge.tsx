import { Badge, type BadgeProps } from '@mantine/core';
import type { ClientStatus } from '../api';
import { CLIENT_STATUS_STYLE } from '../client-format';

export function ClientStatusBadge({ status, ...props }: { status: ClientStatus } & BadgeProps) {
  const style = CLIENT_STATUS_STYLE[status];
  return (
    <Badge
      color={style.color}
      variant="light"
      data-status={status}
      // A narrow table cell must not clip the label to '…'.
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
      {...props}
    >
      {style.label}
    </Badge>
  );
}
