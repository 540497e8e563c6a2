import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { MISSIONS } from '@brood/game-core';
import {
  acceptInvitation, activeMovements, cancelStationing, declineInvitation, DISPATCH, gatherStation, INVITATION_NOT_FOUND, inviteToAttack, MOVEMENT_NOT_FOUND,
  recallMovement, sendFleet, USERNAME_REQUIRED,
} from '@brood/world';
import { protectedProcedure } from '../trpc';
import { amountsMapError, amountValue, sendMovementSchema } from '@brood/contracts';
import { territoryIdField, worldDeps } from './shared';
import { catalogueMap } from './deployment-input';

/** A map of unit or resource keys to whole amounts, whose keys are own keys of the request's catalogue. */
const amounts = (map: 'units' | 'resources', what: string) => catalogueMap(map, amountValue(what), amountsMapError(what));

/** The one dispatch input (contracts), over the mission table's values, with the catalogue's keys checked. */
export const SendMovementSchema = sendMovementSchema(MISSIONS).extend({
  units: amounts('units', 'Unit').optional(),
  resources: amounts('resources', 'Resource').nullish(),
});
export type SendMovement = z.input<typeof SendMovementSchema>;

export const GatherStationSchema = z.object({
  target_territory_id: territoryIdField,
  source_operations: z.array(z.object({ source_territory_id: territoryIdField, units: amounts('units', 'Unit') }), { error: DISPATCH.gatherEmpty }).max(100, 'At most 100 fleets can be gathered at once'),
});
export type GatherStation = z.input<typeof GatherStationSchema>;

export const MovementIdSchema = z.object({ movement_id: z.uuid(MOVEMENT_NOT_FOUND) });
export type MovementId = z.input<typeof MovementIdSchema>;

export const InviteSchema = z.object({
  movement_id: z.uuid(MOVEMENT_NOT_FOUND),
  invited_user_username: z.string({ error: USERNAME_REQUIRED }).max(100, 'That username is too long: usernames have at most 20 characters.'),
});
export type Invite = z.input<typeof InviteSchema>;

const invitationIdField = z.number({ error: INVITATION_NOT_FOUND }).int(INVITATION_NOT_FOUND).positive(INVITATION_NOT_FOUND).max(2_147_483_647, INVITATION_NOT_FOUND);

export const InvitationIdSchema = z.object({ invitation_id: invitationIdField });
export type InvitationId = z.input<typeof InvitationIdSchema>;

/** Core spec "Mission dispatch" (join): invitationId, joining_fleet_territory_id and units; the id is also in the path. */
export const AcceptInvitationSchema = z
  .object({
    invitation_id: invitationIdField,
    invitationId: invitationIdField.optional(),
    joining_fleet_territory_id: territoryIdField,
    units: amounts('units', 'Unit'),
  })
  .refine((v) => v.invitationId === undefined || v.invitationId === v.invitation_id, { message: 'The invitationId in the body is not the invitation of the path.' });
export type AcceptInvitation = z.input<typeof AcceptInvitationSchema>;

export const movementsRouter = {
  /** GET /movements/active: own fleets and every fleet heading for one of the player's territories. */
  active: protectedProcedure.query(({ ctx }) => activeMovements(worldDeps(ctx), ctx.user)),
  /** POST /movements: sends a fleet; units, cargo and fuel leave the start territory at once. */
  send: protectedProcedure
    .input(SendMovementSchema)
    .mutation(({ ctx, input }) => sendFleet(worldDeps(ctx), ctx.user, { ...input, units: input.units ?? {} }, ctx.now())),
  /** POST /movements/{id}/recall: the owner turns a fleet around (the host of an allied stationing cancels it). */
  recall: protectedProcedure.input(MovementIdSchema).mutation(({ ctx, input }) => recallMovement(worldDeps(ctx), ctx.user, input, ctx.now())),
  /** POST /movements/gather-station: one STATION per source territory; failures are listed per source. */
  gatherStation: protectedProcedure.input(GatherStationSchema).mutation(({ ctx, input }) => gatherStation(worldDeps(ctx), ctx.user, input, ctx.now())),
  /** POST /movements/{id}/cancel-stationing: the host sends an allied fleet home. */
  cancelStationing: protectedProcedure.input(MovementIdSchema).mutation(({ ctx, input }) => cancelStationing(worldDeps(ctx), ctx.user, input, ctx.now())),
  /** POST /movements/{id}/invite: the owner of an attack on its way invites a player to join it. */
  invite: protectedProcedure.input(InviteSchema).mutation(({ ctx, input }) => inviteToAttack(worldDeps(ctx), ctx.user, input, ctx.now())),
  /** POST /movements/invitations/{id}/accept: the invited player's fleet joins the group and arrives with it. */
  acceptInvitation: protectedProcedure
    .input(AcceptInvitationSchema)
    .mutation(({ ctx, input }) => acceptInvitation(worldDeps(ctx), ctx.user, input, ctx.now())),
  /** POST /movements/invitations/{id}/decline. */
  declineInvitation: protectedProcedure.input(InvitationIdSchema).mutation(({ ctx, input }) => declineInvitation(worldDeps(ctx), ctx.user, input, ctx.now())),
} satisfies TRPCRouterRecord;
