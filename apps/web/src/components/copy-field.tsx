import { Button, CopyButton, Group, Textarea, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { FocusEvent, ReactNode } from 'react';

type CopyFieldProps = {
  label: string;
  description?: ReactNode;
  value: string;
  /** Code (a snippet) rather than a link: monospace, wrapped over as many lines as it takes. */
  code?: boolean;
};

const selectAll = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => event.currentTarget.select();

/**
 * Something to paste elsewhere (a calendar feed's link, the web chat's snippet): read-only, all of it
 * selected on focus, with a Copy button beside it that says Copied once it has.
 */
export function CopyField({ label, description, value, code = false }: CopyFieldProps) {
  // Code needs its width: on a phone the button goes under it rather than squeeze it to a column.
  const shared = {
    label,
    description,
    value,
    readOnly: true,
    style: { flex: code ? '1 1 18rem' : 1, minWidth: 0 },
  };
  return (
    <Group gap="xs" align="flex-end" wrap={code ? 'wrap' : 'nowrap'}>
      {code ? (
        <Textarea
          {...shared}
          autosize
          minRows={1}
          onFocus={selectAll}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
      ) : (
        <TextInput {...shared} onFocus={selectAll} />
      )}
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant="default"
            onClick={copy}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
