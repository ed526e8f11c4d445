/** Icons of the course player (decorative; the text beside them carries the meaning). */
import { Icon, type IconProps } from '../../../components/icons';

export const FlagIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 21V4M4 4h12l-2 4 2 4H4" />
  </Icon>
);

export const ClockIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);
