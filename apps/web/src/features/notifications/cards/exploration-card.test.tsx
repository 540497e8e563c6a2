import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { NotificationCard } from '../notification-card';
import type { NotificationItem } from '../notification-types';
import { answerGameData, makeNotification } from '../test-notifications';
import type { MessageType } from '../notification-types';
import { EXPLORATION_INVALID, EXPLORATION_MISSING, NO_FAILURE_DETAILS, SALVAGE_INVALID, SALVAGE_MISSING, explorationColour, salvageColour } from './report-rules';

function show(type: MessageType, content: NotificationItem['content']) {
  renderWithProviders(<NotificationCard notification={makeNotification({ message_type: type, content })} />, answerGameData);
}

describe('exploration card', () => {
  it.each([null, {}, 'lost in the void'])('content %j is missing or invalid', (content) => {
    show('EXPLORATION_SUCCESSFUL', content);
    expect(screen.getByText(EXPLORATION_MISSING)).toBeTruthy();
  });

  it('content without an event type has an invalid structure', () => {
    show('EXPLORATION_FAILED', { message: 'hm' });
    expect(screen.getByText(EXPLORATION_INVALID)).toBeTruthy();
  });

  it('colours: red for combat, green for gains, orange when only units were lost, grey for nothing, blue otherwise', () => {
    expect(explorationColour({ event_type: 'COMBAT', found_resources: { fiber: 5 } })).toBe('red');
    expect(explorationColour({ event_type: 'RESOURCE_FIND_SMALL' })).toBe('green');
    expect(explorationColour({ event_type: 'ANOMALY', added_units: { drone: 2 } })).toBe('green');
    expect(explorationColour({ event_type: 'ANOMALY', lost_units: { drone: 2 } })).toBe('orange');
    expect(explorationColour({ event_type: 'NOTHING_FOUND' })).toBe('gray');
    expect(explorationColour({ event_type: 'NOTHING' })).toBe('gray');
    expect(explorationColour({ event_type: 'ANOMALY' })).toBe('blue');
  });

  it('shows the message with map links (once the grid has loaded), the place and what was found', async () => {
    show('EXPLORATION_SUCCESSFUL', { event_type: 'RESOURCE_FIND', message: 'A crystal vein near 9:9:9', location_coords: [9, 9, 9], location_name: 'Deep', found_resources: { fiber: 300 } });
    await waitFor(() => expect(screen.getAllByRole('button', { name: '9:9:9' })).toHaveLength(2));
    expect(screen.getByText('Fiber 300')).toBeTruthy();
  });
});

describe('salvage card', () => {
  it.each([null, {}, 'no luck'])('content %j is missing or invalid', (content) => {
    show('SALVAGE_SUCCESSFUL', content);
    expect(screen.getByText(SALVAGE_MISSING)).toBeTruthy();
  });

  it('a success without field, coordinates or amounts has an invalid structure', () => {
    show('SALVAGE_SUCCESSFUL', { fleet: 1 });
    expect(screen.getByText(SALVAGE_INVALID)).toBeTruthy();
  });

  it('a failure carrying only its reason shows the reason, or the default text', async () => {
    show('SALVAGE_FAILED_NO_WRECKAGE', { details: 'Nothing left at 1:2:3' });
    expect(await screen.findByRole('button', { name: '1:2:3' })).toBeTruthy();
    show('SALVAGE_FAILED_NO_CARGO', { code: 7 });
    expect(screen.getByText(NO_FAILURE_DETAILS)).toBeTruthy();
  });

  it('colours: green when something was salvaged, blue when emptied with nothing, orange otherwise', () => {
    expect(salvageColour({ salvaged_resources: { fiber: 1 } })).toBe('green');
    expect(salvageColour({ salvaged_resources: {}, wreckage_field_emptied: true })).toBe('blue');
    expect(salvageColour({ salvaged_resources: { fiber: 0 } })).toBe('orange');
  });

  it('shows what was salvaged and what is left', async () => {
    show('SALVAGE_SUCCESSFUL', { wreckage_field_id: 3, coordinates: [5, 5, 5], salvaged_resources: { fiber: 40.9 }, resources_remaining_in_wreckage: { biomass: 10 }, wreckage_field_emptied: false, fleet_cargo_capacity_remaining: 60 });
    expect(await screen.findByText('Fiber 40')).toBeTruthy();
    expect(screen.getByText('Biomass 10')).toBeTruthy();
    expect(screen.getByText('60')).toBeTruthy();
  });

  it('tells a fight from the explorer’s side, with the hostile fleet and the wreckage left there', async () => {
    show('EXPLORATION_FAILED', {
      event_type: 'COMBAT', message: 'A feral swarm attacked the fleet.', location_coords: [9, 9, 9], lost_units: { drone: 4 },
      combat_report: { outcome: 'VICTORY_DEFENDER', combat_start_time_utc: '2030-01-01T00:00:00Z', hostile_units: { brute: 7 } },
      wreckage_info: { resources: { fiber: 60 }, location_coords: [9, 9, 9] },
    });
    expect(await screen.findByText(/^Defeat - Defender Wins/)).toBeTruthy();
    expect(await screen.findByText('Chitin Brute 7')).toBeTruthy();
    expect(await screen.findByText('Fiber 60')).toBeTruthy();
  });
});
