import { Migration } from '@mikro-orm/migrations';

export class Migration0050Alliances extends Migration {
  override name = '0050-alliances';

  override up(): void {
    this.addSql(`
      create table alliances (
        id serial primary key,
        name varchar(50) not null,
        tag varchar(5) not null,
        description varchar(500) not null default '',
        created_at timestamptz not null default now()
      );
      create unique index alliances_name_unique on alliances (lower(name));
      create unique index alliances_tag_unique on alliances (tag);

      -- One alliance per player (user_id is the key); exactly one LEADER per alliance.
      create table alliance_members (
        user_id integer primary key references users (id) on delete cascade,
        alliance_id integer not null references alliances (id) on delete cascade,
        rank varchar(8) not null check (rank in ('LEADER', 'OFFICER', 'MEMBER')),
        joined_at timestamptz not null default now()
      );
      create index alliance_members_alliance on alliance_members (alliance_id, joined_at);
      create unique index alliance_members_one_leader on alliance_members (alliance_id) where rank = 'LEADER';

      create table alliance_applications (
        id serial primary key,
        user_id integer not null references users (id) on delete cascade,
        alliance_id integer not null references alliances (id) on delete cascade,
        message varchar(250) null,
        status varchar(8) not null default 'PENDING' check (status in ('PENDING', 'ACCEPTED', 'REJECTED')),
        created_at timestamptz not null default now(),
        decided_at timestamptz null
      );
      -- At most one pending application per player and alliance; the pending list reads the same index.
      create unique index alliance_applications_one_pending on alliance_applications (alliance_id, user_id) where status = 'PENDING';
      create index alliance_applications_user on alliance_applications (user_id);

      -- A removed account (an expired guest) must not leave its alliance without a leader: the
      -- longest-serving officer (else member) takes over, and an alliance left empty is dissolved.
      create function alliance_successor_on_user_delete() returns trigger language plpgsql as $$
      declare
        led integer;
        heir integer;
      begin
        select alliance_id into led from alliance_members where user_id = old.id and rank = 'LEADER';
        if led is null then
          return old;
        end if;
        select user_id into heir from alliance_members
          where alliance_id = led and user_id <> old.id
          order by (rank = 'OFFICER') desc, joined_at, user_id limit 1;
        if heir is null then
          delete from alliances where id = led;
        else
          update alliance_members set rank = 'MEMBER' where user_id = old.id;
          update alliance_members set rank = 'LEADER' where user_id = heir;
        end if;
        return old;
      end;
      $$;
      create trigger users_alliance_successor before delete on users
        for each row execute function alliance_successor_on_user_delete();
    `);
  }
}
