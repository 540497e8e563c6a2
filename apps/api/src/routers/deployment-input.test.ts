import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loadCatalogue } from '@brood/game-data';
import { unknownKeySentence, withRequestCatalogue, type CatalogueMap } from './deployment-input';
import { GatherStationSchema, AcceptInvitationSchema, SendMovementSchema } from './movements.router';
import { StartConstructionSchema } from './construction.router';
import { StartResearchSchema } from './research.router';
import { StartRecruitmentSchema } from './recruitment.router';
import { StartDefenseSchema } from './defense.router';

const catalogue = loadCatalogue();
const INHERITED = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

/** Every input field that names catalogue entries: a schema, the map its keys come from, and an input carrying `key` there. */
const FIELDS: [string, z.ZodType, CatalogueMap, (key: string) => unknown, (key: string) => (string | number)[]][] = [
  ['movements.send resources', SendMovementSchema, 'resources', (key) => send({ units: { hauler_grub: 1 }, resources: { [key]: 1 } }), (key) => ['resources', key]],
  ['movements.send units', SendMovementSchema, 'units', (key) => send({ units: { [key]: 1 } }), (key) => ['units', key]],
  ['movements.gatherStation units', GatherStationSchema, 'units', (key) => ({ target_territory_id: 1, source_operations: [{ source_territory_id: 2, units: { [key]: 1 } }] }), (key) => ['source_operations', 0, 'units', key]],
  ['movements.acceptInvitation units', AcceptInvitationSchema, 'units', (key) => ({ invitation_id: 1, joining_fleet_territory_id: 2, units: { [key]: 1 } }), (key) => ['units', key]],
  ['construction.start structure_key', StartConstructionSchema, 'structures', (key) => ({ territory_id: 1, structure_key: key }), () => ['structure_key']],
  ['research.start tech_key', StartResearchSchema, 'technologies', (key) => ({ tech_key: key }), () => ['tech_key']],
  ['recruitment.start unit_key', StartRecruitmentSchema, 'units', (key) => ({ territory_id: 1, unit_key: key, quantity: 1 }), () => ['unit_key']],
  ['defense.start defense_key', StartDefenseSchema, 'defenses', (key) => ({ territory_id: 1, defense_key: key, quantity: 1 }), () => ['defense_key']],
];

function send(extra: object): unknown {
  return { start_territory_id: 1, target_region: 1, target_sub_region: 1, target_position: 2, mission: 'TRANSPORT', ...extra };
}

describe('catalogue keys in inputs (issue #24: a resource named constructor)', () => {
  it.each(FIELDS)('%s: accepts every own key of the catalogue', (_, schema, map, input) => {
    for (const key of Object.keys(catalogue[map])) expect(schema.safeParse(input(key)).success, key).toBe(true);
  });

  it.each(FIELDS)('%s: refuses any other key, inherited property names first, naming the key', (_, schema, map, input, path) => {
    const notAKey = fc.oneof(fc.constantFrom(...INHERITED), fc.string({ minLength: 1, maxLength: 70 })).filter((key) => !Object.hasOwn(catalogue[map], key) && key !== '__proto__');
    fc.assert(
      fc.property(notAKey, (key) => {
        const result = schema.safeParse(input(key));
        expect(result.success).toBe(false);
        expect(result.error?.issues).toContainEqual(expect.objectContaining({ message: unknownKeySentence(map, key), path: path(key) }));
      }),
    );
  });

  it('checks against the catalogue of the request, which UNIVERSE_OVERRIDES may extend', () => {
    const extended = loadCatalogue({ units: { void_kraken: catalogue.units.hauler_grub } });
    const input = { territory_id: 1, unit_key: 'void_kraken', quantity: 1 };
    expect(StartRecruitmentSchema.safeParse(input).success).toBe(false);
    expect(withRequestCatalogue(extended, () => StartRecruitmentSchema.safeParse(input).success)).toBe(true);
  });
});
