import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatLargeNumber } from '../../../lib/format';
import { AmountChips, Coordinates, Fact, InvalidContent, cssColour } from '../card-parts';
import { amountsOf, isRecord, num, text, type Row } from '../content-shape';
import { CombatRounds } from './combat-rounds';
import { CombatReportActions } from './lab-link';
import { combatBorderColour, combatHeadline, lossLine, readCombatContent, viewerResult, viewerRole, type CombatContent } from './combat-rules';
import { PlayerName } from '../../../components/player/player-name';

const HEADLINE_COLOUR = { win: 'green.4', loss: 'red.4', draw: 'yellow.4', none: 'gray.3' } as const;

function resourcesAt(row: unknown): ReturnType<typeof amountsOf> {
  return isRecord(row) ? amountsOf(row.resources) : [];
}

function Participant({ p }: { p: Row }) {
  // The spec's roles: attacker(s), the main defender (the territory's owner), a supporting stationed ally.
  const role = p.role === 'ATTACKER' ? 'Attacker' : p.is_stationed_ally === true ? 'Supporting ally' : 'Main defender';
  const absorbed = (num(p.damage_absorbed_defense_total) ?? 0) + (num(p.damage_absorbed_bioshield_total) ?? 0);
  const wounded = num(p.wounded_total);
  return (
    <Paper p={6} withBorder radius="sm" bg="transparent">
      <Group gap={6} mb={2}>
        <Text component="div" size="sm" fw={600}>
          {num(p.user_id) !== null && text(p.username) ? <PlayerName id={num(p.user_id)!} name={text(p.username)!} /> : (text(p.username) ?? 'Unknown')}
        </Text>
        <Badge size="xs" variant="light" color={p.role === 'ATTACKER' ? 'red' : 'blue'}>
          {role}
        </Badge>
        {text(p.origin_coords_str) || p.origin_coords ? <Coordinates value={p.origin_coords ?? p.origin_coords_str} /> : null}
      </Group>
      <Stack gap={2}>
        <Fact label="Units">
          <AmountChips amounts={amountsOf(p.initial_units)} empty="None" />
        </Fact>
        {amountsOf(p.initial_defenses).length > 0 && (
          <Fact label="Defenses">
            <AmountChips amounts={amountsOf(p.initial_defenses)} />
          </Fact>
        )}
        <Fact label="Losses">
          <AmountChips amounts={amountsOf(p.losses_total)} empty="None" color="red" />
        </Fact>
        <Text component="div" size="xs" data-testid="loss-line">
          {lossLine(p)}
        </Text>
        {wounded !== null ? (
          <Fact label="Wounded">{formatLargeNumber(Math.round(wounded))}</Fact>
        ) : (
          amountsOf(p.wounded_total).length > 0 && (
            <Fact label="Wounded">
              <AmountChips amounts={amountsOf(p.wounded_total)} color="orange" />
            </Fact>
          )
        )}
        {amountsOf(p.regenerated_units).length > 0 && (
          <Fact label="Regenerated">
            <AmountChips amounts={amountsOf(p.regenerated_units)} color="green" />
          </Fact>
        )}
        {amountsOf(p.repaired_defenses).length > 0 && (
          <Fact label="Repaired">
            <AmountChips amounts={amountsOf(p.repaired_defenses)} color="green" />
          </Fact>
        )}
        {amountsOf(p.units_saved_by_bunker).length > 0 && (
          <Fact label="Saved by bunker">
            <AmountChips amounts={amountsOf(p.units_saved_by_bunker)} />
          </Fact>
        )}
        <Fact label="Survivors">
          <AmountChips amounts={amountsOf(p.survivors)} empty="None" color="acid" />
        </Fact>
        <Text component="div" size="xs" c="dimmed">
          Damage {formatLargeNumber(Math.round(num(p.damage_dealt_total) ?? 0))} of {formatLargeNumber(Math.round(num(p.raw_damage_output_total) ?? 0))} raw · absorbed{' '}
          {formatLargeNumber(Math.round(absorbed))}
        </Text>
      </Stack>
    </Paper>
  );
}

function Report({ report, viewerId, isRead }: { report: CombatContent; viewerId: number; isRead: boolean }) {
  const role = viewerRole(report, viewerId);
  const result = viewerResult(report.outcome, role);
  const participants = report.participant_results.filter(isRecord);
  const plunder = isRecord(report.plunder) ? amountsOf(report.plunder.resources) : [];
  const instant = amountsOf(report.instant_salvage_resources);
  const wreckage = resourcesAt(report.wreckage);
  return (
    <Box
      pl="sm"
      style={{ borderLeft: `3px solid ${cssColour(combatBorderColour(result, isRead))}` }}
      data-combat-result={result}
    >
      <Text component="div" fw={700} c={HEADLINE_COLOUR[result]} data-testid="combat-headline">
        {combatHeadline(report.outcome, role)}
      </Text>
      <Text component="div" size="sm" c="dimmed">
        {text(report.attacker_origin_territory_name) ?? 'Attacker'} <Coordinates value={report.attacker_origin_coords} /> →{' '}
        {text(report.defender_territory_name) ?? 'Defender'} <Coordinates value={report.defender_territory_coords ?? report.location_coords} />
        {num(report.rounds_fought) !== null && ` · ${num(report.rounds_fought)} ${num(report.rounds_fought) === 1 ? 'round' : 'rounds'}`}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
        {participants.map((p, i) => (
          <Participant key={i} p={p} />
        ))}
      </SimpleGrid>
      <Stack gap={2} mt={6}>
        {plunder.length > 0 && (
          <Fact label="Plunder">
            <AmountChips amounts={plunder} color="acid" />
          </Fact>
        )}
        {role === 'ATTACKER' && instant.length > 0 && (
          <Fact label="Insta-Salvaged">
            <AmountChips amounts={instant} color="teal" />
          </Fact>
        )}
        {wreckage.length > 0 && (
          <Fact label="Wreckage">
            <AmountChips amounts={wreckage} />
          </Fact>
        )}
      </Stack>
      {Array.isArray(report.round_details) && <CombatRounds rounds={report.round_details} />}
      <CombatReportActions report={report} />
    </Box>
  );
}

/** Combat and defense reports: headline from the viewer's side, participants, plunder, wreckage, rounds. */
export function CombatReportBody({ content, viewerId, isRead }: { content: unknown; viewerId: number; isRead: boolean }) {
  const read = readCombatContent(content);
  if ('error' in read) return <InvalidContent>{read.error}</InvalidContent>;
  return <Report report={read.report} viewerId={viewerId} isRead={isRead} />;
}
