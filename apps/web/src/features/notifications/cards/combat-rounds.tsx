import { ScrollArea, Table, Text } from '@mantine/core';
import { formatLargeNumber } from '../../../lib/format';
import { amountsOf, isRecord, num, text, type Row } from '../content-shape';
import { useItemNames } from '../item-names';
import { Disclosure } from './disclosure';
import { cut, overkillShare, roundLabel, showsOverkill } from './combat-rules';

/** Whole numbers: the engine's damage carries fractions no player needs. */
const whole = (v: number) => formatLargeNumber(Math.round(v));

/** Units in a narrow cell: each name cut to three letters, its full name in a tooltip ('Razorwing 12'). */
function UnitsShort({ value, nameOf }: { value: unknown; nameOf: (key: string) => string }) {
  const plain = num(value);
  if (plain !== null) return <>{whole(plain)}</>;
  const list = amountsOf(value).filter((a) => (a.amount ?? 0) > 0);
  if (list.length === 0) return <>-</>;
  return (
    <>
      {list.map((a, i) => (
        <span key={a.key}>
          {i > 0 && ', '}
          <abbr title={`${nameOf(a.key)} ${whole(a.amount ?? 0)}`} style={{ textDecoration: 'none', cursor: 'help' }}>
            {cut(nameOf(a.key), 3)}
          </abbr>{' '}
          {whole(a.amount ?? 0)}
        </span>
      ))}
    </>
  );
}

/** What the table counts, said once under it; the replay's chart says the same from the firing side. */
export const ROUND_TABLE_CAPTION =
  'Each row is one participant in one round. Dealt: damage it did to enemy health. Absorbed: enemy fire its own defense and bioshield stopped. The replay chart stacks the same numbers by the side that fired them: what it dealt, plus what the other side absorbed.';

/** The round-by-round table: collapsible, closed at first, with a maximum height. */
export function CombatRounds({ rounds }: { rounds: unknown[] }) {
  const nameOf = useItemNames();
  const rows: { round: number; p: Row }[] = [];
  for (const r of rounds) {
    if (!isRecord(r) || !Array.isArray(r.participant_results)) continue;
    const round = num(r.round_number) ?? 0;
    for (const p of r.participant_results) if (isRecord(p)) rows.push({ round, p });
  }
  if (rows.length === 0) return null;
  return (
    <Disclosure label={`Round Details (${rounds.length})`}>
      <ScrollArea.Autosize mah={260} mt={4} type="auto">
        <Table striped withTableBorder fz="xs" verticalSpacing={2} horizontalSpacing={6} data-testid="round-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rnd</Table.Th>
              <Table.Th>Player</Table.Th>
              <Table.Th>Units</Table.Th>
              <Table.Th>Dealt</Table.Th>
              <Table.Th>Absorbed</Table.Th>
              <Table.Th>Wounded</Table.Th>
              <Table.Th>Losses</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ round, p }, i) => {
              const share = overkillShare(p);
              const name = text(p.username) ?? `#${num(p.participant_index) ?? i}`;
              const absorbed = (num(p.damage_absorbed_defense) ?? 0) + (num(p.damage_absorbed_bioshield) ?? 0);
              return (
                <Table.Tr key={i}>
                  <Table.Td>{roundLabel(round)}</Table.Td>
                  <Table.Td title={name}>
                    {cut(name, 10)}
                    {p.role === 'ATTACKER' ? ' (A)' : ' (D)'}
                    {p.is_stationed_ally === true ? '*' : ''}
                  </Table.Td>
                  <Table.Td>
                    <UnitsShort value={p.units_at_start} nameOf={nameOf} />
                  </Table.Td>
                  <Table.Td>
                    {whole(num(p.damage_dealt_effective) ?? 0)}
                    {showsOverkill(share) && (
                      <Text span c="orange.4" fz="xs">
                        {' '}
                        Overkill {Math.round(share * 100)}%
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{whole(absorbed)}</Table.Td>
                  <Table.Td>
                    <UnitsShort value={p.wounded} nameOf={nameOf} />
                  </Table.Td>
                  <Table.Td>
                    <UnitsShort value={p.losses} nameOf={nameOf} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Text fz={11} c="dimmed" mt={4} data-testid="round-table-caption">
        {ROUND_TABLE_CAPTION}
      </Text>
    </Disclosure>
  );
}
