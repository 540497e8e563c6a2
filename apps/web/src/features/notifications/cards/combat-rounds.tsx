import { ScrollArea, Table, Text } from '@mantine/core';
import { formatLargeNumber } from '../../../lib/format';
import { amountsOf, isRecord, num, text, type Row } from '../content-shape';
import { useItemNames } from '../item-names';
import { Disclosure } from './disclosure';
import { cut, overkillShare, roundLabel, showsOverkill } from './combat-rules';

function unitsShort(value: unknown, nameOf: (key: string) => string): string {
  const plain = num(value);
  if (plain !== null) return formatLargeNumber(plain);
  const list = amountsOf(value).filter((a) => (a.amount ?? 0) > 0);
  return list.length ? list.map((a) => `${cut(nameOf(a.key), 3)} ${formatLargeNumber(a.amount)}`).join(', ') : '-';
}

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
              <Table.Th>Dmg</Table.Th>
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
                  <Table.Td>{unitsShort(p.units_at_start, nameOf)}</Table.Td>
                  <Table.Td>
                    {formatLargeNumber(num(p.damage_dealt_effective) ?? 0)}
                    {showsOverkill(share) && (
                      <Text span c="orange.4" fz="xs">
                        {' '}
                        Overkill {Math.round(share * 100)}%
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatLargeNumber(absorbed)}</Table.Td>
                  <Table.Td>{unitsShort(p.wounded, nameOf)}</Table.Td>
                  <Table.Td>{unitsShort(p.losses, nameOf)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Disclosure>
  );
}
