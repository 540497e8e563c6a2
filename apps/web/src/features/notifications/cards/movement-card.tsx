import { Stack, Text } from '@mantine/core';
import { missionLabel } from '@brood/game-core';
import { formatDate } from '../../../lib/format';
import { AmountChips, Fact, InvalidContent, LinkedText, MapLink } from '../card-parts';
import { amountsOf, coordsFrom, messageOf, text, type Row } from '../content-shape';
import { NO_FAILURE_DETAILS, NO_MOVEMENT_DETAILS } from './report-rules';

const AMOUNT_FIELDS = [
  ['units', 'Units'],
  ['resources', 'Resources'],
  ['returned_units', 'Returned units'],
  ['returned_resources', 'Returned resources'],
  ['transported_units', 'Transported units'],
  ['delivered_resources', 'Delivered'],
  ['stationed_units', 'Stationed units'],
  ['stationed_resources', 'Stationed resources'],
] as const;

function Place({ label, row, coordKeys, nameKey }: { label: string; row: Row; coordKeys: string[]; nameKey: string }) {
  const coords = coordsFrom(row, ...coordKeys);
  // The server names a place without a territory by its coordinates: show them once.
  const name = coords && text(row[nameKey]) === coords.join(':') ? undefined : text(row[nameKey]);
  if (!coords && !name) return null;
  return (
    <Fact label={label}>
      {name && `${name} `}
      {coords ? <MapLink coords={coords} /> : 'N/A'}
    </Fact>
  );
}

const isFailure = (type: string) => type === 'FLEET_LOST' || type.endsWith('_FAILED');

/** Fleet, transport, stationing and colonization events: the route, what moved, and why it failed. */
export function MovementBody({ type, content }: { type: string; content: Row }) {
  const reason = text(content.reason_lost) ?? text(content.reason_failed);
  const details = messageOf({ details: content.details, message: content.message });
  const places = [
    <Place key="o" label="From" row={content} coordKeys={['origin_coords', 'origin_coords_str']} nameKey="origin_territory_name" />,
    <Place key="d" label="To" row={content} coordKeys={['destination_coords', 'destination_coords_str']} nameKey="destination_territory_name" />,
    <Place key="t" label="Original target" row={content} coordKeys={['original_target_coords', 'original_target_coords_str']} nameKey="original_target_territory_name" />,
    <Place key="c" label="Colonized" row={content} coordKeys={['colonized_coords', 'colonized_coords_str']} nameKey="colonized_planet_name" />,
  ];
  const amounts = AMOUNT_FIELDS.map(([field, label]) => ({ field, label, list: amountsOf(content[field]) })).filter((a) => a.list.length > 0);
  const known = places.some((p) => coordsFrom(content, ...p.props.coordKeys) || text(content[p.props.nameKey])) || amounts.length > 0;
  return (
    <Stack gap={2}>
      {isFailure(type) && (
        <Text component="div" size="sm" c="red.4">
          <LinkedText>{reason ?? details ?? NO_FAILURE_DETAILS}</LinkedText>
        </Text>
      )}
      {places}
      {text(content.original_mission) && <Fact label="Mission">{missionLabel(text(content.original_mission)!)}</Fact>}
      {text(content.returns_at) && (
        <Fact label="Home at" testId="fleet-home-at">
          {formatDate(text(content.returns_at))}
        </Fact>
      )}
      {amounts.map((a) => (
        <Fact key={a.field} label={a.label}>
          <AmountChips amounts={a.list} />
        </Fact>
      ))}
      {details && !(isFailure(type) && !reason) && (
        <Text component="div" size="sm" c="dimmed">
          <LinkedText>{details}</LinkedText>
        </Text>
      )}
      {!known && !details && !isFailure(type) && <InvalidContent>{NO_MOVEMENT_DETAILS}</InvalidContent>}
    </Stack>
  );
}
