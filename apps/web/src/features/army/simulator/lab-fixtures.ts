/** A spy report's content as the server writes it (game-core spyReportContent), at a detail level. */
export function exampleSpyReport(level: number): Record<string, unknown> {
  const full = level >= 3;
  return {
    target_territory_id: 77,
    target_territory_name: 'Chitin Bastion',
    target_coords: [480, 13, 9],
    target_owner_id: full ? 999_001 : null,
    target_owner_username: level >= 1 ? 'Kragh' : null,
    success: level >= 1,
    detected: false,
    detail_level: level,
    resources: [
      { resource_key: 'fiber', amount: full ? 5230.4 : null, approx_amount_level: 4 },
      { resource_key: 'crystal', amount: full ? 1800 : null, approx_amount_level: 4 },
    ],
    structures: [
      { structure_key: 'fiber_tangle', exists: true, level: full ? 7 : null },
      { structure_key: 'burrow_warren', exists: true, level: full ? 2 : null },
    ],
    units: [{ unit_key: 'razorwing', quantity: full ? 40 : null, approx_quantity_level: level >= 2 ? 2 : null }],
    defenses: [{ defense_key: 'chitin_wall', quantity: full ? 6 : null, approx_quantity_level: level >= 2 ? 1 : null }],
    stationed_fleets: [{ fleet_id: 5, username: full ? 'Brood Ally' : null, mission_type: 'ALLIED_STATIONED', units: { spine_lancer: 8 }, resources: full ? {} : null }],
    technologies: full ? [{ tech_key: 'serrated_mandibles', level: 4 }, { tech_key: 'layered_carapace', level: 2 }] : [],
  };
}
