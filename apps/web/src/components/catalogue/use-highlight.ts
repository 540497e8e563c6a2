import { useEffect, useRef } from 'react';
import { useUiStore, type MainTab } from '../../stores/ui-store';

/**
 * True while this card is the highlighted item (two seconds after a prerequisite jump, counted from
 * when the card is drawn highlighted); scrolls it into view.
 */
export function useHighlight<E extends HTMLElement>(tab: MainTab, itemKey: string) {
  const highlighted = useUiStore((s) => s.highlightedItem?.tab === tab && s.highlightedItem.key === itemKey);
  const holdHighlight = useUiStore((s) => s.holdHighlight);
  const ref = useRef<E>(null);
  useEffect(() => {
    if (!highlighted) return;
    ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    holdHighlight();
  }, [highlighted, holdHighlight]);
  return { ref, highlighted };
}

/** The key highlighted on a tab, so a panel can switch to the category that shows it. */
export function useHighlightedKey(tab: MainTab): string | null {
  return useUiStore((s) => (s.highlightedItem?.tab === tab ? s.highlightedItem.key : null));
}
