import { Badge } from '@mantine/core';
import { formatBadgeCount } from '../../../lib/format';

/** The sidebar counter: hidden at zero, capped at '99+'. */
export function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count || count <= 0) return null;
  return (
    <Badge size="sm" variant="filled" color="red" radius="xl" miw={22} px={6}>
      {formatBadgeCount(count)}
    </Badge>
  );
}
