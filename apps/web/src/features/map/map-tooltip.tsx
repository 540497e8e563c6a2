import { useImperativeHandle, useState, type Ref } from 'react';
import { Stack, Text } from '@mantine/core';
import classes from './map.module.css';

/** Social spec 2.6 and core 9: tooltips sit 15 px from the pointer and are 210 by 180. */
export const TOOLTIP_OFFSET_PX = 15;
const TOOLTIP_SIZE = { width: 210, height: 180 } as const;

export interface TooltipContent {
  title: string;
  lines: { text: string; tone?: 'own' | 'enemy' | 'neutral' | 'dim' | 'wreckage' }[];
}

export interface MapTooltipHandle {
  /** Shows content near a point given relative to the map's box (which is `bounds` big). */
  show(content: TooltipContent, x: number, y: number, bounds: { width: number; height: number }): void;
  hide(): void;
}

const TONE_COLOR = { own: 'acid.4', enemy: 'orange.5', neutral: 'brood.3', dim: 'dimmed', wreckage: 'cyan.4' } as const;

/** The hover card: its own state, so moving between hexes re-renders only this. */
export function MapTooltip({ ref }: { ref: Ref<MapTooltipHandle> }) {
  const [state, setState] = useState<{ content: TooltipContent; left: number; top: number } | null>(null);
  useImperativeHandle(ref, () => ({
    show(content, x, y, bounds) {
      // Flip to the other side of the pointer near the right or bottom edge.
      const { width, height } = TOOLTIP_SIZE;
      const left = x + TOOLTIP_OFFSET_PX + width > bounds.width ? Math.max(0, x - TOOLTIP_OFFSET_PX - width) : x + TOOLTIP_OFFSET_PX;
      const top = y + TOOLTIP_OFFSET_PX + height > bounds.height ? Math.max(0, y - TOOLTIP_OFFSET_PX - height) : y + TOOLTIP_OFFSET_PX;
      setState({ content, left, top });
    },
    hide() {
      setState(null);
    },
  }));
  if (!state) return null;
  return (
    <div className={classes.tooltip} style={{ left: state.left, top: state.top, width: TOOLTIP_SIZE.width, maxHeight: TOOLTIP_SIZE.height }} role="tooltip" data-testid="map-tooltip">
      <Stack gap={2}>
        <Text fw={700} size="sm" ff="monospace">
          {state.content.title}
        </Text>
        {state.content.lines.map((line, i) => (
          <Text key={i} size="xs" c={line.tone ? TONE_COLOR[line.tone] : undefined}>
            {line.text}
          </Text>
        ))}
      </Stack>
    </div>
  );
}
