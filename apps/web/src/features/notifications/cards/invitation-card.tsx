import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../../lib/format';
import { errorDetail } from '../../../lib/api-errors';
import { showError, showSuccess } from '../../../lib/toast';
import { useUiStore } from '../../../stores/ui-store';
import { useTRPC } from '../../../trpc';
import { useCardEnvironment } from '../card-context';
import { Fact, LinkedText, MapLink } from '../card-parts';
import { InvitationContentSchema } from '@brood/contracts';
import { coordsOf, isFilledRecord, num, text, type Coords } from '../content-shape';

export const INVALID_INVITATION_TITLE = 'Invalid Invitation Data';
export const INVALID_INVITATION_TEXT = 'Could not display invitation details. Payload is missing or malformed.';
export const RESPONDED_TEXT = 'This invitation has been responded to or has expired.';

export interface Invitation {
  invitationId: number;
  target: Coords;
  targetName: string | null;
  initiator: string;
  arrival: unknown;
  message: string | null;
}

/** The invitation payload, or null when accepting would be impossible (it needs invitation_id and target_coords). */
export function readInvitation(content: unknown): Invitation | null {
  if (!isFilledRecord(content) || !InvitationContentSchema.safeParse(content).success) return null;
  const invitationId = num(content.invitation_id);
  const target = coordsOf(content.target_coords);
  if (invitationId === null || !target) return null;
  return {
    invitationId,
    target,
    targetName: text(content.target_territory_name),
    initiator: text(content.initiator_username) ?? 'Unknown',
    arrival: content.current_arrival_time ?? null,
    message: text(content.message),
  };
}

/** A multi-party attack invitation: Accept stores a pending join for the army panel; Decline is sent at once. */
export function InvitationBody({ content, isRead, onMarkRead }: { content: unknown; isRead: boolean; onMarkRead?: () => void }) {
  const invitation = readInvitation(content);
  const { onNavigate } = useCardEnvironment();
  const setPendingJoin = useUiStore((s) => s.setPendingMultiPartyJoin);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // POST /movements/invitations/{id}/decline; a refusal toasts 'Failed to decline invitation: {detail}' (social 8).
  const declining = useMutation(
    trpc.movements.declineInvitation.mutationOptions({
      meta: { errorToast: false },
      onError: (error) => showError(`Failed to decline invitation: ${errorDetail(error)}`),
      onSettled: () => void queryClient.invalidateQueries(trpc.notifications.pathFilter()),
    }),
  );

  if (!invitation) {
    return (
      <Stack gap={0}>
        <Text component="div" size="sm" fw={600} c="red.4">
          {INVALID_INVITATION_TITLE}
        </Text>
        <Text component="div" size="sm" c="dimmed">
          {INVALID_INVITATION_TEXT}
        </Text>
      </Stack>
    );
  }

  const accept = () => {
    setPendingJoin({
      invitationId: invitation.invitationId,
      targetR: invitation.target[0],
      targetS: invitation.target[1],
      targetP: invitation.target[2],
      mainFleetArrivalTime: typeof invitation.arrival === 'string' ? invitation.arrival : null,
      mainFleetInitiatorUsername: invitation.initiator,
    });
    onMarkRead?.();
    onNavigate?.();
  };

  const decline = () =>
    declining.mutate(
      { invitation_id: invitation.invitationId },
      {
        onSuccess: () => {
          showSuccess(`Invitation (ID: ${invitation.invitationId}) declined.`);
          // A result clears a pending join of this invitation (social 4.2).
          if (useUiStore.getState().pendingMultiPartyJoin?.invitationId === invitation.invitationId) useUiStore.getState().clearPendingMultiPartyJoin();
          onMarkRead?.();
        },
      },
    );

  return (
    <Stack gap={4}>
      <Text component="div" size="sm">
        <b>{invitation.initiator}</b> invites you to attack {invitation.targetName ? `${invitation.targetName} ` : ''}
        <MapLink coords={invitation.target} />
      </Text>
      {invitation.arrival !== null && <Fact label="Arrival">{formatDate(invitation.arrival as string)}</Fact>}
      {invitation.message && (
        <Text component="div" size="sm" c="dimmed" fs="italic">
          <LinkedText>{invitation.message}</LinkedText>
        </Text>
      )}
      {isRead ? (
        <Text component="div" size="xs" c="dimmed">
          {RESPONDED_TEXT}
        </Text>
      ) : (
        <Group gap="xs">
          <Button size="xs" color="acid" onClick={(e) => (e.stopPropagation(), accept())}>
            Accept
          </Button>
          <Button size="xs" variant="default" loading={declining.isPending} onClick={(e) => (e.stopPropagation(), decline())}>
            Decline
          </Button>
        </Group>
      )}
    </Stack>
  );
}
