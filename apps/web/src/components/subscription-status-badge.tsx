import { Badge, type BadgeProps } from '@mantine/core';

export const SUBSCRIPTION_STATUS_STYLE: Record<string, { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal' },
  trialing: { label: 'Trialing', color: 'blue' },
  past_due: { label: 'Past Due', color: 'orange' },
  canceled: { label: 'Canceled', color: 'red' },
  unpaid: { label: 'Unpaid', color: 'red' },
  incomplete: { label: 'Incomplete', color: 'gray' },
};

/** A narrow table cell must not clip the label to '…'. */
const unclipped = {
  style: { flexShrink: 0, overflow: 'visible' },
  styles: { label: { overflow: 'visible' } },
} as const;

/** Shared by the subscription screens and the client detail's subscription summary. */
export function SubscriptionStatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const style = SUBSCRIPTION_STATUS_STYLE[status] ?? { label: status, color: 'gray' };
  return (
    <Badge color={style.color} variant="light" data-status={status} {...unclipped} {...props}>
      {style.label}
    </Badge>
  );
}

/** Shown while a subscription runs to the end of its period and then stops. */
export function CancelingBadge(props: BadgeProps) {
  return (
    <Badge color="yellow" variant="outline" {...unclipped} {...props}>
      Canceling
    </Badge>
  );
}
