import { useState } from 'react';
import { Box, Code, Collapse, UnstyledButton, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

/** Content no card understands: a collapsible view of the raw data. */
export function TechnicalDetails({ content }: { content: unknown }) {
  const [open, setOpen] = useState(false);
  let raw: string;
  try {
    raw = JSON.stringify(content, null, 2) ?? String(content);
  } catch {
    raw = String(content);
  }
  return (
    <Box>
      <UnstyledButton
        onClick={(event) => {
          event.stopPropagation();
          setOpen((o) => !o);
        }}
        aria-expanded={open}
      >
        <Text size="xs" c="dimmed" component="span" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          {open ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}
          Technical Details
        </Text>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Code block mt={4} style={{ maxHeight: 240, overflow: 'auto', fontSize: 11 }}>
          {raw}
        </Code>
      </Collapse>
    </Box>
  );
}
