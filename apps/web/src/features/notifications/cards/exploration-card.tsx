import { Box, Stack, Text } from '@mantine/core';
import { formatDate } from '../../../lib/format';
import { AmountChips, Coordinates, Fact, InvalidContent, LinkedText, cssColour } from '../card-parts';
import { amountsOf, isRecord, text, type Row } from '../content-shape';
import { combatHeadline } from './combat-rules';
import { explorationColour, readExploration, readSalvage, salvageColour } from './report-rules';

function Amounts({ label, value, color }: { label: string; value: unknown; color?: string }) {
  const amounts = amountsOf(value);
  if (amounts.length === 0) return null;
  return (
    <Fact label={label}>
      <AmountChips amounts={amounts} {...(color ? { color } : {})} />
    </Fact>
  );
}

function Exploration({ report }: { report: Row }) {
  const colour = explorationColour(report);
  const combat = isRecord(report.combat_report) ? report.combat_report : null;
  const wreck = isRecord(report.wreckage_info) ? report.wreckage_info : null;
  const message = text(report.message);
  return (
    <Box pl="sm" style={{ borderLeft: `3px solid ${cssColour(`${colour}.6`)}` }} data-exploration-colour={colour}>
      {message && (
        <Text component="div" size="sm">
          <LinkedText>{message}</LinkedText>
        </Text>
      )}
      <Stack gap={2} mt={2}>
        <Fact label="Location">
          {text(report.location_name) ? `${text(report.location_name)} ` : ''}
          <Coordinates value={report.location_coords} />
        </Fact>
        <Amounts label="Found" value={report.found_resources} color="acid" />
        <Amounts label="Units joined" value={report.added_units} color="green" />
        <Amounts label="Surrendered to you" value={report.gained_surrendered_units} color="green" />
        <Amounts label="Units lost" value={report.lost_units} color="red" />
        <Amounts label="Fleet now" value={report.final_fleet_units} />
        <Amounts label="Cargo now" value={report.final_fleet_resources} />
        {combat && (
          <Fact label="Combat">
            {/* the explorer is the attacking side of its fight */}
            {combatHeadline(text(combat.outcome) ?? '', 'ATTACKER')} {combat.combat_start_time_utc !== undefined && `(${formatDate(combat.combat_start_time_utc as string)})`}
          </Fact>
        )}
        {combat && <Amounts label="Hostile fleet" value={combat.hostile_units} color="red" />}
        {wreck && (
          <Fact label="Wreckage left">
            <AmountChips amounts={amountsOf(wreck.resources)} /> <Coordinates value={wreck.location_coords} />
          </Fact>
        )}
      </Stack>
    </Box>
  );
}

/** Exploration results; the colour tells what happened. */
export function ExplorationBody({ content }: { content: unknown }) {
  const read = readExploration(content);
  if ('error' in read) return <InvalidContent>{read.error}</InvalidContent>;
  return <Exploration report={read.report} />;
}

/** Salvage results, or a failure's reason. */
export function SalvageBody({ type, content }: { type: string; content: unknown }) {
  const read = readSalvage(type, content);
  if ('error' in read) return <InvalidContent>{read.error}</InvalidContent>;
  if ('failure' in read) {
    return (
      <Box pl="sm" style={{ borderLeft: `3px solid ${cssColour('orange.6')}` }} data-salvage-colour="orange">
        <Text component="div" size="sm">
          <LinkedText>{read.failure}</LinkedText>
        </Text>
      </Box>
    );
  }
  const report = read.report;
  const colour = salvageColour(report);
  const capacity = report.fleet_cargo_capacity_remaining;
  return (
    <Box pl="sm" style={{ borderLeft: `3px solid ${cssColour(`${colour}.6`)}` }} data-salvage-colour={colour}>
      <Stack gap={2}>
        <Fact label="Field">
          <Coordinates value={report.coordinates} />
          {report.wreckage_field_emptied === true && (
            <Text span size="sm" c="blue.4">
              {' '}
              (emptied)
            </Text>
          )}
        </Fact>
        <Fact label="Salvaged">
          <AmountChips amounts={amountsOf(report.salvaged_resources)} empty="Nothing" color="acid" />
        </Fact>
        <Amounts label="Left in the field" value={report.resources_remaining_in_wreckage} />
        <Amounts label="Cargo now" value={report.fleet_cargo_after_salvage} />
        {typeof capacity === 'number' && <Fact label="Free cargo">{Math.floor(capacity).toLocaleString('en-US')}</Fact>}
      </Stack>
    </Box>
  );
}
