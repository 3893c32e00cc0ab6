/**
 * The i18n namespaces the player shell renders on every page besides `common`: its category
 * menus launch games (`games`), its update prompt is `content`'s. i18next loads them with
 * `common` at start-up and the boot script preloads them, so no page's first render suspends on
 * them one after another (issue 30: on /promotions the shell's two catalogues and the page's came
 * in four round trips after the entry had run). Plain data: the build reads it too.
 */
export const SHELL_NAMESPACES: readonly string[] = ['games', 'content'];
