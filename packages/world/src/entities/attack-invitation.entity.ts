import { defineEntity, p } from '@mikro-orm/postgresql';

export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation to join a multi-party attack (migration 0070); `attackGroupId` is the initiator's movement id. */
export const AttackInvitationSchema = defineEntity({
  name: 'AttackInvitation',
  tableName: 'attack_invitations',
  properties: {
    id: p.integer().primary().autoincrement(),
    attackGroupId: p.uuid(),
    inviterId: p.integer(),
    invitedUserId: p.integer(),
    status: p.enum(INVITATION_STATUSES).columnType('varchar(8)').default('PENDING'),
    /** The joining fleet, once accepted. */
    movementId: p.uuid().nullable(),
    createdAt: p.datetime(),
    respondedAt: p.datetime().nullable(),
  },
});
export class AttackInvitation extends AttackInvitationSchema.class {}
AttackInvitationSchema.setClass(AttackInvitation);
