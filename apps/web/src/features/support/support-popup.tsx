import { SupportChat } from './support-chat.tsx';

/** The chat as a popup: opened from the side menu, the account menu and the help centre. */
export default function SupportPopup() {
  return <SupportChat />;
}
