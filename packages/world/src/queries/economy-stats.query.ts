import {
  aggregateEffects,
  effectContributions,
  effectsOf,
  percentMultiplier,
  researchSpeedModifier,
  speedModifier,
  unitFuelPerHour,
  unitTime,
  type Effects,
} from '@brood/game-core';
import type { Catalogue, DefenseDef, UnitDef } from '@brood/game-data';
import type { Actor, WorldDeps } from '../kernel/deps';
import { technologyLevelsRead } from './economy-territories.query';
import { ownTerritoriesRead } from './territory-read.query';
import { alliedFleetCounts } from './movement-counts.query';

const round2 = (v: number) => Math.round(v * 100) / 100;

export interface ModifiedStats {
  attack: number;
  defense: number;
  health: number;
  bioshield: number;
  speed: number;
  cargo_capacity: number;
  build_time_seconds_modified: number;
  fuel_consumption_per_hour: number;
  biomass_consumption_per_hour: number;
}

function modifiedStats(catalogue: Catalogue, def: UnitDef | DefenseDef, effects: Effects, productionModifier: number, fuel: number): ModifiedStats {
  const s = def.stats;
  return {
    attack: round2(s.attack * percentMultiplier(effects, 'unit_attack_pct')),
    defense: round2(s.defense * percentMultiplier(effects, 'unit_defense_pct')),
    health: round2(s.health * percentMultiplier(effects, 'unit_health_pct')),
    bioshield: round2(s.bioshield * percentMultiplier(effects, 'unit_bioshield_pct')),
    speed: round2(s.speed * percentMultiplier(effects, 'unit_speed_pct')),
    cargo_capacity: Math.floor(s.cargo_capacity * percentMultiplier(effects, 'cargo_pct')),
    build_time_seconds_modified: unitTime(def, productionModifier, catalogue.universe.universe_speed_factor),
    fuel_consumption_per_hour: fuel,
    biomass_consumption_per_hour: def.biomass_consumption_per_hour,
  };
}

function effectName(catalogue: Catalogue, effect: string): { name: string; unit?: string } {
  const direct = catalogue.effects[effect];
  if (direct) return { name: direct.name, unit: direct.unit };
  const [group, resource] = effect.split('.');
  const kind = catalogue.effects[`${group}.*`];
  if (kind && resource) {
    const resourceName = catalogue.resources[resource as keyof Catalogue['resources']]?.name ?? resource;
    return { name: kind.name.replace('{resource}', resourceName), unit: kind.unit };
  }
  return { name: effect };
}

/** One territory's modifiers in the stats response (spec core §3 territory_stats). */
function territoryStats(catalogue: Catalogue, effects: Effects, labResearchSpeed: number, alliedFleets: number) {
  return {
    building_construction_speed_modifier: round2(speedModifier(effects, 'construction_speed')),
    unit_production_speed_modifier: round2(speedModifier(effects, 'unit_production_speed')),
    defense_production_speed_modifier: round2(speedModifier(effects, 'defense_production_speed')),
    research_speed_modifier_from_lab: round2(1 + labResearchSpeed / 100),
    bunker_capacity: Math.floor(effects.bunker_capacity ?? 0),
    defense_repair_chance: round2(effects.defense_repair_chance ?? 0),
    defense_repair_attempt_percentage: round2(effects.defense_repair_attempt_percentage ?? 0),
    resources_protected_share_percentage: catalogue.orderedResourceKeys.map((resource_key) => ({
      resource_key,
      protected_percentage: round2(Math.min(100, effects.resources_protected_share ?? 0)),
    })),
    /** Allied fleets stationed here now (fleets still on their way take a slot only on arrival). */
    allied_fleet_slots_current: alliedFleets,
    allied_fleet_slots_max: Math.floor(effects.allied_fleet_slots ?? 0),
  };
}

/**
 * GET /user_stats/overview: unit and defense stats with the player's bonuses, the global values, each
 * territory's modifiers, and every effect with its source, all computed from the catalogue's effects.
 */
export async function statsOverview(deps: WorldDeps, actor: Actor, now: Date) {
  const { em, catalogue } = deps;
  // Shared with the other queries of a GET batch (the territory views, the technologies): read once.
  const [territories, technologies] = await Promise.all([ownTerritoriesRead(deps, actor.id, now), technologyLevelsRead(deps, actor.id, now)]);
  const allied = await alliedFleetCounts(em, territories.map((t) => t.id));
  const structuresOf = territories.map((t) => t.settled.state.structures);
  // Player-wide: base values, technologies and the player-scope effects of every territory.
  const playerEffects = aggregateEffects(catalogue, { structures: {}, technologies, otherTerritories: structuresOf });

  const territory_stats: Record<string, ReturnType<typeof territoryStats>> = {};
  let fastestUnits = speedModifier(playerEffects, 'unit_production_speed');
  let fastestDefenses = speedModifier(playerEffects, 'defense_production_speed');
  territories.forEach((territory, index) => {
    const effects = territory.settled.economy.effects;
    fastestUnits = Math.max(fastestUnits, speedModifier(effects, 'unit_production_speed'));
    fastestDefenses = Math.max(fastestDefenses, speedModifier(effects, 'defense_production_speed'));
    const lab = effectsOf(catalogue, { structures: structuresOf[index] }, 'territory').research_speed ?? 0;
    territory_stats[String(territory.id)] = territoryStats(catalogue, effects, lab, allied.get(territory.id) ?? 0);
  });

  const contributions = effectContributions(catalogue, { technologies });
  structuresOf.forEach((structures, index) => {
    for (const c of effectContributions(catalogue, { structures })) contributions.push({ ...c, source_name: `${c.source_name} (${territories[index]!.name})` });
  });

  return {
    unit_stats: Object.entries(catalogue.units).map(([unit_key, def]) => ({
      unit_key,
      stats: modifiedStats(catalogue, def, playerEffects, fastestUnits, unitFuelPerHour(def)),
    })),
    defense_stats: Object.entries(catalogue.defenses).map(([defense_key, def]) => ({
      defense_key,
      stats: modifiedStats(catalogue, def, playerEffects, fastestDefenses, 0),
    })),
    global_stats: {
      universe_speed_factor: catalogue.universe.universe_speed_factor,
      research_speed_modifier: round2(researchSpeedModifier(catalogue, technologies, structuresOf)),
      max_exploration_duration_hours: round2(playerEffects.max_exploration_duration_hours ?? catalogue.universe.max_exploration_duration_hours),
      alliance_max_members: catalogue.universe.alliance_max_members + Math.floor(playerEffects.alliance_slots ?? 0),
      max_fleets: Math.floor(playerEffects.max_fleets ?? 0),
      max_territories: Math.floor(playerEffects.max_territories ?? 0),
      spy_level: Math.floor(playerEffects.spy_level ?? 0),
    },
    territory_stats,
    formatted_general_effects: contributions.map((c) => {
      const { name, unit } = effectName(catalogue, c.effect);
      const category = c.source_kind === 'technology' ? (catalogue.technologies[c.source_key]?.category ?? 'GENERAL') : 'STRUCTURE';
      // The amount and its unit, formatted by the client like every other number it shows.
      return { name, amount: round2(c.value), unit: unit ?? null, source: `${c.source_name} Lvl ${c.level}`, category };
    }),
  };
}

export type StatsOverview = Awaited<ReturnType<typeof statsOverview>>;
