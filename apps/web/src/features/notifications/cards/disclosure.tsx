import { useState, type ReactNode } from 'react';
import { Box, Collapse, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

/**
 * A small 'chevron + label' toggle over content that starts closed. The click does not reach the
 * card around it (clicking a card marks it read).
 */
export function Disclosure({ label, children }: { label: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
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
          {label}
        </Text>
      </UnstyledButton>
      <Collapse expanded={open}>{children}</Collapse>
    </Box>
  );
}
