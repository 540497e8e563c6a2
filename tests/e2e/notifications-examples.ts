/**
 * Example notifications of every kind, shaped as the social spec (section 3) describes their content,
 * for browser tests and screenshots of cards whose producers (battles, spies, fleets) may not run in
 * a short test. `userId` is the viewer: the combat report has them as the attacker.
 */
export interface ExampleNotification {
  message_type: string;
  title: string;
  content: unknown;
  is_read?: boolean;
  minutesAgo: number;
  related_object_id?: string;
}

export function exampleNotifications(userId: number): ExampleNotification[] {
  const combat = (outcome: string, attacker: number, defender: number) => ({
    outcome,
    attacker_user_id: attacker,
    defender_user_id: defender,
    attacker_origin_coords: [480, 12, 3],
    attacker_origin_territory_name: 'Spawning Pit',
    defender_territory_coords: [480, 13, 9],
    defender_territory_name: 'Chitin Bastion',
    location_coords: [480, 13, 9],
    rounds_fought: 3,
    participant_results: [
      { role: 'ATTACKER', user_id: attacker, username: attacker === userId ? 'You' : 'Ravager', participant_index: 0, is_stationed_ally: false, initial_units: [{ unit_key: 'razorwing', quantity: 120 }, { unit_key: 'spine_lancer', quantity: 12 }], losses_total: [{ unit_key: 'razorwing', lost: 18 }], wounded_total: 4, regenerated_units: [{ unit_key: 'razorwing', quantity: 2 }], survivors: [{ unit_key: 'razorwing', quantity: 102 }, { unit_key: 'spine_lancer', quantity: 12 }], raw_damage_output_total: 5400, damage_dealt_total: 4100, damage_absorbed_defense_total: 800, damage_absorbed_bioshield_total: 500 },
      { role: 'DEFENDER', user_id: defender, username: defender === userId ? 'You' : 'Warden', participant_index: 1, is_stationed_ally: false, initial_units: [{ unit_key: 'razorwing', quantity: 40 }], initial_defenses: [{ defense_key: 'chitin_wall', quantity: 6 }], losses_total: [{ unit_key: 'razorwing', lost: 40 }], repaired_defenses: [{ defense_key: 'chitin_wall', quantity: 2 }], survivors: [], raw_damage_output_total: 900, damage_dealt_total: 700, units_saved_by_bunker: [{ unit_key: 'razorwing', quantity: 5 }] },
    ],
    round_details: [-1, 0, 1, 2].map((round) => ({
      round_number: round,
      participant_results: [
        { participant_index: 0, role: 'ATTACKER', username: 'Ravager the Unending', units_at_start: [{ unit_key: 'razorwing', quantity: 120 - round * 6 }], raw_damage_output: 1400, damage_dealt_effective: 900, damage_absorbed_defense: 150, damage_absorbed_bioshield: 100, wounded: 1, losses: [{ unit_key: 'razorwing', lost: 6 }] },
        { participant_index: 1, role: 'DEFENDER', username: 'Warden', units_at_start: [{ unit_key: 'razorwing', quantity: 40 - round * 10 }], raw_damage_output: 300, damage_dealt_effective: 250, wounded: 0, losses: [{ unit_key: 'razorwing', lost: 10 }] },
      ],
    })),
    plunder: { resources: { fiber: 1250, crystal: 430, biomass: 310 } },
    instant_salvage_resources: { fiber: 120 },
    wreckage: { resources: { fiber: 900, crystal: 300 } },
  });

  return [
    { message_type: 'GENERIC_INFORMATION', title: 'Welcome to the swarm', content: 'Your first hive stirs. Scout the neighbours at [480:12:4] before they find you.', minutesAgo: 1 },
    { message_type: 'COMBAT_REPORT', title: 'Battle at Chitin Bastion', content: combat('VICTORY_ATTACKER', userId, 999_001), minutesAgo: 2, related_object_id: '8c1f2e9a-0000-4000-8000-00000000c0de' },
    { message_type: 'DEFENSE_REPORT', title: 'Your hive was attacked', content: combat('VICTORY_ATTACKER', 999_002, userId), minutesAgo: 4 },
    {
      message_type: 'SPY_REPORT',
      title: 'Spy report: Chitin Bastion',
      minutesAgo: 6,
      content: {
        target_territory_id: 77, target_territory_name: 'Chitin Bastion', target_coords: [480, 13, 9], target_owner_id: 999_001, success: true, detected: true, detail_level: 3, report_time_utc: new Date().toISOString(),
        resources: [{ resource_key: 'fiber', amount: 5230.4 }, { resource_key: 'crystal', amount: 1800 }],
        structures: [{ structure_key: 'fiber_tangle', exists: true, level: 7 }, { structure_key: 'crystal_geode', exists: true, level: 4 }],
        units: [{ unit_key: 'razorwing', quantity: 40 }], defenses: [{ defense_key: 'chitin_wall', quantity: 6 }],
        stationed_fleets: [{ fleet_id: 5, username: 'Brood Ally', mission_type: 'ALLIED_STATIONED', units: [{ unit_key: 'spine_lancer', quantity: 8 }], resources: {} }],
        build_queue: [{ item_key: 'fiber_tangle', target_level_or_quantity: 8, end_time: new Date(Date.now() + 3600_000).toISOString() }], research_queue: [], recruitment_queue: [], defense_queue: [],
      },
    },
    { message_type: 'SPY_DETECTED_BY_TARGET', title: 'Spies detected!', minutesAgo: 8, content: { target_territory_id: 1, target_territory_name: 'Home Hive', target_coords: [480, 12, 3], alert_type: 'ESPIONAGE', detection_time_utc: new Date().toISOString(), source_region: 481, source_sub_region: 2, source_position: 17, estimated_attacker_spy_level: 2 } },
    { message_type: 'SPY_FAILED_TARGET_NOT_FOUND', title: 'Espionage failed', minutesAgo: 10, content: { details: 'No territory found at 12:12:12.' } },
    { message_type: 'EXPLORATION_SUCCESSFUL', title: 'Exploration: a resin bloom', minutesAgo: 12, content: { event_type: 'RESOURCE_FIND', message: 'Your scouts found a drifting resin bloom near 500:1:1.', location_coords: [500, 1, 1], location_name: 'Deep Void', found_resources: { resin: 420, fiber: 80 }, final_fleet_units: { razorwing: 10 } } },
    { message_type: 'EXPLORATION_FAILED', title: 'Exploration: ambush', minutesAgo: 14, content: { event_type: 'COMBAT', message: 'A feral swarm ambushed the expedition.', location_coords: [500, 1, 2], lost_units: { razorwing: 4 }, combat_report: { outcome: 'VICTORY_DEFENDER', combat_start_time_utc: new Date().toISOString() }, wreckage_info: { resources: { fiber: 60 }, location_coords: [500, 1, 2] } } },
    { message_type: 'SALVAGE_SUCCESSFUL', title: 'Salvaged wreckage', is_read: true, minutesAgo: 16, content: { wreckage_field_id: 3, coordinates: [480, 13, 9], salvaged_resources: { fiber: 600, crystal: 200 }, resources_remaining_in_wreckage: { fiber: 300 }, wreckage_field_emptied: false, fleet_cargo_after_salvage: { fiber: 600, crystal: 200 }, fleet_cargo_capacity_remaining: 200 } },
    { message_type: 'SALVAGE_FAILED_NO_WRECKAGE', title: 'Salvage failed', is_read: true, minutesAgo: 18, content: { details: 'The field at 480:13:9 was already picked clean.' } },
    { message_type: 'FLEET_LAUNCHED', title: 'Fleet launched', minutesAgo: 20, related_object_id: '0f0e0d0c-0000-4000-8000-0000f1ee7001', content: { origin_coords: [480, 12, 3], origin_territory_name: 'Home Hive', destination_coords: [480, 13, 9], destination_territory_name: 'Chitin Bastion', original_mission: 'ATTACK', units: { razorwing: 120, spine_lancer: 12 } } },
    { message_type: 'FLEET_LOST', title: 'Fleet lost', minutesAgo: 22, content: { origin_coords_str: '480:12:3', destination_coords: [490, 1, 1], units: { razorwing: 30 }, reason_lost: 'Devoured by a void leviathan.' } },
    { message_type: 'TRANSPORT_COMPLETED', title: 'Transport delivered', minutesAgo: 24, content: { origin_coords: [480, 12, 3], destination_coords: [480, 12, 5], destination_territory_name: 'Outpost', delivered_resources: { fiber: 500, biomass: 250 } } },
    { message_type: 'COLONIZATION_SUCCESSFUL', title: 'New colony founded', minutesAgo: 26, content: { colonized_coords: [480, 12, 8], colonized_planet_name: 'Fresh Spawn', units: { razorwing: 5 } } },
    { message_type: 'MULTI_PARTY_ATTACK_INVITATION_RECEIVED', title: 'Invitation to attack', minutesAgo: 28, content: { invitation_id: 12, initiator_username: 'Ravager', target_coords: [481, 5, 5], target_territory_name: 'Iron Nest', current_arrival_time: new Date(Date.now() + 2 * 3600_000).toISOString(), message: 'Join the strike on 481:5:5!' } },
    { message_type: 'INCOMING_ATTACK_WARNING', title: 'Incoming attack!', minutesAgo: 30, content: { message: 'A hostile swarm is heading for Home Hive.', attacker_username: 'Ravager', target_coords: [480, 12, 3], arrival_time: new Date(Date.now() + 1800_000).toISOString() } },
    { message_type: 'RESEARCH_PROJECT_COMPLETED', title: 'Echo Sensing researched to level 2', minutesAgo: 32, content: { item_name: 'Echo Sensing', level_or_quantity: 2, location_coords: [480, 12, 3], location_name: 'Home Hive', details: 'Research complete.' } },
    { message_type: 'UNIT_RECRUITMENT_COMPLETED', title: '20 x Razorwing hatched', minutesAgo: 34, content: { item_name: 'Razorwing', level_or_quantity: 20, location_coords: [480, 12, 3], location_name: 'Home Hive', details: '20 Razorwing joined your swarm in Home Hive.' } },
    { message_type: 'ATTACK_FAILED_OWN_TERRITORY', title: 'Attack called off', minutesAgo: 36, content: { details: 'You cannot attack your own territory at 480:12:5.' } },
    { message_type: 'SYSTEM_ERROR_NOTIFICATION', title: 'Report unavailable', minutesAgo: 38, content: { strange_payload: { code: 17, hint: 'unexpected' } } },
  ];
}
