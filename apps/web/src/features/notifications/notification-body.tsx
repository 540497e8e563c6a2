import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { Fact, InvalidContent, LinkedText, Coordinates } from './card-parts';
import { isRecord, messageOf, text } from './content-shape';
import { COMPLETION_MESSAGE_TYPES, SALVAGE_MESSAGE_TYPES } from '@brood/contracts';
import { kindOf } from './notification-registry';
import { isOneOf, type NotificationItem } from './notification-types';
import { CombatReportBody } from './cards/combat-report-card';
import { CompletionBody } from './cards/completion-card';
import { ExplorationBody, SalvageBody } from './cards/exploration-card';
import { InvitationBody } from './cards/invitation-card';
import { MovementBody } from './cards/movement-card';
import { NO_FAILURE_DETAILS } from './cards/report-rules';
import { SpyAlertBody, SpyReportBody } from './cards/spy-report-card';
import { TechnicalDetails } from './cards/technical-details';
import { formatDate } from '../../lib/format';

export const CONTENT_MISSING = 'Notification content is missing.';
export const CONTENT_EMPTY = 'Notification content is empty.';

const isFailureType = (type: string) => kindOf(type).card === 'failure';

/** Reports with their own validation texts (the registry's card); every other type first passes the common null and empty checks. */
function reportBody(n: NotificationItem, onMarkRead?: () => void): ReactNode {
  const type = n.message_type;
  switch (kindOf(type).card) {
    case 'combat': return <CombatReportBody content={n.content} viewerId={n.user_id} isRead={n.is_read} />;
    case 'spy-report': return <SpyReportBody content={n.content} />;
    case 'exploration': return <ExplorationBody content={n.content} />;
    case 'salvage': return isOneOf(SALVAGE_MESSAGE_TYPES, type) ? <SalvageBody type={type} content={n.content} /> : null;
    case 'invitation': return <InvitationBody content={n.content} isRead={n.is_read} {...(onMarkRead ? { onMarkRead } : {})} />;
    default: return null;
  }
}

function ObjectBody({ n }: { n: NotificationItem }) {
  const type = n.message_type;
  const content = n.content;
  if (!isRecord(content)) return null;
  const { card } = kindOf(type);
  if (card === 'completion' && isOneOf(COMPLETION_MESSAGE_TYPES, type)) return <CompletionBody type={type} content={content} />;
  if (card === 'movement') return <MovementBody type={type} content={content} />;
  if (card === 'spy-alert') return <SpyAlertBody content={content} />;
  const message = messageOf(content);
  if (card === 'failure') return <Text component="div" size="sm" c="red.4"><LinkedText>{message ?? NO_FAILURE_DETAILS}</LinkedText></Text>;
  if (card === 'alert') {
    const target = content.target_coords ?? content.destination_coords;
    const when = content.current_arrival_time ?? content.arrival_time;
    return (
      <Stack gap={2}>
        {message && <Text component="div" size="sm"><LinkedText>{message}</LinkedText></Text>}
        {text(content.attacker_username) && <Fact label="Attacker">{text(content.attacker_username)}</Fact>}
        {target !== undefined && <Fact label="Target">{text(content.target_territory_name) ? `${text(content.target_territory_name)} ` : ''}<Coordinates value={target} /></Fact>}
        {when !== undefined && <Fact label="Arrival">{formatDate(when as string)}</Fact>}
        {!message && target === undefined && <TechnicalDetails content={content} />}
      </Stack>
    );
  }
  if (message) return <Text component="div" size="sm"><LinkedText>{message}</LinkedText></Text>;
  return <TechnicalDetails content={content} />;
}

/** The body of a card, chosen by message type, with the spec's texts for content that cannot be shown. */
export function NotificationBody({ n, onMarkRead }: { n: NotificationItem; onMarkRead?: () => void }) {
  const report = reportBody(n, onMarkRead);
  if (report) return report;
  const content = n.content;
  if (content === null || content === undefined) return <InvalidContent>{CONTENT_MISSING}</InvalidContent>;
  if (isRecord(content) && Object.keys(content).length === 0) return <InvalidContent>{CONTENT_EMPTY}</InvalidContent>;
  if (typeof content === 'string') {
    if (isFailureType(n.message_type) && !content.trim()) return <Text component="div" size="sm">{NO_FAILURE_DETAILS}</Text>;
    return <Text component="div" size="sm"><LinkedText>{content}</LinkedText></Text>;
  }
  return <ObjectBody n={n} />;
}
