import { ActionIcon } from '@mantine/core';
import { IconChevronDown, IconChevronLeft, IconChevronRight, IconChevronUp, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { ZOOM_STEP } from './geometry';
import type { MapCamera } from './use-map-camera';
import classes from './map.module.css';

/** Social spec 9: phone buttons pan by 25% of the view (and zoom by the usual step). */
export const MOBILE_PAN_SHARE = 0.25;

/** Zoom and pan buttons for phones, laid out as a small cross with zoom in the corners. */
export function MobileControls({ camera }: { camera: MapCamera }) {
  const button = (label: string, onClick: () => void, icon: React.ReactNode, area: string) => (
    <ActionIcon size={38} variant="filled" color="dark.6" aria-label={label} onClick={onClick} style={{ gridArea: area, border: '1px solid var(--bs-edge)' }}>
      {icon}
    </ActionIcon>
  );
  return (
    <div className={classes.mobileControls} data-testid="map-mobile-controls">
      {button('Zoom in', () => camera.zoomBy(ZOOM_STEP), <IconZoomIn size={18} />, '1 / 1')}
      {button('Pan up', () => camera.panBy(0, -MOBILE_PAN_SHARE), <IconChevronUp size={18} />, '1 / 2')}
      {button('Zoom out', () => camera.zoomBy(1 / ZOOM_STEP), <IconZoomOut size={18} />, '1 / 3')}
      {button('Pan left', () => camera.panBy(-MOBILE_PAN_SHARE, 0), <IconChevronLeft size={18} />, '2 / 1')}
      {button('Pan right', () => camera.panBy(MOBILE_PAN_SHARE, 0), <IconChevronRight size={18} />, '2 / 3')}
      {button('Pan down', () => camera.panBy(0, MOBILE_PAN_SHARE), <IconChevronDown size={18} />, '3 / 2')}
    </div>
  );
}
