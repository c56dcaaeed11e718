import { Card, Collapse, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

type CollapsibleSectionProps = {
  title: string;
  description: string;
  icon: ReactNode;
  opened: boolean;
  onToggle: () => void;
  children: ReactNode;
};

export function CollapsibleSection({
  title,
  description,
  icon,
  opened,
  onToggle,
  children,
}: CollapsibleSectionProps) {
  const contentId = useId();
  return (
    <Card p={0}>
      <UnstyledButton
        onClick={onToggle}
        aria-expanded={opened}
        aria-controls={contentId}
        p={{ base: 'md', sm: 'lg' }}
        w="100%"
      >
        <Group wrap="nowrap" gap="md">
          <ThemeIcon variant="light" size={40} radius="md">
            {icon}
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          <IconChevronDown
            size={20}
            color="var(--mantine-color-gray-6)"
            style={{ transition: 'transform 200ms ease', transform: opened ? 'rotate(180deg)' : 'none' }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened} id={contentId} keepMounted={false}>
        <Card.Section withBorder inheritPadding px={{ base: 'md', sm: 'lg' }} py="lg" mx={0}>
          {children}
        </Card.Section>
      </Collapse>
    </Card>
  );
}
