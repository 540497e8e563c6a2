import { useEffect, useState } from 'react';
import { Badge, Tooltip } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { expiryState } from './expiry';

export interface ExpiryCountdownProps {
  expiresAt: Date | string | null | undefined;
  /** Only the time left (narrow headers); the full sentence stays in the tooltip. */
  compact?: boolean;
  onClick?: () => void;
}

/** A guest account's countdown, ticking every second. */
export function ExpiryCountdown({ expiresAt, compact = false, onClick }: ExpiryCountdownProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const state = expiryState(expiresAt, now);
  return (
    <Tooltip label={`Guest account. ${state.text}. Claim it to keep your hive.`} multiline w={240}>
      <Badge
        component={onClick ? 'button' : 'div'}
        onClick={onClick}
        variant={state.tone === 'calm' ? 'outline' : 'light'}
        color={state.color}
        size={compact ? 'md' : 'lg'}
        radius="sm"
        leftSection={<IconHourglassHigh size={14} />}
        className={state.pulsing ? 'bs-pulse' : undefined}
        data-tone={state.tone}
        data-testid="guest-expiry"
        style={{ cursor: onClick ? 'pointer' : 'default', textTransform: 'none', fontVariantNumeric: 'tabular-nums' }}
      >
        {compact ? state.short : state.text}
      </Badge>
    </Tooltip>
  );
}
