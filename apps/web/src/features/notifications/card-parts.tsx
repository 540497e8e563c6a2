import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { formatResourceAmount, splitMentions } from '../../lib/format';
import { useGameData } from '../territories';
import { useUiStore } from '../../stores/ui-store';
import { useCardEnvironment } from './card-context';
import { coordsOf, type Amount, type Coords } from './content-shape';
import { useItemNames } from './item-names';

/** A link to r:s:p on the map: sets the map focus, switches to the Map tab, then runs the close callback. */
export function MapLink({ coords, label }: { coords: Coords; label?: string }) {
  const { onNavigate } = useCardEnvironment();
  const focusMap = useUiStore((s) => s.focusMap);
  const text = coords.join(':');
  return (
    <Tooltip label={`View ${text} on map`}>
      <Anchor
        component="button"
        type="button"
        size="sm"
        c="brood.3"
        onClick={(event) => {
          event.stopPropagation();
          focusMap({ r: coords[0], s: coords[1], p: coords[2] });
          onNavigate?.();
        }}
      >
        {label ?? text}
      </Anchor>
    </Tooltip>
  );
}

/** A coordinate value as a map link, or 'N/A' when it is missing or not three numbers. */
export function Coordinates({ value }: { value: unknown }) {
  const coords = coordsOf(value);
  return coords ? <MapLink coords={coords} /> : <Text span size="sm">N/A</Text>;
}

/** Free text with every r:s:p, [r:s:p] or (r:s:p) inside the grid turned into a map link, and ISO times formatted. */
export function LinkedText({ children }: { children: string }) {
  const grid = useGameData().data?.universe.map;
  return (
    <>
      {splitMentions(children, grid).map((segment, i) =>
        segment.kind === 'coords' ? <MapLink key={i} coords={segment.coords} label={segment.text} /> : <span key={i}>{segment.text}</span>,
      )}
    </>
  );
}

/** A labelled fact on one line. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Text size="sm" component="div" data-testid={testId}>
      <Text span size="sm" c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/** Amounts as chips ('Fiber 1.20k'); a null amount reads 'Hidden'. Nothing when the list is empty, unless `empty` is given. */
export function AmountChips({ amounts, empty, color = 'gray' }: { amounts: Amount[]; empty?: string; color?: string }) {
  const nameOf = useItemNames();
  if (amounts.length === 0) return empty ? <Text span size="sm" c="dimmed">{empty}</Text> : null;
  return (
    <Group gap={4} component="span" display="inline-flex" wrap="wrap">
      {amounts.map((a) => (
        <Badge key={a.key} variant="light" color={color} size="sm" tt="none">
          {nameOf(a.key)} {a.amount === null ? 'Hidden' : formatResourceAmount(a.amount)}
        </Badge>
      ))}
    </Group>
  );
}

/** A validation text in place of a body that cannot be shown. */
export function InvalidContent({ children }: { children: string }) {
  return (
    <Text component="div" size="sm" c="red.4" fs="italic" data-invalid-content>
      {children}
    </Text>
  );
}

/** 'green.6' -> the Mantine CSS variable, for borders drawn with plain styles. */
export function cssColour(colour: string): string {
  const [name, shade = '6'] = colour.split('.');
  return `var(--mantine-color-${name}-${shade})`;
}
