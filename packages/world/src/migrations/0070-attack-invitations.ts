import { Migration } from '@mikro-orm/migrations';

/**
 * Invitations to a multi-party attack (GAME-RULES "Multi-party attack"). An invitation belongs to an
 * attack group (the initiator's movement id, movements.attack_group_id) and goes to one player; it is
 * answered once (ACCEPTED with the joining fleet's movement, or DECLINED), or EXPIRED when the group
 * breaks up. It goes with the initiator's movement row. At most one pending invitation per player and
 * group; the pending ones take seats of the group's `max_participants`.
 */
export class Migration0070AttackInvitations extends Migration {
  override name = '0070-attack-invitations';

  override up(): void {
    this.addSql(`
      create table attack_invitations (
        id serial primary key,
        attack_group_id uuid not null references movements (id) on delete cascade,
        inviter_id integer not null references users (id) on delete cascade,
        invited_user_id integer not null references users (id) on delete cascade,
        status varchar(8) not null default 'PENDING' check (status in ('PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED')),
        movement_id uuid references movements (id) on delete set null,
        created_at timestamptz not null,
        responded_at timestamptz
      );
      create unique index attack_invitations_one_pending on attack_invitations (attack_group_id, invited_user_id) where status = 'PENDING';
      create index attack_invitations_invited on attack_invitations (invited_user_id);
    `);
  }
}
