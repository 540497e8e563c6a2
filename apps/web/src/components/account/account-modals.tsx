import { create } from 'zustand';
import { useAuthStore } from '../../stores/auth-store';
import { AvatarModal } from './avatar-modal';
import { ClaimAccountModal } from './claim-account-modal';

interface AccountModalsState {
  avatarOpen: boolean;
  claimOpen: boolean;
  openAvatar: () => void;
  openClaim: () => void;
  close: () => void;
}

/** Which account modal is open: the user menu, the guest countdown and the guest strip all open them. */
export const useAccountModals = create<AccountModalsState>()((set) => ({
  avatarOpen: false,
  claimOpen: false,
  openAvatar: () => set({ avatarOpen: true, claimOpen: false }),
  openClaim: () => set({ claimOpen: true, avatarOpen: false }),
  close: () => set({ avatarOpen: false, claimOpen: false }),
}));

/** The avatar and claim modals, mounted once by the header. */
export function AccountModals() {
  const { avatarOpen, claimOpen, close } = useAccountModals();
  const isGuest = useAuthStore((s) => s.currentUser?.is_test_account === true);
  return (
    <>
      <AvatarModal opened={avatarOpen} onClose={close} />
      {isGuest && <ClaimAccountModal opened={claimOpen} onClose={close} />}
    </>
  );
}
