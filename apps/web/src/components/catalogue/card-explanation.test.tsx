import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { loadCatalogue } from '@brood/game-data';
import { renderWithProviders } from '../../test/render';
import { CardExplanation, queueFullInfo, type CardEconomy } from './card-explanation';
import { gainText } from './level-gains';

const catalogue = loadCatalogue();
const names = catalogue.resources;
const economy = (o: Partial<CardEconomy> = {}): CardEconomy => ({ catalogue, stock: {}, rates: {}, storage: { ossian: 100_000, fiber: 100_000 }, ...o });
const text = () => screen.getByTestId('card-explanation').textContent;

afterEach(() => vi.useRealTimers());

describe('CardExplanation', () => {
  it('says what a cost lacks and when, at today\'s production, it will be affordable, counting down live', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // 1,240 ossian missing at 1,000 an hour: 1h 14m 24s.
    renderWithProviders(<CardExplanation reason="resources" cost={{ ossian: 1_500 }} economy={economy({ stock: { ossian: 260 }, rates: { ossian: 1_000 } })} names={names} />);
    expect(text()).toContain('Needs 1,240 more ossian');
    expect(screen.getByTestId('affordable-in').textContent).toBe('Affordable in 1h 14m 24s at today\'s production');
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByTestId('affordable-in').textContent).toBe('Affordable in 1h 14m 22s at today\'s production');
  });

  it('names every missing resource, and says when one is not produced at all', () => {
    renderWithProviders(<CardExplanation reason="resources" cost={{ fiber: 500, ossian: 100 }} economy={economy({ stock: { fiber: 200 }, rates: { fiber: 60 } })} names={names} />);
    expect(text()).toContain('Needs 300 more fiber and 100 more ossian');
    expect(screen.getByTestId('affordable-in').textContent).toBe('Not affordable at today\'s production: a missing resource is not produced here.');
  });

  it('a cost over the territory\'s storage says so and which storage structure to grow, not a bare refusal', () => {
    renderWithProviders(<CardExplanation reason="resources" cost={{ ossian: 12_000 }} economy={economy({ stock: { ossian: 5_000 }, rates: { ossian: 100 }, storage: { ossian: 10_000 } })} names={names} />);
    const grow = catalogue.structures[Object.keys(catalogue.structures).find((k) => catalogue.structures[k]!.effects.some((e) => e.effect === 'storage.ossian'))!]!.name;
    expect(screen.getByTestId('card-explanation').dataset.kind).toBe('storage');
    expect(text()).toContain(`Costs 12,000 ossian, more than this territory's storage holds (10,000): grow ${grow}.`);
    expect(screen.queryByTestId('affordable-in')).toBeNull();
  });

  it('a full queue says which queue and when a slot frees', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const now = Date.now();
    const queue = queueFullInfo('Build queue', [{ end_time: new Date(now + 725_000) }, { end_time: new Date(now + 900_000) }], 2)!;
    renderWithProviders(<CardExplanation reason="queue-full" cost={{ fiber: 1 }} economy={economy()} names={names} queue={queue} />);
    expect(text()).toBe('Build queue is full (2 of 2): a slot frees in 12m 5s.');
    expect(queueFullInfo('Build queue', [{ end_time: new Date(now) }], 2)).toBeNull();
  });

  it('says nothing under a card that can start, or whose prerequisites already say why', () => {
    renderWithProviders(
      <>
        <CardExplanation reason={null} cost={{ fiber: 1 }} economy={economy()} names={names} />
        <CardExplanation reason="prerequisites" cost={{ fiber: 1 }} economy={economy()} names={names} />
      </>,
    );
    expect(screen.queryByTestId('card-explanation')).toBeNull();
  });
});

describe('gainText', () => {
  it('says a level\'s production per hour and other effects in the catalogue\'s words', () => {
    expect(gainText({ kind: 'production', resource: 'fiber', perHour: 123.456 }, catalogue.effects, names)).toBe('+123 fiber/h');
    expect(gainText({ kind: 'effect', effect: 'storage.fiber', gain: 5_000 }, catalogue.effects, names)).toBe('Fiber storage +5,000');
    expect(gainText({ kind: 'effect', effect: 'construction_speed', gain: 5 }, catalogue.effects, names)).toBe('Construction speed +5%');
  });
});
