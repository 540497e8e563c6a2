import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { HIGHLIGHT_DURATION_MS, useUiStore } from '../../stores/ui-store';
import { useHighlight } from './use-highlight';

beforeEach(() => useUiStore.getState().resetUi());
afterEach(() => vi.useRealTimers());

describe('useHighlight', () => {
  it("counts the highlight's two seconds from when the card is drawn, not from the click", () => {
    vi.useFakeTimers();
    useUiStore.getState().highlightItem('BUILDING', 'builder_hive');
    // A busy device takes a while to draw the category that holds the card.
    vi.advanceTimersByTime(HIGHLIGHT_DURATION_MS - 100);
    const { result } = renderHook(() => useHighlight('BUILDING', 'builder_hive'));
    expect(result.current.highlighted).toBe(true);
    vi.advanceTimersByTime(HIGHLIGHT_DURATION_MS - 1);
    expect(useUiStore.getState().highlightedItem).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(useUiStore.getState().highlightedItem).toBeNull();
  });
});
