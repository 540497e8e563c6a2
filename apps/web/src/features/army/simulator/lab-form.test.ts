import { describe, expect, it } from 'vitest';
import { battleOdds, resolveBattle, createRng } from '@brood/game-core';
import { coreCatalogue } from '../../territories';
import { gameData } from '../../../test/economy-fixtures';
import { assumedZero, combatTechnologies, emptyForm, emptyParty, entryOf, fleetToSend, LAB_ERRORS, labProblems, targetStructures, toBattleInput, type LabForm } from './lab-form';
import { approxHint, fromCombatReport, fromSpyReport, partyFromTerritory } from './lab-sources';
import { attackFlight, newSeed, outcomeShares } from './lab-stats';
import { exampleSpyReport } from './lab-fixtures';

const catalogue = coreCatalogue(gameData);
const nameOf = (k: string) => k;
const techs = combatTechnologies(catalogue);

function form(patch: Partial<LabForm> = {}): LabForm {
  const f = emptyForm('seed');
  f.attackers[0]!.units = { razorwing: 100 };
  f.defenders[0]!.units = { razorwing: 40 };
  f.target = { ...f.target, r: '5', s: '6', p: '7' };
  return { ...f, ...patch };
}

describe('simulator form rules', () => {
  it('lists the technologies and target structures the battle reads, from the catalogue', () => {
    expect(techs).toEqual(expect.arrayContaining(['serrated_mandibles', 'layered_carapace', 'regenerative_tissue', 'bioshield_harmonics', 'distended_stomachs']));
    expect(techs).not.toContain('echo_sensing');
    expect(targetStructures(catalogue)).toEqual(expect.arrayContaining(['burrow_warren', 'mycelial_cache', 'regrowth_cradle']));
  });

  it('runs a filled form and says what blocks one that is not', () => {
    expect(labProblems(form(), nameOf, 4)).toEqual([]);
    const empty = form();
    empty.attackers[0]!.units = { razorwing: 0 };
    expect(labProblems(empty, nameOf, 4)).toEqual([LAB_ERRORS.noAttackers]);
    expect(labProblems(form({ runs: 0 }), nameOf, 4)).toEqual([LAB_ERRORS.runs]);
    expect(labProblems(form({ runs: 1001 }), nameOf, 4)).toEqual([LAB_ERRORS.runs]);
    const crowded = form();
    crowded.attackers = [1, 2, 3, 4, 5].map((i) => ({ ...emptyParty(`a${i}`), units: { razorwing: 1 } }));
    expect(labProblems(crowded, nameOf, 4)).toEqual([LAB_ERRORS.tooMany(4)]);
    const fractional = form();
    fractional.defenders[0]!.units = { razorwing: 1.5 };
    expect(labProblems(fractional, nameOf, 4)).toEqual([LAB_ERRORS.count]);
  });

  it('a count left blank must be filled; a blank level or stock reads as 0 and is named', () => {
    const f = form();
    f.defenders[0]!.units = { razorwing: '' };
    f.defenders[0]!.hints = { razorwing: 'about 10 to 99' };
    f.defenders[0]!.technologies = { serrated_mandibles: '' };
    f.target.structures = { burrow_warren: '' };
    expect(labProblems(f, nameOf, 4)).toEqual([LAB_ERRORS.unknown(['razorwing (Defender: about 10 to 99)'])]);
    expect(assumedZero(f, nameOf)).toEqual(['serrated_mandibles (Defender)', 'burrow_warren']);
  });

  it('makes the battle the server would fight: technologies as effects, the first defender owns the target, later ones are allies', () => {
    const f = form();
    f.attackers[0]!.technologies = { serrated_mandibles: 2 };
    f.defenders[0]!.defenses = { thorn_pit: 3 };
    f.defenders.push({ ...emptyParty('Ally'), units: { ravager: 2 }, defenses: { thorn_pit: 9 } });
    f.target.structures = { burrow_warren: 1 };
    f.target.stock = { fiber: 1000 };
    const input = toBattleInput(f, catalogue);
    expect(input.participants.map((p) => [p.role, p.is_stationed_ally])).toEqual([['ATTACKER', false], ['DEFENDER', false], ['DEFENDER', true]]);
    expect(input.participants[0]!.effects?.unit_attack_pct).toBe(20);
    expect(input.participants[2]!.defenses).toEqual({});
    expect(input.target.effects?.bunker_capacity).toBeGreaterThan(0);
    expect(input.target.stock).toEqual({ fiber: 1000 });
    expect(input.target.coords).toEqual([5, 6, 7]);
    const report = resolveBattle({ ...input, catalogue }, createRng('x'));
    expect(report.outcome).not.toBe('ERROR');
  });

  it('sends the first attacker to the target, and clamps what is typed', () => {
    expect(fleetToSend(form())).toEqual({ units: { razorwing: 100 }, target: [5, 6, 7] });
    expect([entryOf(''), entryOf('12.7'), entryOf(-3), entryOf('abc')]).toEqual(['', 12, 0, '']);
  });
});

describe('filling the simulator', () => {
  it('from a spy report: exact counts at detail 3, blanks with hints below, allies, stock and structures', () => {
    const full = fromSpyReport(exampleSpyReport(3), techs, targetStructures(catalogue));
    expect(full.defenders[0]).toMatchObject({ name: 'Chitin Bastion', units: { razorwing: 40 }, defenses: { chitin_wall: 6 } });
    // The owner's research at detail 3 fills in; the rest stays blank.
    const { serrated_mandibles, layered_carapace, ...others } = full.defenders[0]!.technologies;
    expect([serrated_mandibles, layered_carapace]).toEqual([4, 2]);
    expect(Object.values(others).every((v) => v === '')).toBe(true);
    expect(full.defenders[1]).toMatchObject({ name: 'Brood Ally', units: { spine_lancer: 8 } });
    expect(full.target).toMatchObject({ r: '480', s: '13', p: '9', stock: { fiber: 5230, crystal: 1800 }, structures: { burrow_warren: 2 } });
    const vague = fromSpyReport(exampleSpyReport(2), techs, targetStructures(catalogue));
    expect(vague.defenders[0]).toMatchObject({ units: { razorwing: '' }, hints: { razorwing: 'about 10 to 99' } });
    expect(vague.target.structures).toEqual({ burrow_warren: '' });
    expect(Object.values(vague.defenders[0]!.technologies).every((v) => v === '')).toBe(true);
    expect(approxHint(null)).toBe('present');
    expect(approxHint(4)).toBe('about 1,000 to 9,999');
  });

  it('from a combat report: both sides as they entered, allies after the owner', () => {
    const filled = fromCombatReport(
      {
        defender_territory_coords: [1, 2, 3],
        participant_results: [
          { role: 'DEFENDER', username: 'Ally', is_stationed_ally: true, initial_units: { ravager: 3 } },
          { role: 'ATTACKER', username: 'Ann', initial_units: [{ unit_key: 'razorwing', quantity: 120 }] },
          { role: 'DEFENDER', username: 'Dan', initial_units: { razorwing: 40 }, initial_defenses: { thorn_pit: 2 } },
        ],
      },
      techs,
    );
    expect(filled.attackers.map((p) => [p.name, p.units])).toEqual([['Ann', { razorwing: 120 }]]);
    expect(filled.defenders.map((p) => p.name)).toEqual(['Dan', 'Ally']);
    expect(filled.defenders[0]!.defenses).toEqual({ thorn_pit: 2 });
    expect(filled.target).toMatchObject({ r: '1', s: '2', p: '3' });
  });

  it('from the own territory: units, defenses when defending, and the player’s levels', () => {
    const p = partyFromTerritory('Nest', { razorwing: 5, ravager: 0 }, { thorn_pit: 2 }, { serrated_mandibles: 3, echo_sensing: 9 }, techs);
    expect(p.units).toEqual({ razorwing: 5 });
    expect(p.defenses).toEqual({ thorn_pit: 2 });
    expect(p.technologies.serrated_mandibles).toBe(3);
    expect(p.technologies).not.toHaveProperty('echo_sensing');
  });
});

describe('simulator statistics', () => {
  it('outcome shares add up to one, and to nothing without runs', () => {
    const odds = battleOdds({ ...toBattleInput(form(), catalogue), catalogue }, 10, 's');
    const s = outcomeShares(odds);
    expect(s.attacker + s.draw + s.defender).toBeCloseTo(1);
    expect(outcomeShares({ outcomes: { attacker_wins: 0, draws: 0, defender_wins: 0 } })).toEqual({ attacker: 0, draw: 0, defender: 0 });
  });

  it('flight time and fuel from the start by the dispatch rules; placeholders when it cannot fly', () => {
    const ctx = { start: [1, 1, 1] as const, catalogue, maxExplorationHours: 24, speedPct: 0, cargoPct: 0, universeSpeed: 1, bounds: { regions: 10, subRegions: 10, positions: 10 } };
    const flight = attackFlight({ razorwing: 10 }, [1, 1, 5], ctx);
    expect(typeof flight.eta).toBe('number');
    expect(flight.biomass).toBeGreaterThan(0);
    expect(attackFlight({}, [1, 1, 5], ctx)).toEqual({ eta: 'N/A', biomass: null });
    expect(attackFlight({ razorwing: 1 }, null, ctx).eta).toBe('Invalid Target');
    expect(newSeed(() => 0.5)).toMatch(/^[0-9a-z]{6}$/);
  });
});
