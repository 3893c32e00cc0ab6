/** Every colour and shadow the UI uses. Each theme module must define all of them. */
export interface ThemeTokens {
  /** Page background. */
  bg: string;
  /** Header, side menu and footer. */
  chrome: string;
  /** Cards, panels, dialogs. */
  surface: string;
  /** Inputs, hovered rows, nested panels. */
  surfaceAlt: string;
  border: string;
  text: string;
  textMuted: string;
  /** Brand colour: primary buttons, active navigation. */
  accent: string;
  /** Lighter stop of the brand gold: gradients behind the Deposit coin and the logo mark. */
  accentBright: string;
  /** Second brand colour (emerald, the felt of the table): highlights beside the gold. */
  brand2: string;
  /** Money won or credited, money lost or debited: readable as text on every surface. */
  win: string;
  loss: string;
  /** Text on top of `accent`. */
  onAccent: string;
  accentSoft: string;
  link: string;
  danger: string;
  success: string;
  warning: string;
  focus: string;
  overlay: string;
  shadow: string;
  /** Banner/hero gradient stops. */
  heroFrom: string;
  heroTo: string;
}

export type ThemeName = 'dark' | 'light';
