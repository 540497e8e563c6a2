import { useMemo } from 'react';
import { Stack, Text } from '@mantine/core';
import { explainAffordability, type AffordabilityExplanation } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import { useNow } from '../../hooks/use-now';
import { formatCountdown, formatDuration, formatNumber } from '../../lib/format';

type Names = Readonly<Partial<Record<string, { name: string }>>>;

/** What a card's economy says about its cost: the territory's stock, net rates per hour and storage. */
export interface CardEconomy {
  catalogue: Pick<Catalogue, 'structures'>;
  stock: Readonly<Record<string, number>>;
  rates: Readonly<Partial<Record<string, number>>>;
  storage: Readonly<Record<string, number>>;
}

/** A full queue, named, and when its first item ends (a slot frees). */
export interface QueueFullInfo {
  name: string;
  used: number;
  limit: number;
  freesAt: number | null;
}

const lower = (names: Names, key: string) => (names[key]?.name ?? key).toLowerCase();

/** 'needs 1,240 more ossian and 300 more fiber' */
export function missingText(e: AffordabilityExplanation, names: Names): string {
  const parts = Object.entries(e.missing).map(([r, n]) => `${formatNumber(n)} more ${lower(names, r)}`);
  return `Needs ${parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`}`;
}

/** 'Costs 12,000 ossian, more than its storage holds (10,000): grow Ossian Vault.' */
export function storageText(e: AffordabilityExplanation, names: Names, catalogue: Pick<Catalogue, 'structures'>): string[] {
  return e.exceedsStorage.map((s) => {
    const grow = s.structures.map((k) => catalogue.structures[k]?.name ?? k).join(' or ');
    const tail = grow ? `: grow ${grow}.` : '.';
    return `Costs ${formatNumber(s.needed)} ${lower(names, s.resource)}, more than this territory's storage holds (${formatNumber(s.capacity)})${tail}`;
  });
}

/**
 * Under a card whose button is disabled, why and what next (issue 25 item 1): for a cost not in stock
 * what is missing and when it will be affordable at today's production (live), or that it exceeds
 * storage and which storage to grow; for a full queue, which queue and when a slot frees.
 */
export function CardExplanation({
  reason,
  cost,
  quantity = 1,
  economy,
  names,
  queue,
}: {
  reason: string | null;
  cost: Readonly<Partial<Record<string, number>>> | null;
  quantity?: number;
  economy: CardEconomy | null;
  names: Names;
  queue?: QueueFullInfo | null;
}) {
  if (reason === 'queue-full' && queue) return <QueueFullLine queue={queue} />;
  if (reason !== 'resources' || !cost || !economy) return null;
  return <AffordabilityLines cost={cost} quantity={quantity} economy={economy} names={names} />;
}

function QueueFullLine({ queue }: { queue: QueueFullInfo }) {
  const now = useNow(1000);
  const when = queue.freesAt === null ? 'when its first item ends' : `in ${formatCountdown(queue.freesAt, now, 'a moment')}`;
  return (
    <Text fz="xs" c="orange.3" mt={6} data-testid="card-explanation" data-kind="queue-full">
      {`${queue.name} is full (${formatNumber(queue.used)} of ${formatNumber(queue.limit)}): a slot frees ${when}.`}
    </Text>
  );
}

function AffordabilityLines({ cost, quantity, economy, names }: { cost: Readonly<Partial<Record<string, number>>>; quantity: number; economy: CardEconomy; names: Names }) {
  const e = useMemo(
    () => explainAffordability(cost, economy.stock, economy.rates, economy.storage, economy.catalogue, quantity),
    [cost, quantity, economy.stock, economy.rates, economy.storage, economy.catalogue],
  );
  // The stock is re-read every few seconds; the moment it will suffice stays put between reads.
  const readyAt = useMemo(() => (e.affordableInSeconds === null ? null : Date.now() + e.affordableInSeconds * 1000), [e.affordableInSeconds]);
  const now = useNow(1000);
  const over = storageText(e, names, economy.catalogue);
  return (
    <Stack gap={2} mt={6} data-testid="card-explanation" data-kind={over.length > 0 ? 'storage' : 'resources'}>
      {Object.keys(e.missing).length > 0 && (
        <Text fz="xs" c="orange.3">
          {missingText(e, names)}
        </Text>
      )}
      {over.map((line) => (
        <Text key={line} fz="xs" c="red.3">
          {line}
        </Text>
      ))}
      {over.length === 0 && (
        <Text fz="xs" c="dimmed" data-testid="affordable-in">
          {readyAt === null
            ? 'Not affordable at today\'s production: a missing resource is not produced here.'
            : `Affordable in ${formatDuration(Math.max(1, Math.ceil((readyAt - now) / 1000)))} at today's production`}
        </Text>
      )}
    </Stack>
  );
}

/** The card economy of a territory's view: null without a territory (nothing pays) or before its economy is known. */
export function cardEconomy(view: {
  catalogue: Pick<Catalogue, 'structures'>;
  territory: unknown;
  stock: Readonly<Record<string, number>>;
  economy: { rates: Readonly<Partial<Record<string, number>>>; storage: Readonly<Record<string, number>> } | null;
}): CardEconomy | null {
  if (!view.territory || !view.economy) return null;
  return { catalogue: view.catalogue, stock: view.stock, rates: view.economy.rates, storage: view.economy.storage };
}

/** A queue that is full: its name, how full, and the earliest end among its items (when a slot frees); null when not full. */
export function queueFullInfo(name: string, items: readonly { end_time: Date | string }[] | undefined, limit: number): QueueFullInfo | null {
  const used = items?.length ?? 0;
  if (used < limit) return null;
  const ends = (items ?? []).map((i) => new Date(i.end_time).getTime()).filter((t) => Number.isFinite(t));
  return { name, used, limit, freesAt: ends.length > 0 ? Math.min(...ends) : null };
}
