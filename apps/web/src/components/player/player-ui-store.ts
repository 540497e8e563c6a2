import { create } from 'zustand';

interface MessagesUiState {
  /** The player whose profile card is open. */
  playerId: number | null;
  /** The compose form is open, to this name ('' for a blank 'To'). */
  composeTo: string | null;
  openPlayer: (id: number) => void;
  openCompose: (to: string) => void;
  closePlayer: () => void;
  closeCompose: () => void;
}

/** The profile card and the compose form, opened from any player's name and mounted once by the header. */
export const usePlayerUi = create<MessagesUiState>()((set) => ({
  playerId: null,
  composeTo: null,
  openPlayer: (id) => set({ playerId: id }),
  openCompose: (to) => set({ composeTo: to, playerId: null }),
  closePlayer: () => set({ playerId: null }),
  closeCompose: () => set({ composeTo: null }),
}));
