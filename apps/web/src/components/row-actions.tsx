import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type RowAction = {
  /** The button's accessible name. */
  label: string;
  tooltip?: string;
  icon: ReactNode;
  color?: string;
} & ({ to: string; state?: unknown } | { href: string } | { onClick: () => void });

/** The icon buttons at the end of a table row or card: links, pages in a new tab, or actions. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {actions.map((action) => {
        const common = {
          variant: 'subtle',
          size: 'lg',
          color: action.color,
          'aria-label': action.label,
        } as const;
        return (
          <Tooltip key={action.label} label={action.tooltip ?? action.label}>
            {'to' in action ? (
              <ActionIcon component={Link} to={action.to} state={action.state} {...common}>
                {action.icon}
              </ActionIcon>
            ) : 'href' in action ? (
              <ActionIcon
                component="a"
                href={action.href}
                target="_blank"
                rel="noopener noreferrer"
                {...common}
              >
                {action.icon}
              </ActionIcon>
            ) : (
              <ActionIcon onClick={action.onClick} {...common}>
                {action.icon}
              </ActionIcon>
            )}
          </Tooltip>
        );
      })}
    </Group>
  );
}

/** `state`: router state for the link, such as `fromList` so the form returns to the list as it was. */
export const editAction = (to: string, state?: unknown): RowAction => ({
  label: 'Edit',
  icon: <IconPencil size={18} />,
  to,
  state,
});
export const deleteAction = (onClick: () => void): RowAction => ({
  label: 'Delete',
  icon: <IconTrash size={18} />,
  color: 'red',
  onClick,
});
