import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, CloseButton, Group, Switch, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useTickWhile } from '../../hooks/use-tick-while';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { useTRPC } from '../../trpc';
import { useActiveMovements } from '../movements';
import { alertTitle, clockCountdown, incomingAttacks, type IncomingAttack } from './attack-model';
import { playAlarm, useAttackSound } from './attack-sound';

/** The defense report of an attack that has landed: the newest one stored since it was launched. */
function useDefenseResult(ended: IncomingAttack | null) {
  const trpc = useTRPC();
  const query = useQuery(trpc.notifications.list.queryOptions({ include_read: true, limit: 1, message_types: ['DEFENSE_REPORT'] }, { enabled: ended !== null }));
  const report = query.data?.[0];
  return ended && report && new Date(report.created_at).getTime() >= Date.parse(ended.startTime) ? report : null;
}

/**
 * Above every tab while an attack flies at one of the player's territories: who, where, a countdown and
 * the way to the Army panel; the document title counts down too, and an alarm sounds if the player
 * switched it on. When the attack has landed the banner gives way to the defense report's link.
 */
export function AttackBanner({ pageTitle }: { pageTitle: string }) {
  const movements = useActiveMovements();
  const me = useAuthStore((s) => s.currentUser?.id ?? null);
  const [sound, setSound] = useAttackSound();
  const flying = (movements.data ?? []).some((m) => m.is_attacking_player);
  const now = useTickWhile(flying);
  const attacks = incomingAttacks(movements.data ?? [], me, now);
  const next = attacks[0];
  useDocumentTitle(alertTitle(next, now, pageTitle));

  // The attack followed until it lands; a new one sounds the alarm (when switched on).
  const [ended, setEnded] = useState<IncomingAttack | null>(null);
  const followed = useRef<IncomingAttack | null>(null);
  const heard = useRef(new Set<string>());
  const ids = attacks.map((a) => a.id).join();
  useEffect(() => {
    const fresh = attacks.filter((a) => !heard.current.has(a.id));
    for (const a of fresh) heard.current.add(a.id);
    if (fresh.length > 0 && sound) playAlarm();
    if (next) {
      followed.current = next;
      setEnded(null);
    } else if (followed.current) {
      setEnded(followed.current);
      followed.current = null;
    }
    // Runs when the set of attacks changes, not on every tick of the countdown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);
  const result = useDefenseResult(ended);

  if (next) {
    const others = attacks.length - 1;
    return (
      <Alert color="red" variant="filled" radius="md" py="xs" icon={<IconAlertTriangle size={20} />} data-testid="attack-banner" role="alert" aria-label="Incoming attack">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            Incoming attack: {next.attacker} → {next.target} in{' '}
            <Text span ff="monospace" fw={700} data-testid="attack-countdown">
              {clockCountdown(next.arrivalTime, now)}
            </Text>
            {others > 0 && ` (and ${others} more fleet${others === 1 ? '' : 's'})`}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Switch size="xs" color="dark" label="Sound" checked={sound} onChange={(e) => setSound(e.currentTarget.checked)} data-testid="attack-sound" />
            <Button size="compact-xs" variant="white" color="red" onClick={() => useUiStore.getState().requestMainTab('MOVEMENT')}>
              Open Army
            </Button>
          </Group>
        </Group>
      </Alert>
    );
  }
  if (ended && result) {
    return (
      <Alert color="orange" variant="light" radius="md" py="xs" icon={<IconShieldCheck size={20} />} data-testid="attack-result" aria-label="Attack result">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {result.title}.{' '}
            {result.related_object_id !== null && (
              <Anchor fw={600} renderRoot={(props) => <Link to="/battles/$battleId" params={{ battleId: result.related_object_id! }} {...props} />}>
                Read the report
              </Anchor>
            )}
          </Text>
          <CloseButton size="sm" aria-label="Dismiss" onClick={() => setEnded(null)} />
        </Group>
      </Alert>
    );
  }
  return null;
}
