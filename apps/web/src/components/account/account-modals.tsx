import { create } from 'zustand';
import { useAuthStore } from '../../stores/auth-store';
import { AvatarModal } from './avatar-modal';
import { ClaimAccountModal } from './claim-account-modal';
import { DeleteAccountModal } from './delete-account-modal';

interface AccountModalsState {
  avatarOpen: boolean;
  claimOpen: boolean;
  deleteOpen: boolean;
  openAvatar: () => void;
  openClaim: () => void;
  openDelete: () => void;
  close: () => void;
}

/** Which account modal is open: the user menu, the guest countdown and the guest strip all open them. */
export const useAccountModals = create<AccountModalsState>()((set) => ({
  avatarOpen: false,
  claimOpen: false,
  deleteOpen: false,
  openAvatar: () => set({ avatarOpen: true, claimOpen: false, deleteOpen: false }),
  openClaim: () => set({ claimOpen: true, avatarOpen: false, deleteOpen: false }),
  openDelete: () => set({ deleteOpen: true, avatarOpen: false, claimOpen: false }),
  close: () => set({ avatarOpen: false, claimOpen: false, deleteOpen: false }),
}));

/** The avatar, claim and delete modals, mounted once by the header. */
export function AccountModals() {
  const { avatarOpen, claimOpen, deleteOpen, close } = useAccountModals();
  const isGuest = useAuthStore((s) => s.currentUser?.is_test_account === true);
  return (
    <>
      <AvatarModal opened={avatarOpen} onClose={close} />
      {isGuest && <ClaimAccountModal opened={claimOpen} onClose={close} />}
      {!isGuest && <DeleteAccountModal opened={deleteOpen} onClose={close} />}
    </>
  );
}
