import { Group, Text } from '@mantine/core';

/** The hive-eye emblem: a chitin seed with a slit pupil. */
export function BroodEmblem({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden style={{ display: 'block', flexShrink: 0 }}>
      <defs>
        <radialGradient id="bs-emblem" cx="50%" cy="45%" r="55%">
          <stop offset="0" stopColor="#d4ff3a" />
          <stop offset="0.55" stopColor="#7ad100" />
          <stop offset="1" stopColor="#4a0fa0" />
        </radialGradient>
      </defs>
      <path d="M32 4c10 7 18 16 18 28s-8 21-18 28C22 53 14 44 14 32S22 11 32 4z" fill="url(#bs-emblem)" />
      <path d="M32 4c10 7 18 16 18 28s-8 21-18 28" fill="none" stroke="#eaffb0" strokeOpacity="0.5" strokeWidth="1.2" />
      <ellipse cx="32" cy="31" rx="7" ry="10.5" fill="#070a16" />
      <ellipse cx="32" cy="31" rx="2.4" ry="7.5" fill="#b073ff" />
      <circle cx="29.5" cy="26.5" r="1.4" fill="#ffffff" fillOpacity="0.8" />
    </svg>
  );
}

/** Emblem and name; `compact` drops the name (phones). */
export function BroodLogo({ size = 32, compact = false }: { size?: number; compact?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap" aria-label="Broodspace">
      <BroodEmblem size={size} />
      {!compact && (
        <Text
          component="span"
          ff="heading"
          fw={800}
          fz={size * 0.58}
          lts="0.12em"
          className="bs-title-glow"
          variant="gradient"
          gradient={{ from: 'acid.3', to: 'brood.3', deg: 90 }}
        >
          BROODSPACE
        </Text>
      )}
    </Group>
  );
}
