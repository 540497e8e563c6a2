import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { formatDate } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toast';
import { useAuthStore } from '../../../stores/auth-store';
import { useUiStore } from '../../../stores/ui-store';
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

/** POST /api/v1/movements/invitations/{id}/decline; the server's detail on failure. */
async function declineInvitation(id: number, token: string | null): Promise<void> {
  const res = await fetch(`/api/v1/movements/invitations/${id}/decline`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
    throw new Error(typeof body?.detail === 'string' ? body.detail : `Request failed with status ${res.status}`);
  }
}

/** A multi-party attack invitation: Accept stores a pending join for the army panel; Decline is sent at once. */
export function InvitationBody({ content, isRead, onMarkRead }: { content: unknown; isRead: boolean; onMarkRead?: () => void }) {
  const invitation = readInvitation(content);
  const { onNavigate } = useCardEnvironment();
  const setPendingJoin = useUiStore((s) => s.setPendingMultiPartyJoin);
  const token = useAuthStore((s) => s.token);
  const [declining, setDeclining] = useState(false);

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

  const decline = async () => {
    setDeclining(true);
    try {
      await declineInvitation(invitation.invitationId, token);
      showSuccess(`Invitation (ID: ${invitation.invitationId}) declined.`);
      onMarkRead?.();
    } catch (error) {
      showError(`Failed to decline invitation: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setDeclining(false);
    }
  };

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
          <Button size="xs" variant="default" loading={declining} onClick={(e) => (e.stopPropagation(), void decline())}>
            Decline
          </Button>
        </Group>
      )}
    </Stack>
  );
}
