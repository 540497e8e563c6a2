import type { Catalogue } from '@brood/game-data';
import type { Coords, Counts, Effects, Resources } from '../types';

/** The effects of a participant the engine reads (from its player's technologies and structures). */
export const PARTICIPANT_COMBAT_EFFECTS = ['unit_attack_pct', 'unit_defense_pct', 'unit_health_pct', 'unit_bioshield_pct', 'cargo_pct'] as const;
/** The effects of the target territory the engine reads (from its structures). */
export const TARGET_COMBAT_EFFECTS = ['bunker_capacity', 'defense_repair_chance', 'defense_repair_attempt_percentage', 'resources_protected_share'] as const;

export type BattleRole = 'ATTACKER' | 'DEFENDER';
export type BattleOutcome = 'VICTORY_ATTACKER' | 'VICTORY_DEFENDER' | 'DRAW' | 'ERROR';

export interface BattleParticipantInput {
  readonly role: BattleRole;
  readonly user_id: string | number | null;
  readonly username: string;
  /** a defender's ally stationed at the target (its units never hide in the bunker) */
  readonly is_stationed_ally?: boolean;
  readonly origin_coords?: Coords | null;
  readonly origin_territory_name?: string | null;
  readonly units: Counts;
  /** only the main defender (the territory's owner) has defenses */
  readonly defenses?: Counts;
  /** this player's effect totals: unit_attack_pct, unit_defense_pct, unit_health_pct, unit_bioshield_pct, cargo_pct */
  readonly effects?: Effects;
  /** what the fleet already carries: it takes cargo room from plunder */
  readonly carried_resources?: Resources;
}

export interface BattleInput {
  readonly catalogue: Catalogue;
  /** attackers and defenders; the first DEFENDER that is not a stationed ally is the main defender */
  readonly participants: readonly BattleParticipantInput[];
  readonly target: {
    readonly coords: Coords;
    readonly territory_name?: string | null;
    /** the target's settled stock: what can be plundered */
    readonly stock?: Resources;
    /** the target territory's effect totals: bunker_capacity, defense_repair_chance, defense_repair_attempt_percentage, resources_protected_share */
    readonly effects?: Effects;
  };
}

export interface UnitLoss {
  readonly unit_key: string;
  readonly lost: number;
}

export interface ParticipantResult {
  readonly role: BattleRole;
  readonly user_id: string | number | null;
  readonly username: string;
  readonly participant_index: number;
  readonly is_stationed_ally: boolean;
  readonly origin_coords: [number, number, number] | null;
  readonly origin_coords_str: string | null;
  readonly initial_units: Record<string, number>;
  readonly initial_defenses: Record<string, number>;
  /** units and defenses lost for good (killed, or wounded and not regenerated, or burst as kamikaze) */
  readonly losses_total: UnitLoss[];
  readonly wounded_total: Record<string, number>;
  readonly regenerated_units: Record<string, number>;
  readonly repaired_defenses: Record<string, number>;
  /** units and defenses that come out of the fight (regenerated and repaired included, bunkered not) */
  readonly survivors: Record<string, number>;
  readonly raw_damage_output_total: number;
  readonly damage_dealt_total: number;
  readonly damage_absorbed_defense_total: number;
  readonly damage_absorbed_bioshield_total: number;
  readonly overkill_damage_total: number;
  readonly units_saved_by_bunker: Record<string, number>;
  /** what this attacker takes home from the target's stock */
  readonly plunder: Resources;
  /** what this attacker's salvage units took from the wreckage at once */
  readonly instant_salvage: Resources;
}

export interface RoundParticipantResult {
  readonly participant_index: number;
  readonly role: BattleRole;
  readonly username: string;
  readonly is_stationed_ally: boolean;
  readonly units_at_start: Record<string, number>;
  readonly raw_damage_output: number;
  readonly damage_dealt_effective: number;
  readonly damage_absorbed_defense: number;
  readonly damage_absorbed_bioshield: number;
  /** damage this participant fired beyond what its targets had, as a share of its effective damage */
  readonly overkill: number;
  readonly wounded: Record<string, number>;
  readonly losses: UnitLoss[];
}

export interface RoundDetail {
  /** -n..-1 first strike, 0 kamikaze, 1..rounds the main fight */
  readonly round_number: number;
  /** 'FS n', 'K' or the number, as the spec shows it */
  readonly round_label: string;
  readonly participant_results: RoundParticipantResult[];
}

export interface CombatReport {
  readonly outcome: BattleOutcome;
  readonly participant_results: ParticipantResult[];
  readonly rounds_fought: number;
  readonly round_details: RoundDetail[];
  readonly attacker_user_id: string | number | null;
  readonly defender_user_id: string | number | null;
  readonly attacker_origin_coords: [number, number, number] | null;
  readonly attacker_origin_territory_name: string | null;
  readonly defender_territory_coords: [number, number, number];
  readonly defender_territory_name: string | null;
  readonly location_coords: [number, number, number];
  readonly plunder: { readonly resources: Resources };
  readonly instant_salvage_resources: Resources;
  /** what stays at the target as a wreckage field (after insta-salvage) */
  readonly wreckage: { readonly resources: Resources };
  /** tier-weighted resource value (score weights) of everything that fought / was lost */
  readonly total_unit_value: number;
  readonly destroyed_value: number;
  readonly hall_of_fame: boolean;
  readonly seed: string;
  readonly error?: string;
}
