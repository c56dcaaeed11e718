import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { Fragment } from 'react';

/** "⌘" on Apple keyboards, "Ctrl" elsewhere: the key Mantine's `mod` stands for. */
const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

const SHORTCUTS: { keys: string[][]; action: string }[] = [
  { keys: [[MOD, 'K']], action: 'Go to a page or find a chat, client, appointment or employee' },
  {
    keys: [
      ['Alt', '↑'],
      ['Alt', '↓'],
    ],
    action: 'Previous or next chat (in Chats)',
  },
  { keys: [['Esc']], action: 'Close the open menu, picker or dialog' },
  { keys: [['/']], action: 'Insert a canned reply (in the message box)' },
  { keys: [['?']], action: 'Show these shortcuts' },
];

/** What `?` opens (outside text fields): every keyboard shortcut of the staff pages. */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" centered>
      <Table verticalSpacing="sm" withRowBorders={false}>
        <Table.Tbody>
          {SHORTCUTS.map(({ keys, action }) => (
            <Table.Tr key={action}>
              <Table.Td w="40%">
                <Group gap={6} wrap="nowrap">
                  {keys.map((combo, index) => (
                    <Fragment key={combo.join('+')}>
                      {index > 0 ? (
                        <Text span size="xs" c="dimmed">
                          or
                        </Text>
                      ) : null}
                      <Group gap={3} wrap="nowrap">
                        {combo.map((key) => (
                          <Kbd key={key}>{key}</Kbd>
                        ))}
                      </Group>
                    </Fragment>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{action}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
