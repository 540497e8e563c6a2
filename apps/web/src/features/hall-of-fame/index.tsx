import { IconSwords } from '@tabler/icons-react';
import { ComingSoon } from '../../components/shell/coming-soon';

/** The Hall of Fame (social §2.9) arrives in milestone 2. */
export const HallOfFameTab = () => (
  <ComingSoon title="Hall of Fame" icon={IconSwords}>
    The greatest battles of the galaxy will be recorded here, with the commanders who fought them.
  </ComingSoon>
);
