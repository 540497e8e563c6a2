export { useFairPlay, usePlayerMarkers, type FairPlayAnswer, type FairPlayTarget } from './use-fair-play';
export { MarkerLegend, PlayerMarkers, markerSuffix } from './markers';
export { VacationBadge, VacationMenuItem } from './vacation';
export { FairPlayRefusal } from './refusal';
