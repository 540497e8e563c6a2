import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { ModalsProvider } from '@mantine/modals';
import { renderWithProviders } from '../../test/render';
import { QueueItemRow, type QueueItemRowProps } from './queue-item-row';

const start = Date.UTC(2030, 0, 1, 12);

function row(overrides: Partial<QueueItemRowProps> = {}) {
  const props: QueueItemRowProps = {
    id: 'item-1',
    name: 'Fiber Tangle',
    detail: 'Lvl 3',
    start: new Date(start),
    end: new Date(start + 10_000),
    cancelling: false,
    error: null,
    onCancel: () => undefined,
    ...overrides,
  };
  return renderWithProviders(
    <ModalsProvider>
      <QueueItemRow {...props} />
    </ModalsProvider>,
  );
}

const percent = () => Number(screen.getByTestId('queue-progress').dataset.percent);

describe('QueueItemRow', { timeout: 20_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it("reads 'Starts in' before its start, then moves its bar every 250 ms, then reads Finished", () => {
    vi.useFakeTimers({ now: start - 3_000, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    row();
    expect(screen.getByTestId('starts-in').textContent).toBe('Starts in 3s');

    act(() => vi.advanceTimersByTime(3_000 + 2_500));
    expect(percent()).toBe(25);
    expect(screen.getByTestId('time-left').textContent).toBe('8s');
    act(() => vi.advanceTimersByTime(250));
    expect(percent()).toBe(27.5);
    const bar = screen.getByRole('progressbar', { name: 'Fiber Tangle progress' });
    expect(bar).toBe(screen.getByTestId('queue-progress'));
    expect(['aria-valuemin', 'aria-valuenow', 'aria-valuemax'].map((a) => bar.getAttribute(a))).toEqual(['0', '28', '100']);

    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Finished')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Fiber Tangle' })).toBeNull();
  });

  it('counts delivered units of a batch as time passes', () => {
    vi.useFakeTimers({ now: start + 4_500, toFake: ['Date', 'setInterval', 'clearInterval'] });
    row({ detail: '× 5', end: new Date(start + 10_000), delivered: { done: 2, total: 5, perItemS: 2 } });
    expect(screen.getByText(/2\/5 done/)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_750));
    expect(screen.getByText(/3\/5 done/)).toBeTruthy();
  });

  it('asks with the spec sentence before cancelling', async () => {
    vi.useFakeTimers({ now: start + 1_000, toFake: ['Date'] });
    const onCancel = vi.fn();
    row({ onCancel });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Fiber Tangle' }));
    expect(await screen.findByText('Do you really want to cancel "Fiber Tangle"? Only 30% of paid resources will be refunded.')).toBeTruthy();
    expect(onCancel).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it("keeps the spec sentence and adds the level and the refund in resources (the server's rule: 30%, rounded down)", async () => {
    vi.useFakeTimers({ now: start + 1_000, toFake: ['Date'] });
    const names: Record<string, string> = { fiber: 'Fiber', crystal: 'Crystal' };
    row({ paid: { fiber: 301, crystal: 150 }, refundShare: 0.3, resourceName: (key) => names[key] ?? key });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Fiber Tangle' }));
    expect(await screen.findByText('Do you really want to cancel "Fiber Tangle"? Only 30% of paid resources will be refunded.')).toBeTruthy();
    expect(screen.getByTestId('cancel-refund').textContent).toBe('Lvl 3 · refund: 90 Fiber, 45 Crystal.');
  });

  it('refunds only the part of a batch not yet delivered', async () => {
    vi.useFakeTimers({ now: start + 4_500, toFake: ['Date'] });
    // 10 drones, one a second: 4 delivered, 6 of 10 paid for come back at 30%.
    row({ name: 'Drone', detail: '× 10', paid: { fiber: 1000 }, refundShare: 0.3, delivered: { done: 0, total: 10, perItemS: 1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Drone' }));
    expect((await screen.findByTestId('cancel-refund')).textContent).toBe('× 10 · refund: 180 fiber.');
  });

  it("reads 'Invalid time' for an unreadable time", () => {
    row({ start: 'soon', end: 'later' });
    expect(screen.getByText('Invalid time')).toBeTruthy();
  });
});
