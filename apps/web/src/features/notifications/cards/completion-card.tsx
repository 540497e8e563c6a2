import { Group, Stack, Text } from '@mantine/core';
import { Coordinates, Fact, LinkedText } from '../card-parts';
import { text, type Row } from '../content-shape';
import { TechnicalDetails } from './technical-details';

const QUANTITY_TYPES = new Set(['UNIT_RECRUITMENT_COMPLETED', 'DEFENSE_CONSTRUCTION_COMPLETED']);

/** True when the content has at least the item that was completed. */
export function isCompletionContent(content: Row): boolean {
  return text(content.item_name) !== null;
}

/** Building, research, unit and defense completions: item, level or quantity, where, details. */
export function CompletionBody({ type, content }: { type: string; content: Row }) {
  if (!isCompletionContent(content)) return <TechnicalDetails content={content} />;
  const amount = text(content.level_or_quantity);
  const isQuantity = QUANTITY_TYPES.has(type);
  const location = text(content.location_name);
  const details = text(content.details);
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Text component="div" size="sm" fw={600}>
          {text(content.item_name)}
        </Text>
        {amount !== null && (
          <Text component="div" size="sm" c="acid.4" data-testid="level-or-quantity">
            {isQuantity ? `× ${amount}` : `Level ${amount}`}
          </Text>
        )}
      </Group>
      {(location !== null || content.location_coords !== undefined) && (
        <Fact label="Location">
          {location !== null && `${location} `}
          <Coordinates value={content.location_coords} />
        </Fact>
      )}
      {details && (
        <Text component="div" size="sm" c="dimmed">
          <LinkedText>{details}</LinkedText>
        </Text>
      )}
    </Stack>
  );
}
