import { Badge, VisuallyHidden } from '@mantine/core';
import { IconUserExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatBadgeCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';

const waitingWords = (count: number) =>
  count === 1 ? 'chat waiting for a person' : 'chats waiting for a person';

/** The Chats menu item's counter of chats handed to a person and not answered yet; hidden at zero. */
export function WaitingBadge({ count }: { count: number | undefined }) {
  if (!count || count <= 0) return null;
  return (
    <Badge size="sm" variant="filled" radius="xl" miw={22} px={6} data-testid="waiting-badge">
      {formatBadgeCount(count)}
      <VisuallyHidden> {waitingWords(count)}</VisuallyHidden>
    </Badge>
  );
}

/**
 * The same count in the header, for phones, where the menu with the Chats badge is folded away:
 * a link to the chats, in words ("2 waiting"), not a coloured dot; its name starts with what it shows.
 */
export function WaitingHeaderLink({ count }: { count: number | undefined }) {
  if (!count || count <= 0) return null;
  return (
    <Badge
      component={Link}
      to={paths.home}
      size="lg"
      variant="light"
      color="orange"
      radius="xl"
      tt="none"
      leftSection={<IconUserExclamation size={15} />}
      style={{ cursor: 'pointer', flexShrink: 0 }}
      data-testid="header-waiting"
    >
      {formatBadgeCount(count)} waiting
      <VisuallyHidden> for a person</VisuallyHidden>
    </Badge>
  );
}
