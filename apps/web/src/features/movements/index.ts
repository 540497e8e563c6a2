/** Fleets in flight, shared by the Army tab, the map overlay and the fleet-activity strip: the data and its display rules. */
export * from './movement-model';
export * from './use-movements';
