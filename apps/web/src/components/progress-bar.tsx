import { Progress, type MantineColor, type ProgressRootProps } from '@mantine/core';

export interface ProgressBarProps extends Omit<ProgressRootProps, 'children' | 'role'> {
  /** Percent done, 0 to 100 (clamped). */
  value: number;
  /** What a screen reader announces the bar as. */
  label: string;
  color?: MantineColor;
}

/**
 * Every progress bar of the app (queues, flights, battle replays): one element carrying
 * role="progressbar", its name and aria-valuenow/min/max, the same element its test id and data
 * sit on, so a screen reader and a test read the bar where it is drawn.
 */
export function ProgressBar({ value, label, color, ...root }: ProgressBarProps) {
  const percent = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  const now = Math.round(percent);
  return (
    <Progress.Root role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={now} aria-valuetext={`${now}%`} {...root}>
      <Progress.Section value={percent} color={color} withAria={false} />
    </Progress.Root>
  );
}
