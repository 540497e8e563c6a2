import { memo } from 'react';
import type { FleetMarker } from './fleet-overlay';
import classes from './map.module.css';

/** Fleet movements as an overlay (social 2.5): a dashed route and a dot where the fleet is, in its mission colour. */
export const FleetLayer = memo(function FleetLayer({ fleets }: { fleets: readonly FleetMarker[] }) {
  return (
    <g data-layer="fleets">
      {fleets.map((f) => (
        <g key={f.id} data-testid="map-fleet" data-fleet-id={f.id} style={{ color: f.color }}>
          <path className={classes.fleetRoute} d={`M${f.from.x} ${f.from.y}L${f.to.x} ${f.to.y}`} />
          <path className={classes.fleetHalo} d={`M${f.at.x} ${f.at.y}l0 0`} />
          <path className={f.hostile ? `${classes.fleetDot} ${classes.fleetHostile}` : classes.fleetDot} d={`M${f.at.x} ${f.at.y}l0 0`} />
        </g>
      ))}
    </g>
  );
});
