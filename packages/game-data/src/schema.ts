import { z } from 'zod';

/** Deeply read-only view: the loader freezes what it returns. */
export type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;


/** The 15 resources of the spec, in display order (tier 1 to 5). */
export const RESOURCE_KEYS = [
  'fiber', 'crystal', 'biomass',
  'resin', 'chitin', 'ossian',
  'ferrite', 'conduit', 'psigem',
  'xalloy', 'sparkdust', 'vitrium',
  'lattice', 'voidium', 'isotope',
] as const;
export const ResourceKeySchema = z.enum(RESOURCE_KEYS);
export type ResourceKey = z.infer<typeof ResourceKeySchema>;

export const CAPABILITIES = ['COLONIZE', 'SPY', 'SALVAGE', 'PULLER', 'FIRST_STRIKE', 'KAMIKAZE'] as const;
export const CapabilitySchema = z.enum(CAPABILITIES);
export type Capability = z.infer<typeof CapabilitySchema>;

const nonNegative = z.number().finite().nonnegative();
const positive = z.number().finite().positive();
const count = z.number().int().nonnegative();
const limit = z.number().int().positive();
const share = z.number().min(0).max(1);
const text = z.string().min(1);

/** A map of resource to amount; only known resource keys are allowed. */
export const ResourceAmountsSchema = z.partialRecord(ResourceKeySchema, nonNegative);
export type ResourceAmounts = DeepReadonly<z.infer<typeof ResourceAmountsSchema>>;

export const ResourceDefSchema = z.strictObject({ name: text, description: text, tier: z.number().int().min(1).max(5) });
export type ResourceDef = DeepReadonly<z.infer<typeof ResourceDefSchema>>;

export const ResourcesFileSchema = z.strictObject({
  orderedResourceKeys: z.array(ResourceKeySchema),
  resources: z.record(ResourceKeySchema, ResourceDefSchema),
});

/** Keys are checked by the check CLI (unknown keys are reported there, with their path). */
export const PrerequisitesSchema = z.strictObject({
  structures: z.record(z.string(), count).default({}),
  technologies: z.record(z.string(), count).default({}),
});
export type Prerequisites = DeepReadonly<z.infer<typeof PrerequisitesSchema>>;

export const EffectScopeSchema = z.enum(['territory', 'player']);
export type EffectScope = z.infer<typeof EffectScopeSchema>;

/** Value at level L = per_level x L x growth^L (growth defaults to 1: linear). */
export const EffectSchema = z.strictObject({
  effect: text,
  per_level: z.number().finite(),
  scope: EffectScopeSchema,
  growth: positive.optional(),
});
export type Effect = DeepReadonly<z.infer<typeof EffectSchema>>;

/** Production per hour at level L = base x L x growth^L. */
export const ProductionSchema = z.strictObject({ resource: ResourceKeySchema, base: nonNegative, growth: positive });
export type Production = DeepReadonly<z.infer<typeof ProductionSchema>>;

const levelled = {
  name: text,
  description: text,
  tier: z.number().int().min(1).max(5),
  cost_base: ResourceAmountsSchema,
  cost_factor: positive,
  time_base_s: nonNegative,
  time_factor: positive,
  prerequisites: PrerequisitesSchema.default({ structures: {}, technologies: {} }),
  effects: z.array(EffectSchema).default([]),
};

export const StructureDefSchema = z.strictObject({
  ...levelled,
  category: z.enum(['Facility', 'Production']),
  max_level_per_territory: count,
  production: ProductionSchema.optional(),
});
export type StructureDef = DeepReadonly<z.infer<typeof StructureDefSchema>>;

export const TechnologyDefSchema = z.strictObject({
  ...levelled,
  category: z.enum(['GENERAL', 'PRODUCTION', 'COMBAT']),
  max_level: count,
});
export type TechnologyDef = DeepReadonly<z.infer<typeof TechnologyDefSchema>>;

export const UnitStatsSchema = z.strictObject({
  attack: nonNegative,
  defense: nonNegative,
  health: positive,
  bioshield: nonNegative,
  speed: nonNegative,
  cargo_capacity: nonNegative,
});
export type UnitStats = DeepReadonly<z.infer<typeof UnitStatsSchema>>;

const combatant = {
  name: text,
  description: text,
  tier: z.number().int().min(1).max(5),
  cost: ResourceAmountsSchema,
  build_time_s: positive,
  archetype: text,
  archetype_description: text,
  capabilities: z.array(CapabilitySchema).default([]),
  /** Number of first-strike rounds this type fires in (needs the FIRST_STRIKE capability). */
  first_strike_level: z.number().int().min(1).max(10).optional(),
  biomass_consumption_per_hour: nonNegative,
  stats: UnitStatsSchema,
  prerequisites: PrerequisitesSchema.default({ structures: {}, technologies: {} }),
};

export const UnitDefSchema = z.strictObject({
  ...combatant,
  /** Fuel (biomass) per unit per hour in flight; defaults to biomass_consumption_per_hour. */
  fuel_consumption_per_hour: nonNegative.optional(),
  /** false for units only won by exploring (the hidden 'Neutral' ones): the server refuses to hatch them. */
  recruitable: z.boolean().default(true),
});
export type UnitDef = DeepReadonly<z.infer<typeof UnitDefSchema>>;

export const DefenseDefSchema = z.strictObject({ ...combatant, max_count_per_territory: count });
export type DefenseDef = DeepReadonly<z.infer<typeof DefenseDefSchema>>;

export const EffectKindSchema = z.strictObject({
  name: text,
  unit: z.enum(['percent', 'amount', 'hours']),
  description: text,
});
export type EffectKind = DeepReadonly<z.infer<typeof EffectKindSchema>>;

const weights = z.record(z.string(), nonNegative);

export const ArchetypeCombatSchema = z.strictObject({ wound_chance: share, regeneration_chance: share });

export const CombatSettingsSchema = z.strictObject({
  rounds: z.number().int().min(1).max(50),
  damage_noise: z.number().min(0).max(0.5),
  defense_mitigation_constant: positive,
  overkill_display_threshold: share,
  loot_share: share,
  wreckage_share_units: share,
  wreckage_share_defenses: share,
  wreckage_lifetime_hours: positive,
  instant_salvage_cargo_share: share,
  /** attacker archetype -> target archetype -> weight */
  targeting: z.record(z.string(), weights),
  archetypes: z.record(z.string(), ArchetypeCombatSchema),
});
export type CombatSettings = DeepReadonly<z.infer<typeof CombatSettingsSchema>>;

export const SpySettingsSchema = z.strictObject({
  detection_base: share,
  detection_per_level_lead: share,
  detection_per_spy: share,
  detection_min: share,
  detection_max: share,
});
export type SpySettings = DeepReadonly<z.infer<typeof SpySettingsSchema>>;

/** Exploration events a designer weighs; HAZARD is the rare loss of some units. */
export const EXPLORATION_EVENTS = ['NOTHING', 'RESOURCE_FIND', 'UNIT_GAIN', 'COMBAT', 'HAZARD'] as const;
export type ExplorationEvent = (typeof EXPLORATION_EVENTS)[number];

export const ExplorationSettingsSchema = z.strictObject({
  events: z.strictObject({
    NOTHING: nonNegative, RESOURCE_FIND: nonNegative, UNIT_GAIN: nonNegative, COMBAT: nonNegative, HAZARD: nonNegative,
  }),
  /** share of the fleet's value found per hour, in score-weighted resource units */
  resource_find_value_per_hour: nonNegative,
  resource_find_tier_weights: z.array(nonNegative).length(5),
  unit_gain_fleet_share_per_hour: nonNegative,
  unit_gain_units: weights,
  combat_strength_min: nonNegative,
  combat_strength_max: nonNegative,
  combat_units: weights,
  combat_surrender_share: share,
  loss_max_share: share,
});
export type ExplorationSettings = DeepReadonly<z.infer<typeof ExplorationSettingsSchema>>;

export const UniverseSettingsSchema = z.strictObject({
  universe_speed_factor: positive,
  map: z.strictObject({ regions: count, sub_regions: count, positions: count }),
  queue_limits: z.strictObject({ build: count, research: count, recruitment: count, defense: count }),
  cancel_refund_share: share,
  starting_stock: ResourceAmountsSchema,
  starting_structures: z.record(z.string(), count),
  base_income_per_hour: ResourceAmountsSchema,
  base_storage_per_tier: z.array(nonNegative).length(5),
  /** starting value of every effect (added to what structures and technologies give) */
  base_effects: z.record(z.string(), z.number().finite()),
  max_exploration_duration_hours: positive,
  /** production speed of units and defenses while biomass is 0 and upkeep exceeds income */
  starving_production_factor: share,
  combat: CombatSettingsSchema,
  spy: SpySettingsSchema,
  exploration: ExplorationSettingsSchema,
  score: z.strictObject({ divisor: positive, tier_weights: z.array(nonNegative).length(5) }),
  alliance_max_members: count,
  max_participants: count,
  multi_party_max_delay_share: share,
  guest_lifetime_days: positive,
  /** Guest accounts one address may create in an hour (each one places a territory on the map). */
  guest_signups_per_ip_per_hour: count,
  /** Full accounts one address may register in an hour (each one places a territory too). */
  account_signups_per_ip_per_hour: count,
  /** Failed sign-ins, counted over `window_minutes` (see docs/security.md). */
  login_throttle: z.strictObject({
    window_minutes: positive,
    /** Failures of one account from one address that lock that pair out (429) until the oldest ages out. */
    failures_per_account_and_address: count.min(1),
    /** Failures from one address, whatever the accounts, that lock the address out: far above one household's typos. */
    failures_per_address: count.min(1),
    /** Failures of one account, from every address, past which it takes one try per `slowdown_seconds`... */
    failures_per_account_before_slowdown: count.min(1),
    slowdown_seconds: positive,
    /** ...except from an address that signed in to it successfully within this many days. */
    known_address_days: positive,
  }),
  /** Days an address (sign-ups, sign-ins, the console's shared-address signals) is kept; the `address-retention` job removes older ones (docs/privacy.md). */
  address_retention_days: positive,
  guest_username_prefix: text,
  guest_email_domain: text,
  comment_cooldown_s: nonNegative,
  comment_link_replacement: z.string(),
  hall_of_fame: z.strictObject({ min_destroyed_value: nonNegative, max_entries: count }),
  territory_name_max_length: count,
  avatars: count,
  /**
   * What one player may ask of one api process: request body size, write calls (REST POST/PUT/DELETE
   * and tRPC mutations) per minute, open /ws sockets; the Retry-After of a 503 while the database is away.
   */
  api_limits: z.strictObject({ body_max_bytes: limit, writes_per_player_per_minute: limit, sockets_per_player: limit, retry_after_seconds: limit }),
  /** The moderation console: a due job waiting longer than this is counted late; rows per page of its lists. */
  moderation: z.strictObject({ job_late_seconds: limit, page_size: limit }),
  /**
   * Players' messages (docs/game-rules.md "Messages and buddies"): lengths, sends per sender per minute
   * and per hour (fewer for accounts younger than `new_account_hours` and for guests), days a message is
   * kept, rows per page, the minutes a buddy counts 'online' after a signed-in call (written at most
   * every `last_active_write_minutes`), and the earlier messages a report copies as its context.
   */
  messages: z.strictObject({
    subject_max_length: limit,
    body_max_length: limit,
    per_minute: limit,
    per_hour: limit,
    new_account_hours: positive,
    new_account_per_minute: limit,
    new_account_per_hour: limit,
    guest_per_minute: limit,
    guest_per_hour: limit,
    retention_days: positive,
    page_size: limit,
    online_minutes: positive,
    last_active_write_minutes: positive,
    report_context_messages: count,
  }),
  /**
   * Fair play (docs/game-rules.md "Fair play"), in real hours and days whatever the speed: a player
   * under a tier's `below_points` and one with more than `ratio` times their points cannot attack or
   * spy on each other (an empty list turns protection off); attacks one player may launch at one
   * territory per window; the shortest vacation; days without activity before 'i' and 'I'.
   */
  fair_play: z.strictObject({
    protection_tiers: z.array(z.strictObject({ below_points: positive, ratio: z.number().finite().min(1) })),
    bash_limit_attacks: count.min(1),
    bash_limit_window_hours: positive,
    vacation_min_hours: nonNegative,
    inactive_days: positive,
    long_inactive_days: positive,
  }),
});
export type UniverseSettings = DeepReadonly<z.infer<typeof UniverseSettingsSchema>>;

export const CatalogueSchema = z.strictObject({
  resources: z.record(ResourceKeySchema, ResourceDefSchema),
  orderedResourceKeys: z.array(ResourceKeySchema),
  effects: z.record(z.string(), EffectKindSchema),
  structures: z.record(z.string(), StructureDefSchema),
  technologies: z.record(z.string(), TechnologyDefSchema),
  units: z.record(z.string(), UnitDefSchema),
  defenses: z.record(z.string(), DefenseDefSchema),
  universe: UniverseSettingsSchema,
});
export type CatalogueData = z.infer<typeof CatalogueSchema>;

export type Catalogue = DeepReadonly<CatalogueData>;
