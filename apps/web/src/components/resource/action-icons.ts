import {
  IconBan,
  IconCar,
  IconCircleCheck,
  IconClockX,
  IconMapPin,
  IconPlayerPlay,
  IconRefresh,
} from '@tabler/icons-react';
import type { ActionIconName } from '../../app/resource';

/** Each record action's icon, by the name its resource gives (loaded with the details page). */
export const actionIcons: Record<ActionIconName, typeof IconBan> = {
  renew: IconRefresh,
  cancel: IconBan,
  replan: IconRefresh,
  onTheWay: IconCar,
  arrived: IconMapPin,
  start: IconPlayerPlay,
  done: IconCircleCheck,
  missed: IconClockX,
};
