import { Badge, VisuallyHidden } from '@mantine/core';
import { formatBadgeCount } from '../../../lib/format';

/** The Chats menu item's counter of chats handed to a person and not opened yet; hidden at zero. */
export function WaitingBadge({ count }: { count: number | undefined }) {
  if (!count || count <= 0) return null;
  return (
    <Badge size="sm" variant="filled" radius="xl" miw={22} px={6} data-testid="waiting-badge">
      {formatBadgeCount(count)}
      <VisuallyHidden>
        {count === 1 ? ' chat waiting for a person' : ' chats waiting for a person'}
      </VisuallyHidden>
    </Badge>
  );
}
