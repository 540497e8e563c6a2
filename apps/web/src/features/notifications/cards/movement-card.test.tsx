import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { NotificationCard } from '../notification-card';
import type { MessageType, NotificationItem } from '../notification-types';
import { answerGameData, makeNotification } from '../test-notifications';

function show(type: MessageType, content: NotificationItem['content']) {
  renderWithProviders(<NotificationCard notification={makeNotification({ message_type: type, content })} />, answerGameData);
}

/** The text of the card's fact with this label ('To:', 'Mission:'). */
const fact = (label: string) => screen.getByText(`${label}:`, { exact: false }).closest('div')?.textContent ?? '';

describe('movement card', () => {
  it('names the mission by its label, not its wire value', () => {
    show('FLEET_RETURNED_TO_ORIGIN', { origin_coords: [1, 2, 3], origin_territory_name: 'Home', destination_coords: [4, 5, 6], destination_territory_name: 'Far', original_mission: 'EXPLORATION' });
    expect(fact('Mission')).toContain('Explore');
    expect(fact('Mission')).not.toContain('EXPLORATION');
  });

  it('shows a place without a territory by its coordinates once', () => {
    show('COLONIZATION_SUCCESSFUL', { origin_coords: [1, 2, 3], origin_territory_name: 'Home', destination_coords: [481, 481, 20], destination_territory_name: '481:481:20', original_mission: 'COLONIZE' });
    expect(fact('To')).not.toContain('481:481:20 481:481:20');
    expect(fact('To').match(/481:481:20/g)).toHaveLength(1);
    expect(fact('From')).toContain('Home');
  });
});
