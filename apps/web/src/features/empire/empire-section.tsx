import { useState, type ReactNode } from 'react';
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

/** Sticky first column of the overview: the row's label stays visible while territories scroll. */
export const LABEL_CELL_STYLE = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--bs-glass-strong)',
  minWidth: 150,
  maxWidth: 190,
} as const;

/** A collapsible group of rows: a header row that toggles, then its rows when open. */
export function EmpireSection({ title, span, defaultOpen = false, children }: { title: string; span: number; defaultOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <>
      <Table.Tr data-testid={`section-${title}`} data-open={open || undefined}>
        <Table.Td colSpan={span} p={0} style={{ background: 'rgba(151, 71, 255, 0.08)' }}>
          <UnstyledButton onClick={() => setOpen((o) => !o)} w="100%" px="sm" py={6} aria-expanded={open}>
            <Group gap={6} wrap="nowrap" style={{ position: 'sticky', left: 8, width: 'max-content' }}>
              {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              <Text fz="xs" fw={700} tt="uppercase" lts="0.1em" c="brood.2">
                {title}
              </Text>
            </Group>
          </UnstyledButton>
        </Table.Td>
      </Table.Tr>
      {open && children}
    </>
  );
}

/** One labelled row with a cell per territory. */
export function EmpireRow({ label, cells }: { label: ReactNode; cells: ReactNode[] }) {
  return (
    <Table.Tr>
      <Table.Td style={LABEL_CELL_STYLE}>
        <Text fz="xs" fw={600}>
          {label}
        </Text>
      </Table.Td>
      {cells.map((cell, i) => (
        <Table.Td key={i} fz="xs" style={{ whiteSpace: 'nowrap' }}>
          {cell}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

/** A row whose content belongs to the player, not a territory: one cell across every column. */
export function EmpireWideRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span}>{children}</Table.Td>
    </Table.Tr>
  );
}
