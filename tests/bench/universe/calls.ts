import type pg from 'pg';
import { allianceOf, neighbourOf, PER_SUB_REGION, sideOf, TOP_REGION, placeOf, type Command, type Page } from './model';
import type { Call } from './http';
import type { SeededPlayer, Universe } from './seed';

/**
 * What each screen of the web app asks for when it opens (apps/web/src/features/<tab>: the tRPC
 * queries its components mount with), and each command of the model as the tRPC mutation the web
 * app sends. Ids a command needs that the page would have shown (a queue item to cancel, a fleet to
 * recall, an invitation to accept) are looked up in the database, as few rows as the page lists.
 */

export function pageCalls(tab: Page, me: SeededPlayer, universe: Universe): Call[] {
  const t = me.territory;
  const place = placeOf(me.index);
  const units = { path: 'territories.units', input: { id: t } };
  const defenses = { path: 'territories.defenses', input: { id: t } };
  const queues = (...kinds: string[]) => kinds.map((k) => ({ path: `${k}.queue`, input: { territory_id: t } }));
  // The map at the home sector (a first visit flies there), and the fleet screen's target check of it.
  const wreckage = { path: 'wreckage.map', input: { regionId: place.region, subRegion: place.sub_region } };
  switch (tab) {
    case 'SIGN_IN': // the shell: profile, catalogue, territories, resource bar, queue panel, fleet strip, badges
      return [
        { path: 'users.me' }, { path: 'gameData.all' }, { path: 'territories.list' }, { path: 'territories.get', input: { id: t } },
        { path: 'stats.overview' }, { path: 'research.technologies' }, { path: 'notifications.unreadCount' }, { path: 'messages.unreadCount' },
        { path: 'movements.active' }, { path: 'highscores.me', input: { sort_by: 'total_score', limit: 1 } },
        ...queues('construction', 'recruitment', 'defense'), { path: 'research.queue' },
      ];
    case 'POLL_FLEETS_QUEUES': // the fleet strip's active movements and the queue panel's queues, every 15 s
      return [{ path: 'movements.active' }, ...queues('construction', 'recruitment', 'defense'), { path: 'research.queue' }];
    case 'POLL_UNITS': // the territory's units and defenses, every 30 s
      return [units, defenses];
    case 'POLL_UNREAD': // the notification and message badges, every 2 minutes
      return [{ path: 'notifications.unreadCount' }, { path: 'messages.unreadCount' }];
    case 'EMPIRE':
      return [{ path: 'territories.get', input: { id: t } }, units, defenses, ...queues('construction', 'recruitment', 'defense'), { path: 'stats.overview' }];
    case 'MAP':
      return [
        { path: 'map.regionsOverview' }, { path: 'map.subregionsOverview', input: { regionId: place.region } },
        { path: 'map.regionTerritories', input: { regionId: place.region, subRegion: place.sub_region } }, wreckage, units,
      ];
    case 'BUILDING':
      return [{ path: 'territories.get', input: { id: t } }, ...queues('construction')];
    case 'RESEARCH':
      return [{ path: 'research.technologies' }, { path: 'research.queue' }];
    case 'UNITS':
      return [units, defenses, ...queues('recruitment', 'defense'), { path: 'stats.overview' }];
    case 'MOVEMENT':
      return [{ path: 'movements.active' }, units, wreckage, { path: 'map.regionTerritories', input: { regionId: place.region, subRegion: place.sub_region } }];
    case 'RANK':
      return [{ path: 'highscores.list', input: { sort_by: 'total_score', skip: 0, limit: 100 } }, { path: 'highscores.me', input: { sort_by: 'total_score', limit: 100 } }];
    case 'HALL_OF_FAME':
      return [{ path: 'hallOfFame.entries', input: { limit: 100, cursor: 0 } }];
    case 'ALLIANCE': {
      const n = allianceOf(me.index);
      const id = n === null ? undefined : universe.alliances.get(n);
      if (id === undefined) return [{ path: 'alliances.list', input: { limit: 10, cursor: 0 } }];
      // Only a leader's page lists the applications (the seed makes the first of each side its leader).
      const leads = me.index % PER_SUB_REGION === 0 || me.index % PER_SUB_REGION === 12;
      return [{ path: 'alliances.get', input: { id } }, ...(leads ? [{ path: 'alliances.applications', input: { id } }] : [])];
    }
    case 'MESSAGES':
      return [{ path: 'messages.list', input: { folder: 'inbox' } }, { path: 'messages.unreadCount' }, { path: 'buddies.list' }];
  }
}

/** A mutation, and (for a multi-party attack) what to send once it is answered. */
export interface CommandCall {
  call: Call;
  followUp?: (data: unknown) => Call | null;
}

const BUILDS = ['fiber_tangle', 'crystal_geode', 'biomass_vat'] as const;
const RESEARCH = ['echo_sensing', 'pheromone_signalling'] as const;

/** The command as the web app sends it; null when the player has nothing to do it with (no queue item to cancel, no fleet to recall). */
export async function commandCall(command: Command, me: SeededPlayer, universe: Universe, sql: pg.Pool, pick: () => number): Promise<CommandCall | null> {
  const t = me.territory;
  const count = universe.players.length;
  const at = (other: number | null) => {
    if (other === null) return null;
    const p = placeOf(other);
    return { target_region: p.region, target_sub_region: p.sub_region, target_position: p.position };
  };
  const send = (mission: string, target: ReturnType<typeof at>, units: Record<string, number>, extra: Record<string, unknown> = {}): CommandCall | null =>
    target && { call: { path: 'movements.send', input: { start_territory_id: t, mission, units, ...target, ...extra } } };
  const one = async <R extends pg.QueryResultRow>(text: string, values: unknown[]) => (await sql.query<R>(text, values)).rows[0] ?? null;
  switch (command) {
    case 'build':
      return { call: { path: 'construction.start', input: { territory_id: t, structure_key: BUILDS[Math.floor(pick() * BUILDS.length)] } } };
    case 'research':
      return { call: { path: 'research.start', input: { tech_key: RESEARCH[Math.floor(pick() * RESEARCH.length)], territory_id_for_cost: t } } };
    case 'recruit':
      return { call: { path: 'recruitment.start', input: { territory_id: t, unit_key: 'razorwing', quantity: 1 } } };
    case 'defense':
      return { call: { path: 'defense.start', input: { territory_id: t, defense_key: 'thorn_pit', quantity: 1 } } };
    case 'cancel': {
      const item = await one<{ id: string; kind: string }>(
        `select id, kind from queue_items where user_id = $1 and completed_at is null and end_time > now() order by end_time desc limit 1`, [me.id]);
      if (!item) return null;
      const path = { building: 'construction', research: 'research', recruitment: 'recruitment', defense: 'defense' }[item.kind]!;
      return { call: { path: `${path}.cancel`, input: path === 'research' ? { queue_item_id: item.id } : { territory_id: t, queue_item_id: item.id } } };
    }
    case 'rename':
      return { call: { path: 'territories.rename', input: { id: t, name: `Hive ${Math.floor(pick() * 1000)}` } } };
    case 'transport':
      return send('TRANSPORT', at(neighbourOf(me.index, count, 'ally', pick())), { hauler_grub: 1 }, { resources: { fiber: 300 } });
    case 'station':
      return send('STATION', at(neighbourOf(me.index, count, 'ally', pick())), { razorwing: 2 });
    case 'attack':
      return send('ATTACK', at(neighbourOf(me.index, count, 'foe', pick())), { razorwing: 4 });
    case 'spy':
      return send('SPY', at(neighbourOf(me.index, count, 'foe', pick())), { whisper_mite: 1 });
    case 'explore': // an empty sub-region a few regions below the populated ones
      return send('EXPLORATION', { target_region: TOP_REGION - 40, target_sub_region: 1 + (me.index % 961), target_position: 1 + Math.floor(pick() * 25) }, { razorwing: 2 }, { exploration_duration_hours: 1 });
    case 'salvage': // where battles leave wreckage: a foe's position
      return send('SALVAGE', at(neighbourOf(me.index, count, 'foe', pick())), { carrion_beetle: 1 });
    case 'recall': {
      const m = await one<{ id: string }>(`select id from movements where user_id = $1 and mission in ('TRANSPORT', 'ATTACK', 'SPY', 'STATION') and leg = 0 limit 1`, [me.id]);
      return m && { call: { path: 'movements.recall', input: { movement_id: m.id } } };
    }
    case 'multiAttack': {
      const ally = neighbourOf(me.index, count, 'ally', pick());
      const sent = send('MULTI_PARTY_ATTACK_INITIATOR', at(neighbourOf(me.index, count, 'foe', pick())), { razorwing: 4 });
      if (!sent || ally === null) return null;
      const invited = universe.players[ally]!.username;
      return { ...sent, followUp: (data) => ({ path: 'movements.invite', input: { movement_id: (data as { id: string }).id, invited_user_username: invited } }) };
    }
    case 'joinAttack': {
      const inv = await one<{ id: number }>(`select id from attack_invitations where invited_user_id = $1 and status = 'PENDING' limit 1`, [me.id]);
      return inv && { call: { path: 'movements.acceptInvitation', input: { invitation_id: inv.id, joining_fleet_territory_id: t, units: { razorwing: 3 } } } };
    }
    case 'allianceApply': {
      if (sideOf(me.index) === null) {
        const n = allianceOf(me.index - 1);
        const id = n === null ? undefined : universe.alliances.get(n);
        return id === undefined ? null : { call: { path: 'alliances.submitApplication', input: { id, message: 'Let me in' } } };
      }
      // A member who leads decides the oldest pending application.
      const app = await one<{ id: number }>(
        `select a.id from alliance_applications a join alliance_members m on m.alliance_id = a.alliance_id and m.user_id = $1 and m.rank = 'LEADER'
         where a.status = 'PENDING' order by a.created_at limit 1`, [me.id]);
      return app && { call: { path: 'alliances.decide', input: { id: app.id, status: pick() < 0.5 ? 'ACCEPTED' : 'REJECTED' } } };
    }
    case 'hallOfFameComment': {
      const entry = await one<{ id: number }>('select id from hall_of_fame_entries order by id desc limit 1', []);
      return entry && { call: { path: 'hallOfFame.addComment', input: { id: entry.id, comment_text: 'What a battle' } } };
    }
    case 'message': {
      const to = neighbourOf(me.index, count, pick() < 0.7 ? 'ally' : 'foe', pick());
      return to === null ? null : { call: { path: 'messages.send', input: { recipient_username: universe.players[to]!.username, subject: 'Hello', body: 'Shall we?' } } };
    }
  }
}
