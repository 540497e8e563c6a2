import { useId, useMemo } from 'react';
import { avatarArt, type AvatarShape } from './avatar-art';

export interface BroodAvatarProps {
  /** Avatar id 1..51; anything else draws avatar 1. */
  avatarId: number | null | undefined;
  size?: number;
  /** Accessible name; decorative when omitted. */
  label?: string;
}

function Shape({ shape }: { shape: AvatarShape }) {
  switch (shape.kind) {
    case 'path':
      return <path d={shape.d} fill={shape.fill} stroke={shape.stroke} strokeWidth={shape.strokeWidth} strokeLinecap="round" opacity={shape.opacity} />;
    case 'circle':
      return <circle cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} stroke={shape.stroke} strokeWidth={shape.strokeWidth} opacity={shape.opacity} />;
    case 'ellipse':
      return (
        <ellipse
          cx={shape.cx}
          cy={shape.cy}
          rx={shape.rx}
          ry={shape.ry}
          fill={shape.fill}
          opacity={shape.opacity}
          transform={shape.rotate ? `rotate(${shape.rotate} ${shape.cx} ${shape.cy})` : undefined}
        />
      );
  }
}

/** A player's swarm-creature portrait, drawn from its id (see avatar-art.ts). */
export function BroodAvatar({ avatarId, size = 40, label }: BroodAvatarProps) {
  const art = useMemo(() => avatarArt(avatarId ?? 1), [avatarId]);
  const gradientId = `bs-avatar-${useId().replace(/:/g, '')}`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-avatar-id={art.id}
      style={{ display: 'block', flexShrink: 0, borderRadius: '50%' }}
    >
      <defs>
        <radialGradient id={gradientId} cx="50%" cy="40%" r="65%">
          <stop offset="0" stopColor={art.background[0]} />
          <stop offset="1" stopColor={art.background[1]} />
        </radialGradient>
      </defs>
      <circle cx="32" cy="32" r="32" fill={`url(#${gradientId})`} />
      {art.shapes.map((shape, index) => (
        <Shape key={index} shape={shape} />
      ))}
      <circle cx="32" cy="32" r="31" fill="none" stroke={art.glow} strokeOpacity="0.45" strokeWidth="1.5" />
    </svg>
  );
}
