import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { createPlayer, type TestApi, type TestPlayer } from '@brood/api/testing';

/** What an id field of an input names: an object someone owns, or something public by design. */
export type ObjectKind = 'territory' | 'buildItem' | 'researchItem' | 'recruitItem' | 'defenseItem' | 'movement' | 'notification' | 'alliance' | 'application' | 'member' | 'invitation' | 'battle' | 'message' | 'buddy';

/**
 * The victim's side of the authorization matrix: one object of every kind a procedure takes by id,
 * each with text no other player could send or guess (the markers), and the attacker, who owns a
 * territory and leads an alliance of their own (so "a leader" or "an owner" is never enough).
 */
export interface AuthzWorld {
  victim: TestPlayer & { territoryId: number };
  attacker: TestPlayer & { territoryId: number };
  /** The victim's object of each kind, as its id (numbers for serial ids, text for uuids). */
  objects: Record<ObjectKind, number | string>;
  /** Texts only the victim's data contains: an answer holding one leaked it. */
  markers: string[];
  /** Catalogue keys without prerequisites, so a baseline call by the attacker could succeed on its own. */
  keys: Record<'structure_key' | 'tech_key' | 'unit_key' | 'defense_key', string>;
  /** A digest of every row the victim (or the victim's alliance) owns. */
  digest(): Promise<string>;
}

const marker = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

async function withTerritory(api: TestApi, player: TestPlayer): Promise<TestPlayer & { territoryId: number }> {
  const list = await api.app.inject({ method: 'GET', url: '/api/v1/territories', headers: player.headers });
  return { ...player, territoryId: list.json<{ id: number }[]>()[0]!.id };
}

async function post(api: TestApi, who: TestPlayer, method: 'POST' | 'PUT', url: string, payload: object, expected: number): Promise<Record<string, unknown>> {
  const res = await api.app.inject({ method, url, headers: who.headers, payload });
  if (res.statusCode !== expected) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function authzWorld(api: TestApi, sql: pg.Client): Promise<AuthzWorld> {
  const catalogue = api.deps.catalogue;
  type Owner = TestPlayer & { territoryId: number };
  const [victim, attacker, member, applicant] = (await Promise.all([0, 1, 2, 3].map(async () => withTerritory(api, await createPlayer(api))))) as [Owner, Owner, Owner, Owner];
  const notificationTitle = marker('Secret report ');
  const applicationMessage = marker('Private plea ');
  // The victim's stock is a figure nobody else has (territory names are public: highscores, the map).
  const stock = (amount: number) => JSON.stringify(Object.fromEntries(catalogue.orderedResourceKeys.map((k) => [k, amount])));
  const free = (defs: Record<string, { prerequisites?: { structures: object; technologies: object } }>) =>
    Object.keys(defs).find((k) => Object.keys(defs[k]!.prerequisites?.structures ?? {}).length + Object.keys(defs[k]!.prerequisites?.technologies ?? {}).length === 0) ?? Object.keys(defs)[0]!;
  const keys = { structure_key: free(catalogue.structures), tech_key: free(catalogue.technologies), unit_key: free(catalogue.units), defense_key: free(catalogue.defenses) };
  const unitKey = keys.unit_key;
  const seed = 'update territories set resources = $1::jsonb, units = $2::jsonb, resources_updated_at = now() where id = $3';
  await sql.query(seed, [stock(987_654_300), JSON.stringify({ [unitKey]: 20 }), victim.territoryId]);
  await sql.query(seed, [stock(1_000_000), JSON.stringify({ [unitKey]: 20 }), attacker.territoryId]);
  await sql.query(seed, [stock(1_000_000), JSON.stringify({ [unitKey]: 20 }), applicant.territoryId]);

  // Queue items of every kind, inserted as the game keeps them (their prerequisites are not the point here).
  const items: Partial<Record<ObjectKind, string>> = {};
  const kinds = [
    ['buildItem', 'building', Object.keys(catalogue.structures)[0]!],
    ['researchItem', 'research', Object.keys(catalogue.technologies)[0]!],
    ['recruitItem', 'recruitment', unitKey],
    ['defenseItem', 'defense', Object.keys(catalogue.defenses)[0]!],
  ] as const;
  for (const [kind, dbKind, key] of kinds) {
    const id = randomUUID();
    const batch = dbKind === 'recruitment' || dbKind === 'defense';
    await sql.query(
      `insert into queue_items (id, kind, user_id, territory_id, item_key, target_level, quantity, duration_per_item_s, start_time, end_time)
       values ($1, $2, $3, $4, $5, $6, $7, $8, now(), now() + interval '1 day')`,
      [id, dbKind, victim.user.id, dbKind === 'research' ? null : victim.territoryId, key, batch ? null : 1, batch ? 5 : null, batch ? 3600 : null],
    );
    items[kind] = id;
  }
  const notification = randomUUID();
  await sql.query(`insert into notifications (id, user_id, message_type, title) values ($1, $2, 'SYSTEM_ERROR_NOTIFICATION', $3)`, [notification, victim.user.id, notificationTitle]);

  const [target] = (await sql.query<{ region: number; sub_region: number; position: number }>('select region, sub_region, position from territories where id = $1', [member.territoryId])).rows;
  const sent = await post(api, victim, 'POST', '/api/v1/movements', { start_territory_id: victim.territoryId, target_region: target!.region, target_sub_region: target!.sub_region, target_position: target!.position, mission: 'TRANSPORT', units: { [unitKey]: 5 } }, 201);

  const alliance = await post(api, victim, 'POST', '/api/v1/alliances', { name: marker('Cabal '), tag: randomBytes(2).toString('hex').toUpperCase(), description: 'inner circle' }, 201);
  await post(api, attacker, 'POST', '/api/v1/alliances', { name: marker('Rival '), tag: randomBytes(2).toString('hex').toUpperCase(), description: '' }, 201);
  const joined = await post(api, member, 'POST', `/api/v1/alliances/${alliance.id}/applications`, { message: 'let me in' }, 201);
  await post(api, victim, 'PUT', `/api/v1/alliances/applications/${joined.id}`, { status: 'accepted' }, 200);
  const pending = await post(api, applicant, 'POST', `/api/v1/alliances/${alliance.id}/applications`, { message: applicationMessage }, 201);

  // An invitation to the victim: the applicant attacks the attacker's territory and invites the victim along.
  const [prey] = (await sql.query<{ region: number; sub_region: number; position: number }>('select region, sub_region, position from territories where id = $1', [attacker.territoryId])).rows;
  const attack = await post(api, applicant, 'POST', '/api/v1/movements', { start_territory_id: applicant.territoryId, target_region: prey!.region, target_sub_region: prey!.sub_region, target_position: prey!.position, mission: 'ATTACK', units: { [unitKey]: 5 } }, 201);
  await post(api, applicant, 'POST', `/api/v1/movements/${attack.id}/invite`, { invited_user_username: victim.user.username }, 200);
  const [invitation] = (await sql.query<{ id: number }>('select id from attack_invitations where invited_user_id = $1', [victim.user.id])).rows;
  // A battle the victim fought (stored as the war code stores one; only its participants may replay it).
  const hash = marker('authz-catalogue-');
  await sql.query(`insert into battle_catalogues (hash, catalogue) values ($1, '{}')`, [hash]);
  const [battle] = (await sql.query<{ id: string }>(
    `insert into battles (fought_at, region, sub_region, position, participant_user_ids, seed, engine_version, catalogue_hash, input, report)
     select now(), region, sub_region, position, array[$2::integer], 'authz', 1, $3, '{}', '{}' from territories where id = $1 returning id`,
    [victim.territoryId, victim.user.id, hash],
  )).rows;

  // A private message to the victim and a buddy request waiting for the victim's answer (issue 28).
  const messageSubject = marker('Whisper ');
  const message = await post(api, member, 'POST', '/api/v1/messages', { recipient_username: victim.user.username, subject: messageSubject, body: 'between us' }, 201);
  const buddy = await post(api, applicant, 'POST', '/api/v1/buddies', { username: victim.user.username }, 201);

  const allianceId = alliance.id as number;
  return {
    victim,
    attacker,
    objects: {
      territory: victim.territoryId,
      buildItem: items.buildItem!,
      researchItem: items.researchItem!,
      recruitItem: items.recruitItem!,
      defenseItem: items.defenseItem!,
      movement: sent.id as string,
      notification,
      alliance: allianceId,
      application: pending.id as number,
      member: member.user.id,
      invitation: invitation!.id,
      battle: Number(battle!.id),
      message: message.id as number,
      buddy: buddy.id as number,
    },
    markers: ['9876543', notificationTitle, applicationMessage, messageSubject],
    keys,
    async digest() {
      const { rows } = await sql.query<{ digest: string }>(
        `select md5(coalesce(string_agg(row, '|' order by row), '')) as digest from (
           select row_to_json(t)::text as row from territories t where owner_id = $1
           union all select row_to_json(q)::text from queue_items q where user_id = $1
           union all select row_to_json(m)::text from movements m where user_id = $1
           union all select row_to_json(n)::text from notifications n where user_id = $1
           union all select row_to_json(a)::text from alliances a where id = $2
           union all select row_to_json(am)::text from alliance_members am where alliance_id = $2
           union all select row_to_json(ap)::text from alliance_applications ap where alliance_id = $2
           union all select row_to_json(u)::text from (select id, username, email, avatar_id from users where id = $1) u
           union all select row_to_json(i)::text from attack_invitations i where invited_user_id = $1
           union all select row_to_json(b)::text from battles b where $1 = any(participant_user_ids)
           union all select row_to_json(msg)::text from messages msg where recipient_id = $1 or sender_id = $1
           union all select row_to_json(mr)::text from message_reports mr where reporter_id = $1 or reported_id = $1
           union all select row_to_json(bd)::text from buddies bd where requester_id = $1 or addressee_id = $1
         ) rows`,
        [victim.user.id, allianceId],
      );
      return rows[0]!.digest;
    },
  };
}
