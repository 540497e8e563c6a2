import type { Catalogue } from './schema';

/** The `/game-data/all` payload: the spec's catalogue plus the universe constants a client needs. */
export function toClientGameData(catalogue: Catalogue) {
  const u = catalogue.universe;
  return {
    resources: catalogue.resources,
    orderedResourceKeys: catalogue.orderedResourceKeys,
    structures: catalogue.structures,
    technologies: catalogue.technologies,
    units: catalogue.units,
    defenses: catalogue.defenses,
    effects: catalogue.effects,
    universe: {
      universe_speed_factor: u.universe_speed_factor,
      map: u.map,
      queue_limits: u.queue_limits,
      cancel_refund_share: u.cancel_refund_share,
      max_exploration_duration_hours: u.max_exploration_duration_hours,
      alliance_max_members: u.alliance_max_members,
      max_participants: u.max_participants,
      /** how far a late joiner may push a multi-party attack back: the Army form checks a join before it is sent */
      multi_party_max_delay_share: u.multi_party_max_delay_share,
      comment_cooldown_s: u.comment_cooldown_s,
      guest_lifetime_days: u.guest_lifetime_days,
      guest_username_prefix: u.guest_username_prefix,
      guest_email_domain: u.guest_email_domain,
      comment_link_replacement: u.comment_link_replacement,
      territory_name_max_length: u.territory_name_max_length,
      avatars: u.avatars,
      combat_rounds: u.combat.rounds,
      /** the whole combat settings and the Hall of Fame threshold: the battle simulator runs the server's resolveBattle */
      combat: u.combat,
      hall_of_fame: u.hall_of_fame,
      base_income_per_hour: u.base_income_per_hour,
      base_storage_per_tier: u.base_storage_per_tier,
      base_effects: u.base_effects,
      starving_production_factor: u.starving_production_factor,
      score: u.score,
      messages: { subject_max_length: u.messages.subject_max_length, body_max_length: u.messages.body_max_length },
      /** newcomer protection, bash limit, vacation and inactivity: the army panel and map decide with game-core's fair-play rules */
      fair_play: u.fair_play,
    },
  };
}
export type ClientGameData = ReturnType<typeof toClientGameData>;
