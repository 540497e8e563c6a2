import type { Icon } from '@tabler/icons-react';
import { kindOf } from './notification-registry';

/** One icon per kind of event, from the notification registry. */
export const iconFor = (type: string): Icon => kindOf(type).icon;
